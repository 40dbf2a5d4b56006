import { useId, useReducer, useRef, useState } from 'react';
import { DIET_TAGS, type DietTag } from '../../../../shared/dietary';
import { useTranslation } from 'react-i18next';
import type { CreateDishInput, DishType } from '../../../../shared/schemas/catalogue';
import { EditorModal, useEditorSave } from '../../../components/manage/editor-modal';
import { CheckboxField, Field, TextField } from '../../../components/ui/field';
import type { FieldErrors } from '../../../lib/api';
import { catalogueApi, useAllCategories, useAllergens, type Dish } from '../api';
import { complexInputOf, complexProblems, complexReducer, groupsFromDish, newGroup, type ComplexProblem } from '../complex-editor';
import { eurosFromInput, eurosToInput } from '../../../lib/price';
import { pickText, textDraftOf, textInputOf, type TextDraft, type TextLang } from '../../../lib/translated-text';
import { ComplexGroupsEditor } from './complex-groups-editor';
import { DishImageField } from './dish-image-field';
import { TranslatedFields } from './translated-fields';
import { CODE_MAX, INGREDIENTS_MAX, KCAL_MAX, SUMMARY_MAX, TITLE_MAX } from '../../../../shared/limits';

interface DishEditorProps {
  /** null: a new dish of `kind`. */
  dish: Dish | null;
  kind: 'simple' | 'complex';
  onClose(): void;
  onSaved(dish: Dish): void;
  /** After the picture was uploaded or removed in the editor (it takes effect at once). */
  onImageChanged?(dish: Dish): void;
}

/** Keys this form shows under its controls; anything else goes to the summary at the top. */
const SHOWN =
  /^(title(\.|$)|summary(\.|$)|ingredients(\.|$)|kcal$|code$|category_id$|price$|type$|status$|position$|allergens(\.|$)|complex(\.|$))/;

/**
 * Create or edit a dish. Simple dishes: texts, code, category, price, allergens. Complex dishes
 * (type complex or initial): the same texts plus groups of options (spec 3, complex dish).
 */
