import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { FormErrorNotice } from '../../../components/ui/form-error-notice';
import type { FieldErrors } from '../../../lib/api';
import { useFieldErrors } from '../../../lib/form-errors';
import { MENUS_KEY, menusApi, useAllDishes, type Dish, type MenuDetail } from '../api';
import { applyFromToRule, menuPayload, menuProblems, setDishes, toggleDish, type MenuFormValues, type MenuProblem } from '../menu-form';
import { pickText } from '../../../lib/translated-text';
import { DishSelector } from './dish-selector';
import { SelectedDishes } from './selected-dishes';
import { TITLE_MAX } from '../../../../shared/limits';

interface MenuFormViewProps {
  initial: MenuFormValues;
  /** The stored menu being edited; null for a new menu or a copy (both are created with POST). */
  menuId: number | null;
  /** Dishes with orders on the stored menu (cannot be taken off). */
  orderedIds?: number[];
  /** Category titles known from the stored menu. */
  categories?: MenuDetail['categories'];
  /** Show "Saved" from the start (the menu was just created on the previous address). */
  justSaved?: boolean;
}

const SHOWN = /^(title|from|to|status|selectedDishes(\.\d+(\..*)?)?)$/;

/**
 * The menu form (spec 4 and 5): title, from and to are required, to is never before from (an
 * earlier or empty to becomes from), the dish selector, per-dish and per-option prices.
 * "Save" on a new menu moves to /menu/{id}; "Save and Edit Balance" goes to /menu/{id}/balance.
 */
export function MenuFormView({ initial, menuId, orderedIds = [], categories = [], justSaved = false }: MenuFormViewProps) {
  const { t, i18n } = useTranslation('menus');
  const lang = i18n.language;
  const navigate = useNavigate();
  const client = useQueryClient();
  const [values, setValues] = useState<MenuFormValues>(initial);
  const [saved, setSaved] = useState(justSaved);
  const fieldErrors = useFieldErrors();
  const { first, clear } = fieldErrors;
  const allDishes = useAllDishes();
  const locked = useMemo(() => new Set(menuId === null ? [] : orderedIds), [menuId, orderedIds]);

  const dishesById = useMemo(() => new Map<number, Dish>((allDishes.data?.data ?? []).map((d) => [d.id, d])), [allDishes.data]);
  const categoryTitles = useMemo(() => new Map(categories.map((c) => [c.id, pickText(c.title, lang)])), [categories, lang]);

  const problemText: Record<MenuProblem, string> = {
    required: t('errors.required'),
    toBeforeFrom: t('errors.toBeforeFrom'),
    price: t('errors.price'),
  };

  const save = useMutation({
    mutationFn: ({ input }: { input: ReturnType<typeof menuPayload>; intent: string }) =>
      menuId === null ? menusApi.create(input) : menusApi.update(menuId, input),
    onSuccess: (detail, { intent }) => {
      if (!detail) return;
      void client.invalidateQueries({ queryKey: MENUS_KEY });
      if (intent === 'balance') {
        navigate(`/menu/${detail.id}/balance`);
      } else if (menuId === null) {
        // A new menu (or a copy) now has an address of its own.
        navigate(`/menu/${detail.id}`, { replace: true, state: { saved: true } });
      } else {
        setSaved(true);
      }
    },
    onError: fieldErrors.fromError,
  });

  const set = <K extends keyof MenuFormValues>(key: K, value: MenuFormValues[K]) => {
    setSaved(false);
    setValues((prev) => ({ ...prev, [key]: value }));
    clear(String(key));
  };

  const hasLocalErrors = !save.isError && Object.keys(fieldErrors.errors).length > 0;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (save.isPending) return;
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const intent = submitter?.value === 'balance' ? 'balance' : 'save';
    // The rule applies before sending too (a to typed but never left).
    const ready = { ...values, to: applyFromToRule(values.from, values.to) };
    if (ready.to !== values.to) setValues(ready);
    const problems = menuProblems(ready);
    if (Object.keys(problems).length > 0) {
      save.reset();
      const local: FieldErrors = {};
      for (const [key, problem] of Object.entries(problems)) local[key] = [problemText[problem]];
      fieldErrors.setErrors(local);
      return;
    }
    setSaved(false);
    save.mutate({ input: menuPayload(ready), intent });
  };

  return (
    <form className="menu-form" onSubmit={submit}>
      <div className="card menu-form__card">
        <FormErrorNotice error={save.error} isShown={(k) => SHOWN.test(k)} fallback={t('errors.saveFailed')} />
        <TextField
          label={t('fields.title')}
          required
          maxLength={TITLE_MAX}
          value={values.title}
          error={first('title')}
          onChange={(e) => set('title', e.target.value)}
        />
        <div className="form-grid">
          <TextField
            label={t('fields.from')}
            type="datetime-local"
            required
            value={values.from}
            error={first('from')}
            onChange={(e) => {
              const from = e.target.value;
              setSaved(false);
              setValues((prev) => ({ ...prev, from, to: applyFromToRule(from, prev.to) }));
              clear('from');
              clear('to');
            }}
          />
          <TextField
            label={t('fields.to')}
            hint={t('form.toHint')}
            type="datetime-local"
            required
            min={values.from || undefined}
            value={values.to}
            error={first('to')}
            onChange={(e) => set('to', e.target.value)}
            onBlur={() => setValues((prev) => ({ ...prev, to: applyFromToRule(prev.from, prev.to) }))}
          />
        </div>
        <CheckboxField
          label={t('fields.published')}
          checked={values.status}
          error={first('status')}
          onChange={(e) => set('status', e.target.checked)}
        />
      </div>

      <SelectedDishes
        selected={values.selected}
        onChange={(selected) => {
          setSaved(false);
          setValues((prev) => ({ ...prev, selected }));
          clear('selectedDishes');
        }}
        dishesById={dishesById}
        categoryTitles={categoryTitles}
        locked={locked}
        errors={fieldErrors.errors}
        clearError={clear}
      />

      <DishSelector
        selected={values.selected}
        locked={locked}
        onToggle={(dish) => {
          setSaved(false);
          setValues((prev) => ({ ...prev, selected: toggleDish(prev.selected, dish) }));
          clear('selectedDishes');
        }}
        onSetMany={(dishes, on) => {
          setSaved(false);
          setValues((prev) => ({ ...prev, selected: setDishes(prev.selected, dishes, on, locked) }));
          clear('selectedDishes');
        }}
      />

      <div className="sticky-actions">
        {/* The bar stays in view, so the outcome is told here too (the details are above). */}
        <span
          className={`sticky-actions__status ${save.isError || hasLocalErrors ? 'field__error' : saved ? 'is-ok' : 'muted'}`}
          role="status"
        >
          {saved ? t('form.saved') : save.isError || hasLocalErrors ? t('form.failed') : ''}
        </span>
        <Link className="btn btn--ghost sticky-actions__back" to="/menu">
          {t('form.backToList')}
        </Link>
        <Button
          type="submit"
          value="save"
          variant="primary"
          loading={save.isPending && save.variables?.intent === 'save'}
          disabled={save.isPending}
        >
          {t('form.save')}
        </Button>
        <Button type="submit" value="balance" loading={save.isPending && save.variables?.intent === 'balance'} disabled={save.isPending}>
          {t('form.saveAndBalance')}
        </Button>
      </div>
    </form>
  );
}
