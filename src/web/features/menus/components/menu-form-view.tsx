import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useNavigate } from 'react-router';
import type { FieldErrors as FormFieldErrors } from 'react-hook-form';
import type { CreateMenuInput } from '../../../../shared/schemas/menus';
import { Button } from '../../../components/ui/button';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { FormErrorNotice } from '../../../components/ui/form-error-notice';
import type { FieldErrors } from '../../../lib/api';
import { fieldErrorsOf, useFieldErrors } from '../../../lib/form-errors';
import { errorAt, setServerErrors, useSchemaForm } from '../../../lib/forms';
import { MENUS_KEY, menusApi, useAllDishes, type Dish, type MenuDetail } from '../api';
import { applyFromToRule, menuForm, setDishes, toggleDish, type MenuFormValues, type SelectedDraft } from '../menu-form';
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
/** The fields the form holds as its own controls; the dishes' errors are kept by key (below). */
const OWN_FIELDS = /^(title|from|to|status)$/;
const DISH_ERRORS = /^selectedDishes(\.|$)/;

/** The messages under `node` keyed by their dotted path (`selectedDishes.0.price`). */
function flatErrors(node: unknown, path: string, out: FieldErrors = {}): FieldErrors {
  if (!node || typeof node !== 'object') return out;
  const { message, type: _type, types: _types, ref: _ref, ...children } = node as Record<string, unknown>;
  if (typeof message === 'string') out[path] = [message];
  for (const [key, child] of Object.entries(children)) flatErrors(child, `${path}.${key}`, out);
  return out;
}

/**
 * The menu form (spec 4 and 5): title, from and to are required, to is never before from (an
 * earlier or empty to becomes from), the dish selector, per-dish and per-option prices.
 * "Save" on a new menu moves to /menu/{id}; "Save and Edit Balance" goes to /menu/{id}/balance.
 * Validated with `menuForm` (the request schema, decision 048). The chosen dishes are one value of
 * the form, edited by the pure functions of menu-form.ts; their errors (the schema's and the
 * server's `selectedDishes.*`) are kept by key, as the rows show them.
 */
export function MenuFormView({ initial, menuId, orderedIds = [], categories = [], justSaved = false }: MenuFormViewProps) {
  const { t, i18n } = useTranslation('menus');
  const lang = i18n.language;
  const navigate = useNavigate();
  const client = useQueryClient();
  const form = useSchemaForm(menuForm, { defaultValues: initial });
  const [saved, setSaved] = useState(justSaved);
  const dishErrors = useFieldErrors();
  const { clear } = dishErrors;
  const allDishes = useAllDishes();
  const locked = useMemo(() => new Set(menuId === null ? [] : orderedIds), [menuId, orderedIds]);
  const selected = form.watch('selected');
  const from = form.watch('from');

  const dishesById = useMemo(() => new Map<number, Dish>((allDishes.data?.data ?? []).map((d) => [d.id, d])), [allDishes.data]);
  const categoryTitles = useMemo(() => new Map(categories.map((c) => [c.id, pickText(c.title, lang)])), [categories, lang]);

  const save = useMutation({
    mutationFn: ({ input }: { input: CreateMenuInput; intent: string }) =>
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
    onError: (error) => {
      setServerErrors(form, error, OWN_FIELDS);
      dishErrors.setErrors(Object.fromEntries(Object.entries(fieldErrorsOf(error)).filter(([key]) => DISH_ERRORS.test(key))));
    },
  });

  /** A control of the form: editing it takes "Saved" away (and re-checks it after a Save). */
  const bind = (name: 'title' | 'from' | 'to' | 'status', extra: { onChange?(): void; onBlur?(): void } = {}) => ({
    ...form.register(name, {
      onChange: () => {
        setSaved(false);
        extra.onChange?.();
      },
      onBlur: extra.onBlur,
    }),
    error: errorAt(form.formState.errors, name),
  });
  /** Spec 4: an empty or earlier "to" becomes "from". */
  const followFrom = () => {
    const { from: start, to } = form.getValues();
    if (applyFromToRule(start, to) !== to) form.setValue('to', applyFromToRule(start, to));
  };
  const setSelected = (next: (prev: SelectedDraft[]) => SelectedDraft[]) => {
    setSaved(false);
    form.setValue('selected', next(form.getValues('selected')));
    clear('selectedDishes');
  };

  // The dishes' errors count from their own store (an edit there clears them, not the form's copy).
  const ownErrors = Object.keys(form.formState.errors).some((key) => !DISH_ERRORS.test(key));
  const hasLocalErrors = !save.isError && (ownErrors || Object.keys(dishErrors.errors).length > 0);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (save.isPending) return;
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const intent = submitter?.value === 'balance' ? 'balance' : 'save';
    // The rule applies before sending too (a to typed but never left).
    followFrom();
    void form.handleSubmit(
      (input) => {
        dishErrors.reset();
        setSaved(false);
        save.mutate({ input, intent });
      },
      (errors: FormFieldErrors) => {
        save.reset();
        dishErrors.setErrors(flatErrors(errors.selectedDishes, 'selectedDishes'));
      },
    )();
  };

  return (
    <form className="menu-form" onSubmit={submit} noValidate>
      <div className="card menu-form__card">
        <FormErrorNotice error={save.error} isShown={(k) => SHOWN.test(k)} fallback={t('errors.saveFailed')} />
        <TextField label={t('fields.title')} required maxLength={TITLE_MAX} {...bind('title')} />
        <div className="form-grid">
          <TextField
            label={t('fields.from')}
            type="datetime-local"
            required
            {...bind('from', {
              onChange: () => {
                followFrom();
                form.clearErrors('to');
              },
            })}
          />
          <TextField
            label={t('fields.to')}
            hint={t('form.toHint')}
            type="datetime-local"
            required
            min={from || undefined}
            {...bind('to', { onBlur: followFrom })}
          />
        </div>
        <CheckboxField label={t('fields.published')} {...bind('status')} />
      </div>

      <SelectedDishes
        selected={selected}
        onChange={(next) => setSelected(() => next)}
        dishesById={dishesById}
        categoryTitles={categoryTitles}
        locked={locked}
        errors={dishErrors.errors}
        clearError={clear}
      />

      <DishSelector
        selected={selected}
        locked={locked}
        onToggle={(dish) => setSelected((prev) => toggleDish(prev, dish))}
        onSetMany={(dishes, on) => setSelected((prev) => setDishes(prev, dishes, on, locked))}
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