export function DishEditor({ dish, kind, onClose, onSaved, onImageChanged }: DishEditorProps) {
  const { t, i18n } = useTranslation('catalogue');
  const lang = i18n.language;
  const baseId = useId();
  const complex = kind === 'complex';
  const categories = useAllCategories();
  const allergenList = useAllergens();
  const keySeq = useRef(0);
  const newKey = () => `g${++keySeq.current}`;

  const [title, setTitle] = useState<TextDraft>(textDraftOf(dish?.title));
  const [summary, setSummary] = useState<TextDraft>(textDraftOf(dish?.summary));
  const [code, setCode] = useState(dish?.code ?? '');
  const [categoryId, setCategoryId] = useState(dish ? String(dish.category_id) : '');
  const [price, setPrice] = useState(dish ? eurosToInput(dish.price) : complex ? '0' : '');
  const [type, setType] = useState<DishType>(dish?.type ?? (complex ? 'complex' : 'simple'));
  const [allergens, setAllergens] = useState<number[]>(dish?.allergens ?? []);
  const [diets, setDiets] = useState<DietTag[]>(dish?.diets ?? []);
  const [kcal, setKcal] = useState(dish?.kcal != null ? String(dish.kcal) : '');
  const [ingredients, setIngredients] = useState<TextDraft>(textDraftOf(dish?.ingredients));
  const [status, setStatus] = useState(dish?.status ?? true);
  const [position, setPosition] = useState(dish ? String(dish.position) : '');
  const [groups, dispatch] = useReducer(complexReducer, undefined, () => {
    let n = 0;
    const initial = dish && complex ? groupsFromDish(dish, () => `s${++n}`) : [];
    return complex && initial.length === 0 ? [newGroup('s0')] : initial;
  });
  const save = useEditorSave(
    (input: CreateDishInput) => (dish ? catalogueApi.updateDish(dish.id, input) : catalogueApi.createDish(input)),
    onSaved,
  );
  const { fieldErrors } = save;
  const { errors } = fieldErrors;

  const clearPrefix = (prefix: string) =>
    fieldErrors.setErrors((prev) => {
      const next: FieldErrors = {};
      for (const [k, v] of Object.entries(prev)) if (k !== prefix && !k.startsWith(`${prefix}.`)) next[k] = v;
      return next;
    });

  const problemText: Record<ComplexProblem, string> = {
    category: t('complex.problems.category'),
    dishes: t('complex.problems.dishes'),
    price: t('errors.price'),
  };

  const submit = () => {
    const local: FieldErrors = {};
    const euros = eurosFromInput(price);
    if (euros === undefined) local.price = [t('errors.price')];
    if (!categoryId) local.category_id = [t('errors.required')];
    if (complex) {
      if (groups.length === 0) local.complex = [t('complex.problems.noGroups')];
      for (const [key, problem] of Object.entries(complexProblems(groups))) local[key] = [problemText[problem]];
    }
    if (Object.keys(local).length > 0) {
      save.showLocalErrors(local);
      return;
    }
    const input: CreateDishInput = {
      title: textInputOf(title),
      summary: textInputOf(summary),
      code: code.trim(),
      category_id: Number(categoryId),
      price: euros ?? 0,
      status,
      type,
    };
    if (complex) input.complex = complexInputOf(groups);
    else {
      input.allergens = allergens;
      input.diets = diets;
      // An unreadable number is sent as -1, which the server refuses on its field (in its words).
      input.kcal = kcal.trim() === '' ? null : Number.isInteger(Number(kcal)) ? Number(kcal) : -1;
      input.ingredients = textInputOf(ingredients);
    }
    if (dish && position.trim() !== '') input.position = Number(position);
    save.submit(input);
  };

  const textSetter = (setter: typeof setTitle, field: string) => (l: TextLang, value: string) => {
    setter((prev) => ({ ...prev, [l]: value }));
    fieldErrors.clear(`${field}.${l}`);
    fieldErrors.clear(field);
  };
  const first = fieldErrors.first;
  const categoryRows = categories.data?.data ?? [];

  const heading = dish
    ? complex
      ? t('dishes.editComplexTitle', { name: pickText(dish.title, lang) })
      : t('dishes.editTitle', { name: pickText(dish.title, lang) })
    : complex
      ? t('dishes.newComplexTitle')
      : t('dishes.newTitle');

  return (
    <EditorModal size="lg" title={heading} save={save} shownFields={SHOWN} onSubmit={submit} onClose={onClose}>
      {!save.error && Object.keys(errors).length > 0 && (
        <p className="field__error" role="alert">
          {t('errors.checkFields')}
        </p>
      )}
      <TranslatedFields
        legend={t('fields.title')}
        value={title}
        onChange={textSetter(setTitle, 'title')}
        required
        maxLength={TITLE_MAX}
        groupError={first('title')}
        errors={{ lv: first('title.lv'), en: first('title.en'), ru: first('title.ru') }}
      />
      <TranslatedFields
        legend={t('fields.summary')}
        value={summary}
        onChange={textSetter(setSummary, 'summary')}
        multiline
        maxLength={SUMMARY_MAX}
        groupError={first('summary')}
        errors={{ lv: first('summary.lv'), en: first('summary.en'), ru: first('summary.ru') }}
      />
      <div className="form-grid">
        <Field label={t('fields.category')} required error={first('category_id')}>
          {(wiring) => (
            <select
              className="input"
              value={categoryId}
              required
              onChange={(e) => {
                setCategoryId(e.target.value);
                fieldErrors.clear('category_id');
              }}
              {...wiring}
            >
              <option value="">{categories.isPending ? t('common.loading') : t('dishes.chooseCategory')}</option>
              {categoryRows.map((c) => (
                <option key={c.id} value={c.id}>
                  {pickText(c.title, lang)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField
          label={t('fields.code')}
          value={code}
          maxLength={CODE_MAX}
          error={first('code')}
          onChange={(e) => {
            setCode(e.target.value);
            fieldErrors.clear('code');
          }}
        />
        <TextField
          label={complex ? t('fields.basePrice') : t('fields.price')}
          hint={complex ? t('dishes.basePriceHint') : undefined}
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          required={!complex}
          value={price}
          error={first('price')}
          onChange={(e) => {
            setPrice(e.target.value);
            fieldErrors.clear('price');
          }}
        />
        {complex && (
          <Field label={t('fields.type')} error={first('type')}>
            {(wiring) => (
              <select className="input" value={type} onChange={(e) => setType(e.target.value as DishType)} {...wiring}>
                <option value="complex">{t('types.complex')}</option>
                <option value="initial">{t('types.initial')}</option>
              </select>
            )}
          </Field>
        )}
        {dish && (
          <TextField
            label={t('fields.position')}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            value={position}
            error={first('position')}
            onChange={(e) => {
              setPosition(e.target.value);
              fieldErrors.clear('position');
            }}
          />
        )}
      </div>
      {!complex && (
        <fieldset className="allergen-picker">
          <legend className="field__label">{t('fields.allergens')}</legend>
          {first('allergens') && <p className="field__error">{first('allergens')}</p>}
          {allergenList.isPending ? (
            <p className="muted">{t('common.loading')}</p>
          ) : (
            <ul className="allergen-picker__list">
              {(allergenList.data ?? []).map((a) => {
                const id = `${baseId}-allergen-${a.id}`;
                return (
                  <li key={a.id}>
                    <input
                      id={id}
                      type="checkbox"
                      className="checkbox"
                      checked={allergens.includes(a.id)}
                      onChange={(e) => {
                        setAllergens((prev) => (e.target.checked ? [...prev, a.id] : prev.filter((x) => x !== a.id)));
                        clearPrefix('allergens');
                      }}
                    />
                    <label htmlFor={id}>{a.title}</label>
                  </li>
                );
              })}
            </ul>
          )}
        </fieldset>
      )}
      {!complex && (
        <fieldset className="allergen-picker">
          <legend className="field__label">{t('fields.diets')}</legend>
          <ul className="allergen-picker__list">
            {DIET_TAGS.map((d) => {
              const id = `${baseId}-diet-${d}`;
              return (
                <li key={d}>
                  <input
                    id={id}
                    type="checkbox"
                    className="checkbox"
                    checked={diets.includes(d)}
                    onChange={(e) => setDiets((prev) => (e.target.checked ? [...prev, d] : prev.filter((x) => x !== d)))}
                  />
                  <label htmlFor={id}>{t(`common:diets.${d}`)}</label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      {!complex && (
        <>
          <TextField
            label={t('fields.kcal')}
            type="number"
            inputMode="numeric"
            min={0}
            max={KCAL_MAX}
            step={1}
            value={kcal}
            error={first('kcal')}
            onChange={(e) => {
              setKcal(e.target.value);
              fieldErrors.clear('kcal');
            }}
          />
          <TranslatedFields
            legend={t('fields.ingredients')}
            value={ingredients}
            onChange={textSetter(setIngredients, 'ingredients')}
            multiline
            maxLength={INGREDIENTS_MAX}
            groupError={first('ingredients')}
            errors={{ lv: first('ingredients.lv'), en: first('ingredients.en'), ru: first('ingredients.ru') }}
          />
        </>
      )}
      <CheckboxField label={t('fields.active')} checked={status} error={first('status')} onChange={(e) => setStatus(e.target.checked)} />
      {complex && (
        <ComplexGroupsEditor
          groups={groups}
          dispatch={dispatch}
          categories={categoryRows}
          errors={errors}
          clearErrors={clearPrefix}
          newKey={newKey}
        />
      )}
      <DishImageField dish={dish} onChanged={(saved) => onImageChanged?.(saved)} />
    </EditorModal>
  );
}
