import type { Dispatch } from 'react';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import type { FieldErrors } from '../../../lib/api';
import { formatEuros } from '../../../lib/format';
import { useCategorySimpleDishes, type Category } from '../api';
import type { ComplexAction, GroupDraft } from '../complex-editor';
import { pickText } from '../../../lib/translated-text';
import { TranslatedFields } from './translated-fields';
import { TITLE_MAX } from '../../../../shared/limits';

interface ComplexGroupsEditorProps {
  groups: GroupDraft[];
  dispatch: Dispatch<ComplexAction>;
  categories: Category[];
  errors: FieldErrors;
  /** Clears errors whose key starts with the prefix (editing a group clears its messages). */
  clearErrors(prefix: string): void;
  newKey(): string;
}

/** Groups of a complex dish: add, remove, move up/down; each with category, title, optional flag and options. */
export function ComplexGroupsEditor({ groups, dispatch, categories, errors, clearErrors, newKey }: ComplexGroupsEditorProps) {
  const { t } = useTranslation('catalogue');
  return (
    <section className="complex-editor" aria-labelledby="complex-groups-title">
      <div className="complex-editor__head">
        <h3 id="complex-groups-title" className="complex-editor__title">
          {t('complex.groups')}
        </h3>
        <Button
          size="sm"
          onClick={() => {
            dispatch({ type: 'add', key: newKey() });
            clearErrors('complex');
          }}
        >
          + {t('complex.addGroup')}
        </Button>
      </div>
      {errors.complex?.[0] && <p className="field__error">{errors.complex[0]}</p>}
      {groups.length === 0 && <p className="muted">{t('complex.noGroups')}</p>}
      <ol className="complex-editor__list">
        {groups.map((group, index) => (
          <li key={group.key}>
            <GroupEditor
              group={group}
              index={index}
              count={groups.length}
              dispatch={dispatch}
              categories={categories}
              errors={errors}
              clearErrors={clearErrors}
            />
          </li>
        ))}
      </ol>
    </section>
  );
}

interface GroupEditorProps {
  group: GroupDraft;
  index: number;
  count: number;
  dispatch: Dispatch<ComplexAction>;
  categories: Category[];
  errors: FieldErrors;
  clearErrors(prefix: string): void;
}

