import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button';
import type { FieldErrors } from '../../../lib/api';
import { formatEuros } from '../../../lib/format';
import { useDishRatings, type Dish, type RatingSummary } from '../api';
import { groupByCategory } from '../balance';
import {
  menuPriceFrom,
  optionPrice,
  resetOverrides,
  setComplexEditable,
  setDishPrice,
  setOptionPrice,
  toggleDish,
  type SelectedDraft,
} from '../menu-form';
import { pickText } from '../../../lib/translated-text';
import { DishRating } from './dish-rating';

interface SelectedDishesProps {
  selected: SelectedDraft[];
  onChange(next: SelectedDraft[]): void;
  dishesById: ReadonlyMap<number, Dish>;
  /** Category titles known from the menu (a dish may be shown under another category on a menu). */
  categoryTitles: ReadonlyMap<number, string>;
  locked: ReadonlySet<number>;
  errors: FieldErrors;
  clearError(key: string): void;
}

/** The dishes on the menu, by category: price on this menu, and option prices of complexes. */
export function SelectedDishes({ selected, onChange, dishesById, categoryTitles, locked, errors, clearError }: SelectedDishesProps) {
  const { t, i18n } = useTranslation('menus');
  const lang = i18n.language;
  const headingId = useId();
  const indexed = selected.map((s, index) => ({ ...s, index }));
  const ratings = useDishRatings(selected.map((s) => s.id));

  return (
    <section className="card selector" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        {t('selected.title', { n: selected.length })}
      </h2>
      {errors.selectedDishes?.map((text) => (
        <p key={text} className="field__error" role="alert">
          {text}
        </p>
      ))}
      {selected.length === 0 && <p className="muted">{t('selected.empty')}</p>}
      {groupByCategory(indexed).map((group) => {
        const first = dishesById.get(group.items[0].id);
        return (
          <div key={group.categoryId} className="selected-group">
            <h3 className="complex-editor__title">
              {categoryTitles.get(group.categoryId) ??
                (first?.category_id === group.categoryId
                  ? pickText(first.category?.title, lang)
                  : t('selected.category', { id: group.categoryId }))}
            </h3>
            <ul className="selected-list">
              {group.items.map((s) => (
                <SelectedRow
                  key={s.id}
                  draft={s}
                  index={s.index}
                  dish={dishesById.get(s.id)}
                  rating={ratings.get(s.id)}
                  locked={locked.has(s.id)}
                  errors={errors}
                  clearError={clearError}
                  selected={selected}
                  onChange={onChange}
                />
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}

interface SelectedRowProps {
  draft: SelectedDraft;
  index: number;
  dish: Dish | undefined;
  rating: RatingSummary | undefined;
  locked: boolean;
  errors: FieldErrors;
  clearError(key: string): void;
  selected: SelectedDraft[];
  onChange(next: SelectedDraft[]): void;
}

function SelectedRow({ draft, index, dish, rating, locked, errors, clearError, selected, onChange }: SelectedRowProps) {
  const { t, i18n } = useTranslation('menus');
  const lang = i18n.language;
  const id = useId();
  const name = dish ? pickText(dish.title, lang) : `#${draft.id}`;
  const complex = dish ? dish.type !== 'simple' : false;
  const priceKey = `selectedDishes.${index}.price`;
  const rowErrors = Object.entries(errors)
    .filter(([k]) => k.startsWith(`selectedDishes.${index}.`) && k !== priceKey && !/\.complex\.\d+\.price$/.test(k))
    .flatMap(([, list]) => list);
  const ownPrice = dish ? dish.price : null;

  return (
    <li className="pick-row is-selected">
      <div className="pick-row__main">
        <span className="pick-row__label">
          {name}
          {complex && <span className="badge badge--info">{t('selector.complex')}</span>}
          {dish && !dish.status && <span className="badge badge--off">{t('selected.inactive')}</span>}
          <DishRating rating={rating} />
        </span>
        <div className="pick-row__controls">
          <label htmlFor={`${id}-price`}>{complex ? t('selected.basePrice') : t('selected.price')}</label>
          <input
            id={`${id}-price`}
            className="input input--price"
            type="number"
            min={0}
            step={0.1}
            inputMode="decimal"
            placeholder={dish ? String(dish.price) : ''}
            value={draft.price}
            aria-invalid={errors[priceKey] ? true : undefined}
            aria-describedby={errors[priceKey] ? `${id}-price-hint ${id}-price-error` : `${id}-price-hint`}
            onChange={(e) => {
              onChange(setDishPrice(selected, draft.id, e.target.value));
              clearError(priceKey);
            }}
          />
          <Button
            size="sm"
            variant="ghost"
            className="btn--danger-text"
            disabled={locked}
            aria-label={t('selected.removeNamed', { name })}
            onClick={() => onChange(toggleDish(selected, draft))}
          >
            {t('selected.remove')}
          </Button>
        </div>
      </div>
      <p id={`${id}-price-hint`} className="field__hint">
        {ownPrice !== null ? t('selected.priceHint', { price: formatEuros(ownPrice, lang) }) : t('selected.priceHintUnknown')}
        {complex && dish && (
          <>
            {' '}
            <span className="set-meal-price">
              {t('selected.shownFrom', { price: t('selector.priceFrom', { price: formatEuros(menuPriceFrom(draft, dish), lang) }) })}
            </span>
          </>
        )}
      </p>
      {errors[priceKey] && (
        <p id={`${id}-price-error`} className="field__error">
          {errors[priceKey][0]}
        </p>
      )}
      {locked && <p className="locked-note muted">{t('selected.hasOrders')}</p>}
      {rowErrors.map((text) => (
        <p key={text} className="field__error">
          {text}
        </p>
      ))}
      {complex && dish && (
        <div className="complex-prices">
          <div className="pick-row__main">
            <label className="switch" htmlFor={`${id}-editable`}>
              <input
                id={`${id}-editable`}
                type="checkbox"
                role="switch"
                className="checkbox"
                checked={draft.editable}
                onChange={(e) => onChange(setComplexEditable(selected, draft.id, e.target.checked))}
              />
              {t('selected.editable')}
            </label>
            {draft.editable && (
              <Button
                size="sm"
                variant="ghost"
                disabled={draft.complex.length === 0}
                onClick={() => onChange(resetOverrides(selected, draft.id))}
              >
                {t('selected.reset')}
              </Button>
            )}
          </div>
          {draft.editable &&
            dish.complex.map((group) => (
              <fieldset key={group.id} className="complex-prices__group">
                <legend>{pickText(group.title, lang) || t('selected.group', { number: group.position + 1 })}</legend>
                {group.dishes.map((option) => {
                  const optionId = `${id}-g${group.id}-o${option.id}`;
                  const at = draft.complex.findIndex((c) => c.id === option.id);
                  const err = at >= 0 ? errors[`selectedDishes.${index}.complex.${at}.price`]?.[0] : undefined;
                  const inComplex = option.price ?? option.base_price;
                  return (
                    <div key={option.id} className="complex-prices__row">
                      <label htmlFor={optionId}>
                        {pickText(option.title, lang)} <span className="muted">· {formatEuros(inComplex, lang)}</span>
                      </label>
                      <input
                        id={optionId}
                        className="input input--price"
                        type="number"
                        min={0}
                        step={0.1}
                        inputMode="decimal"
                        placeholder={String(inComplex)}
                        value={optionPrice(draft, option.id)}
                        aria-invalid={err ? true : undefined}
                        aria-describedby={err ? `${optionId}-error` : undefined}
                        onChange={(e) => {
                          onChange(setOptionPrice(selected, draft.id, { id: option.id, category_id: group.category_id }, e.target.value));
                          if (at >= 0) clearError(`selectedDishes.${index}.complex.${at}.price`);
                        }}
                      />
                      {err && (
                        <p id={`${optionId}-error`} className="field__error">
                          {err}
                        </p>
                      )}
                    </div>
                  );
                })}
              </fieldset>
            ))}
        </div>
      )}
    </li>
  );
}
