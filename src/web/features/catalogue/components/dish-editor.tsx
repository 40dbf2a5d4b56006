import { useMemo, useReducer, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { z } from 'zod';
import { DIET_TAGS, type DietTag } from '../../../../shared/dietary';
import { createDishInput, type CreateDishInput, type DishType } from '../../../../shared/schemas/catalogue';
import { EditorModal, useEditorSave } from '../../../components/manage/editor-modal';
import { CheckboxField, Field, TextField } from '../../../components/ui/field';
import type { FieldErrors } from '../../../lib/api';
import { errorAt, fieldBinder, firstErrorUnder, useSchemaForm } from '../../../lib/forms';
import { catalogueApi, useAllCategories, useAllergens, type Dish } from '../api';
import { complexInputOf, complexProblems, complexReducer, groupsFromDish, newGroup, type ComplexProblem } from '../complex-editor';
import { eurosFromInput, eurosToInput } from '../../../lib/price';
import { pickText, textDraftOf, type TextDraft } from '../../../lib/translated-text';
import { CheckboxList } from './checkbox-list';
import { ComplexGroupsEditor } from './complex-groups-editor';
import { DishImageField } from './dish-image-field';
import { TranslatedFields } from './translated-fields';
import {
  CODE_MAX,
  INGREDIENTS_MAX,
  KCAL_MAX,
  PORTION_GRAMS_MAX,
  SHELF_LIFE_HOURS_MAX,
  SUMMARY_MAX,
  TITLE_MAX,
} from '../../../../shared/limits';

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
  /^(title(\.|$)|summary(\.|$)|ingredients(\.|$)|kcal$|portion_grams$|shelf_life_hours$|traces(\.|$)|code$|category_id$|price$|type$|status$|position$|allergens(\.|$)|complex(\.|$))/;

/** The form's values: the request's fields, numbers as typed (the complex groups are kept apart, below). */
interface DishValues {
  title: TextDraft;
  summary: TextDraft;
  ingredients: TextDraft;
  code: string;
  category_id: string;
  price: string;
  type: DishType;
  allergens: number[];
  diets: DietTag[];
  kcal: string;
  portion_grams: string;
  shelf_life_hours: string;
  traces: number[];
  status: boolean;
  position: string;
}

/**
 * The request schema, reached from what the form holds. The price must read as euros (its own
 * text); an unreadable energy is sent as -1, which the request schema refuses in its words. A
 * complex dish sends no allergens, diets, energy or ingredients; a position only when editing.
 */
const dishForm = (complex: boolean, editing: boolean) =>
  z
    .custom<DishValues>()
    .superRefine((v, ctx) => {
      if (eurosFromInput(v.price) === undefined) ctx.addIssue({ code: 'custom', path: ['price'], message: 'catalogue:errors.price' });
    })
    .transform(
      ({
        title,
        summary,
        code,
        category_id,
        price,
        status,
        type,
        allergens,
        traces,
        diets,
        kcal,
        portion_grams,
        shelf_life_hours,
        ingredients,
        position,
      }) => {
        const energy = Number(kcal);
        const grams = Number(portion_grams);
        const hours = Number(shelf_life_hours);
        // No category chosen: left out, so the request schema refuses it as the server would.
        const input = {
          title,
          summary,
          code,
          category_id: category_id === '' ? undefined : Number(category_id),
          price: eurosFromInput(price) ?? 0,
          status,
          type,
          // The portion's weight (issue 27): any dish, a set meal too; empty clears it, unreadable is refused as -1.
          portion_grams: portion_grams.trim() === '' ? null : Number.isFinite(grams) ? grams : -1,
          // The label's use-by (decision 070): empty is the end of the day it is prepared for.
          shelf_life_hours: shelf_life_hours.trim() === '' ? null : Number.isFinite(hours) ? hours : -1,
        } as z.input<typeof createDishInput>;
        if (!complex)
          Object.assign(input, {
            allergens,
            traces,
            diets,
            ingredients,
            kcal: kcal.trim() === '' ? null : Number.isFinite(energy) ? energy : -1,
          });
        if (editing && position.trim() !== '') input.position = Number(position);
        return input;
      },
    )
    .pipe(createDishInput);

const valuesOf = (dish: Dish | null, complex: boolean): DishValues => ({
  title: textDraftOf(dish?.title),
  summary: textDraftOf(dish?.summary),
  ingredients: textDraftOf(dish?.ingredients),
  code: dish?.code ?? '',
  category_id: dish ? String(dish.category_id) : '',
  price: dish ? eurosToInput(dish.price) : complex ? '0' : '',
  type: dish?.type ?? (complex ? 'complex' : 'simple'),
  allergens: dish?.allergens ?? [],
  diets: dish?.diets ?? [],
  kcal: dish?.kcal != null ? String(dish.kcal) : '',
  portion_grams: dish?.portion_grams != null ? String(dish.portion_grams) : '',
  shelf_life_hours: dish?.shelf_life_hours != null ? String(dish.shelf_life_hours) : '',
  traces: dish?.traces ?? [],
  status: dish?.status ?? true,
  position: dish ? String(dish.position) : '',
});

/**
 * Create or edit a dish. Simple dishes: texts, code, category, price, allergens. Complex dishes
 * (type complex or initial): the same texts plus groups of options (spec 3, complex dish). The
 * groups are edited with their own reducer (complex-editor.ts) and checked before sending.
 */
export function DishEditor({ dish, kind, onClose, onSaved, onImageChanged }: DishEditorProps) {
  const { t, i18n } = useTranslation('catalogue');
  const lang = i18n.language;
  const complex = kind === 'complex';
  const categories = useAllCategories();
  const allergenList = useAllergens();
  const keySeq = useRef(0);
  const newKey = () => `g${++keySeq.current}`;
  const schema = useMemo(() => dishForm(complex, dish !== null), [complex, dish]);
  const form = useSchemaForm(schema, { defaultValues: valuesOf(dish, complex) });
  const field = fieldBinder(form);
  const errors = form.formState.errors;
  const [groups, dispatch] = useReducer(complexReducer, undefined, () => {
    let n = 0;
    const initial = dish && complex ? groupsFromDish(dish, () => `s${++n}`) : [];
    return complex && initial.length === 0 ? [newGroup('s0')] : initial;
  });
  const save = useEditorSave(
    (input: CreateDishInput) => (dish ? catalogueApi.updateDish(dish.id, input) : catalogueApi.createDish(input)),
    onSaved,
    { form, shown: SHOWN },
  );
  // The groups' messages (the server's `complex.*` and the checks below); the form holds the rest.
  const { fieldErrors } = save;
  const groupErrors: FieldErrors = Object.fromEntries(Object.entries(fieldErrors.errors).filter(([key]) => /^complex(\.|$)/.test(key)));
  const clearPrefix = (prefix: string) =>
    fieldErrors.setErrors((prev) => Object.fromEntries(Object.entries(prev).filter(([k]) => k !== prefix && !k.startsWith(`${prefix}.`))));

  const problemText: Record<ComplexProblem, string> = {
    category: t('complex.problems.category'),
    dishes: t('complex.problems.dishes'),
    price: t('errors.price'),
  };
  /** Checks the groups: true when they may be sent; their problems show under them. */
  const checkGroups = () => {
    const local: FieldErrors = {};
    if (complex) {
      if (groups.length === 0) local.complex = [t('complex.problems.noGroups')];
      for (const [key, problem] of Object.entries(complexProblems(groups))) local[key] = [problemText[problem]];
    }
    fieldErrors.setErrors(local);
    return Object.keys(local).length === 0;
  };
  const submit = form.handleSubmit(
    (input) => {
      if (!checkGroups()) return save.clearError();
      save.submit(complex ? { ...input, complex: complexInputOf(groups) } : input);
    },
    () => {
      save.clearError();
      checkGroups();
    },
  );

  const setList = <K extends 'allergens' | 'traces' | 'diets'>(name: K, value: DishValues[K]) =>
    form.setValue(name, value as never, { shouldValidate: form.formState.isSubmitted });
  const texts = (name: 'title' | 'summary' | 'ingredients') => ({
    field: (l: keyof TextDraft) => field(`${name}.${l}`),
    groupError: errorAt(errors, name),
  });
  const categoryRows = categories.data?.data ?? [];

  const heading = dish
    ? complex
      ? t('dishes.editComplexTitle', { name: pickText(dish.title, lang) })
      : t('dishes.editTitle', { name: pickText(dish.title, lang) })
    : complex
      ? t('dishes.newComplexTitle')
      : t('dishes.newTitle');

  return (
    <EditorModal size="lg" title={heading} save={save} shownFields={SHOWN} onSubmit={() => void submit()} onClose={onClose}>
      {!save.error && (Object.keys(errors).length > 0 || Object.keys(groupErrors).length > 0) && (
        <p className="field__error" role="alert">
          {t('errors.checkFields')}
        </p>
      )}
      <TranslatedFields legend={t('fields.title')} required maxLength={TITLE_MAX} {...texts('title')} />
      <TranslatedFields legend={t('fields.summary')} multiline maxLength={SUMMARY_MAX} {...texts('summary')} />
      <div className="form-grid">
        <Field label={t('fields.category')} required error={errorAt(errors, 'category_id')}>
          {(wiring) => (
            <select className="input" required {...form.register('category_id')} {...wiring}>
              <option value="">{categories.isPending ? t('common.loading') : t('dishes.chooseCategory')}</option>
              {categoryRows.map((c) => (
                <option key={c.id} value={c.id}>
                  {pickText(c.title, lang)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField label={t('fields.code')} maxLength={CODE_MAX} {...field('code')} />
        <TextField
          label={complex ? t('fields.basePrice') : t('fields.price')}
          hint={complex ? t('dishes.basePriceHint') : undefined}
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          required={!complex}
          {...field('price')}
        />
        {complex && (
          <Field label={t('fields.type')} error={errorAt(errors, 'type')}>
            {(wiring) => (
              <select className="input" {...form.register('type')} {...wiring}>
                <option value="complex">{t('types.complex')}</option>
                <option value="initial">{t('types.initial')}</option>
              </select>
            )}
          </Field>
        )}
        {dish && <TextField label={t('fields.position')} type="number" min={0} step={1} inputMode="numeric" {...field('position')} />}
      </div>
      {!complex && (
        <>
          <CheckboxList
            legend={t('fields.allergens')}
            items={(allergenList.data ?? []).map((a) => ({ value: a.id, label: a.title }))}
            selected={form.watch('allergens')}
            onChange={(value) => setList('allergens', value)}
            error={firstErrorUnder(errors, 'allergens')}
            loading={allergenList.isPending ? t('common.loading') : undefined}
          />
          <CheckboxList
            legend={t('fields.traces')}
            items={(allergenList.data ?? []).map((a) => ({ value: a.id, label: a.title }))}
            selected={form.watch('traces')}
            onChange={(value) => setList('traces', value)}
            error={firstErrorUnder(errors, 'traces')}
            loading={allergenList.isPending ? t('common.loading') : undefined}
          />
          <CheckboxList
            legend={t('fields.diets')}
            items={DIET_TAGS.map((d) => ({ value: d, label: t(`common:diets.${d}`) }))}
            selected={form.watch('diets')}
            onChange={(value) => setList('diets', value)}
          />
          <TextField label={t('fields.kcal')} type="number" inputMode="numeric" min={0} max={KCAL_MAX} step={1} {...field('kcal')} />
          <TranslatedFields legend={t('fields.ingredients')} multiline maxLength={INGREDIENTS_MAX} {...texts('ingredients')} />
        </>
      )}
      <TextField
        label={t('fields.portion_grams')}
        hint={t('fields.portion_grams_hint')}
        type="number"
        inputMode="numeric"
        min={1}
        max={PORTION_GRAMS_MAX}
        step={1}
        {...field('portion_grams')}
      />
      <TextField
        label={t('fields.shelf_life_hours')}
        hint={t('fields.shelf_life_hours_hint')}
        type="number"
        inputMode="numeric"
        min={1}
        max={SHELF_LIFE_HOURS_MAX}
        step={1}
        {...field('shelf_life_hours')}
      />
      <CheckboxField label={t('fields.active')} {...field('status')} />
      {complex && (
        <ComplexGroupsEditor
          groups={groups}
          dispatch={dispatch}
          categories={categoryRows}
          errors={groupErrors}
          clearErrors={clearPrefix}
          newKey={newKey}
        />
      )}
      <DishImageField dish={dish} onChanged={(saved) => onImageChanged?.(saved)} />
    </EditorModal>
  );
}