function GroupEditor({ group, index, count, dispatch, categories, errors, clearErrors }: GroupEditorProps) {
  const { t, i18n } = useTranslation('catalogue');
  const lang = i18n.language;
  const legendId = useId();
  const prefix = `complex.${index}`;
  const number = index + 1;
  const options = useCategorySimpleDishes(group.category_id);
  const err = (key: string) => errors[`${prefix}.${key}`]?.[0];
  const edited = () => clearErrors(prefix);
  // Messages about single options (e.g. "complex.0.dishes.2.id: not a dish of this category").
  const optionErrors = Object.entries(errors)
    .filter(([k]) => k.startsWith(`${prefix}.dishes.`) && !k.endsWith('.price'))
    .flatMap(([, list]) => list);

  const available = options.data?.data ?? [];
  // Options chosen earlier that the category no longer lists (moved or deleted dishes) stay visible.
  const missing = group.dishes.filter((d) => !available.some((a) => a.id === d.id));

  return (
    <fieldset className="group-card" aria-labelledby={legendId}>
      <div className="group-card__head">
        <h4 id={legendId} className="group-card__title">
          {t('complex.group', { number })}
          {pickText(group.title, lang) && <span className="muted"> · {pickText(group.title, lang)}</span>}
        </h4>
        <div className="row-actions">
          <Button
            size="sm"
            variant="ghost"
            disabled={index === 0}
            aria-label={t('complex.moveUp', { number })}
            onClick={() => dispatch({ type: 'move', key: group.key, offset: -1 })}
          >
            ↑
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={index === count - 1}
            aria-label={t('complex.moveDown', { number })}
            onClick={() => dispatch({ type: 'move', key: group.key, offset: 1 })}
          >
            ↓
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="btn--danger-text"
            aria-label={t('complex.removeGroup', { number })}
            onClick={() => {
              dispatch({ type: 'remove', key: group.key });
              clearErrors('complex');
            }}
          >
            {t('actions.remove')}
          </Button>
        </div>
      </div>

      <Field label={t('fields.category')} required error={err('category_id')}>
        {(wiring) => (
          <select
            className="input"
            value={group.category_id ?? ''}
            required
            onChange={(e) => {
              dispatch({ type: 'category', key: group.key, categoryId: e.target.value ? Number(e.target.value) : null });
              edited();
            }}
            {...wiring}
          >
            <option value="">{t('complex.chooseCategory')}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {pickText(c.title, lang)}
              </option>
            ))}
          </select>
        )}
      </Field>

      <TranslatedFields
        legend={t('complex.groupTitle')}
        value={group.title}
        maxLength={TITLE_MAX}
        onChange={(l, value) => {
          dispatch({ type: 'title', key: group.key, lang: l, value });
          edited();
        }}
        errors={{ lv: err('title.lv'), en: err('title.en'), ru: err('title.ru') }}
      />

      <div className="field field--check">
        <input
          id={`${legendId}-optional`}
          type="checkbox"
          className="checkbox"
          checked={group.optional}
          onChange={(e) => dispatch({ type: 'optional', key: group.key, value: e.target.checked })}
        />
        <label htmlFor={`${legendId}-optional`}>{t('complex.optional')}</label>
      </div>

      <fieldset className="options">
        <legend className="field__label">{t('complex.options')}</legend>
        {group.dishes.length > 0 && <p className="field__hint">{t('complex.priceOverrideHint')}</p>}
        {err('dishes') && <p className="field__error">{err('dishes')}</p>}
        {optionErrors.map((text) => (
          <p key={text} className="field__error">
            {text}
          </p>
        ))}
        {group.category_id === null ? (
          <p className="muted">{t('complex.chooseCategoryFirst')}</p>
        ) : options.isPending ? (
          <Spinner />
        ) : available.length === 0 && missing.length === 0 ? (
          <p className="muted">{t('complex.noOptions')}</p>
        ) : (
          <ul className="options__list">
            {[
              ...available.map((d) => ({ id: d.id, title: pickText(d.title, lang), price: d.price, active: d.status })),
              ...missing.map((d) => ({ id: d.id, title: `#${d.id}`, price: null, active: false })),
            ].map((dish) => {
              const chosenAt = group.dishes.findIndex((d) => d.id === dish.id);
              const chosen = chosenAt >= 0 ? group.dishes[chosenAt] : undefined;
              const checkId = `${legendId}-dish-${dish.id}`;
              const priceError = chosenAt >= 0 ? err(`dishes.${chosenAt}.price`) : undefined;
              return (
                <li key={dish.id} className="option-row">
                  <div className="option-row__check">
                    <input
                      id={checkId}
                      type="checkbox"
                      className="checkbox"
                      checked={Boolean(chosen)}
                      onChange={() => {
                        dispatch({ type: 'toggleDish', key: group.key, dishId: dish.id });
                        edited();
                      }}
                    />
                    <label htmlFor={checkId}>
                      {dish.title}
                      {dish.price !== null && <span className="muted"> · {formatEuros(dish.price, lang)}</span>}
                      {!dish.active && <span className="badge badge--off">{t('common.inactive')}</span>}
                    </label>
                  </div>
                  {chosen && (
                    <div className="option-row__price">
                      <label className="visually-hidden" htmlFor={`${checkId}-price`}>
                        {t('complex.priceOverride', { name: dish.title })}
                      </label>
                      <input
                        id={`${checkId}-price`}
                        className="input input--price"
                        type="number"
                        min={0}
                        step={0.1}
                        inputMode="decimal"
                        placeholder={dish.price !== null ? String(dish.price) : t('complex.ownPrice')}
                        value={chosen.price}
                        aria-invalid={priceError ? true : undefined}
                        onChange={(e) => {
                          dispatch({ type: 'dishPrice', key: group.key, dishId: dish.id, value: e.target.value });
                          edited();
                        }}
                      />
                      {priceError && <p className="field__error">{priceError}</p>}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>
    </fieldset>
  );
}
