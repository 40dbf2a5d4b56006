import { DateTime } from 'luxon';
import { z } from 'zod';
import { toCents, toEuros } from '../../../shared/money';
import { cheapestSelectionCents } from '../../../shared/ordering/complex';
import type { Dish } from '../../../shared/schemas/catalogue';
import { createMenuInput, type CreateMenuInput, type MenuDetail } from '../../../shared/schemas/menus';
import { eurosFromInput, eurosToInput } from '../../lib/price';

/** Format of a datetime-local input; the server reads such times in the provider's time zone. */
export const LOCAL_INPUT_FORMAT = "yyyy-LL-dd'T'HH:mm";

/** A complex option's price on this menu as typed ('' = no override). */
export interface OptionPriceDraft {
  id: number;
  category_id: number | null;
  price: string;
}

/** A dish chosen for the menu. */
export interface SelectedDraft {
  id: number;
  category_id: number;
  /** Price on this menu as typed; '' = the dish's own price. */
  price: string;
  /** Complex only: its options' prices may be set on this menu. */
  editable: boolean;
  complex: OptionPriceDraft[];
}

export interface MenuFormValues {
  title: string;
  /** datetime-local values in the provider's time zone. */
  from: string;
  to: string;
  status: boolean;
  selected: SelectedDraft[];
}

/** A new menu: unpublished (spec 9), nothing chosen yet. */
export function emptyMenuValues(): MenuFormValues {
  return { title: '', from: '', to: '', status: false, selected: [] };
}

/** An API time (ISO, UTC) as a datetime-local value in `zone`. */
export function isoToLocalInput(iso: string, zone: string): string {
  const dt = DateTime.fromISO(iso, { zone: 'utc' });
  // A datetime-local input's machine value, not a date shown to people.
  // eslint-disable-next-line no-restricted-syntax
  return dt.isValid ? dt.setZone(zone).toFormat(LOCAL_INPUT_FORMAT) : '';
}

/**
 * Spec 4, menu form: if from is later than to, or to is empty, to is set to from.
 * datetime-local values of one format compare correctly as text.
 */
export function applyFromToRule(from: string, to: string): string {
  if (!from) return to;
  if (!to || from > to) return from;
  return to;
}

/** The form's values for a stored menu. */
export function menuValuesOf(menu: MenuDetail, zone: string): MenuFormValues {
  return {
    title: menu.title,
    from: isoToLocalInput(menu.from, zone),
    to: isoToLocalInput(menu.to, zone),
    status: menu.status,
    selected: menu.selectedDishes.map((d) => ({
      id: d.id,
      category_id: d.category_id,
      price: eurosToInput(d.price),
      editable: d.complex.length > 0,
      complex: d.complex.map((c) => ({ id: c.id, category_id: c.category_id, price: eurosToInput(c.price) })),
    })),
  };
}

export function isSelected(selected: SelectedDraft[], id: number): boolean {
  return selected.some((s) => s.id === id);
}

/** Spec 4: toggling a dish adds it to selectedDishes or takes it out (with its overrides). */
export function toggleDish(selected: SelectedDraft[], dish: { id: number; category_id: number }): SelectedDraft[] {
  if (isSelected(selected, dish.id)) return selected.filter((s) => s.id !== dish.id);
  return [...selected, { id: dish.id, category_id: dish.category_id, price: '', editable: false, complex: [] }];
}

/**
 * A whole category at once (issue 13): `on` adds each of `dishes` not yet on the menu (in their
 * order), off takes off each one that is on it, except the `locked` ones (they have orders).
 */
export function setDishes(
  selected: SelectedDraft[],
  dishes: { id: number; category_id: number }[],
  on: boolean,
  locked: ReadonlySet<number> = new Set(),
): SelectedDraft[] {
  if (!on) {
    const off = new Set(dishes.filter((d) => !locked.has(d.id)).map((d) => d.id));
    return selected.filter((s) => !off.has(s.id));
  }
  return dishes.reduce((list, dish) => (isSelected(list, dish.id) ? list : toggleDish(list, dish)), selected);
}

function update(selected: SelectedDraft[], id: number, change: (s: SelectedDraft) => SelectedDraft) {
  return selected.map((s) => (s.id === id ? change(s) : s));
}

/** The optional per-dish price on this menu ('' goes back to the dish's own price). */
export function setDishPrice(selected: SelectedDraft[], id: number, price: string): SelectedDraft[] {
  return update(selected, id, (s) => ({ ...s, price }));
}

/** Makes a complex's option prices editable on this menu, or not (then none are sent). */
export function setComplexEditable(selected: SelectedDraft[], id: number, editable: boolean): SelectedDraft[] {
  return update(selected, id, (s) => ({ ...s, editable }));
}

/** Sets one option's price inside a complex; an empty price removes that override. */
export function setOptionPrice(
  selected: SelectedDraft[],
  id: number,
  option: { id: number; category_id: number | null },
  price: string,
): SelectedDraft[] {
  return update(selected, id, (s) => {
    const rest = s.complex.filter((c) => c.id !== option.id);
    if (price.trim() === '') return { ...s, complex: rest };
    const at = s.complex.findIndex((c) => c.id === option.id);
    const entry = { id: option.id, category_id: option.category_id, price };
    if (at < 0) return { ...s, complex: [...s.complex, entry] };
    return { ...s, complex: s.complex.map((c, i) => (i === at ? entry : c)) };
  });
}

/** Spec 4: the reset clears a complex's option price overrides. */
export function resetOverrides(selected: SelectedDraft[], id: number): SelectedDraft[] {
  return update(selected, id, (s) => ({ ...s, complex: [] }));
}

/**
 * What a dish costs on this menu as the catalogue and the order page show it, euros: a simple
 * dish its price here; a set meal "from" its base price here plus the cheapest option of each
 * mandatory group (with this menu's option prices when they are editable) — the one rule of
 * `cheapestSelectionCents` (issue 24: the menu form showed a set meal's base, 0,00 €).
 * Prices still being typed (unreadable) count as the dish's own.
 */
export function menuPriceFrom(
  draft: SelectedDraft,
  dish: Pick<Dish, 'price' | 'type'> & {
    complex: { category_id: number; optional: boolean; dishes: { id: number; price: number | null; base_price: number }[] }[];
  },
): number {
  const typed = eurosFromInput(draft.price);
  const baseCents = toCents(typed ?? dish.price);
  if (dish.type === 'simple') return toEuros(baseCents);
  const groups = dish.complex.map((g) => ({
    optional: g.optional,
    dishes: g.dishes.map((o) => {
      const override = draft.editable
        ? draft.complex.find((c) => c.id === o.id && (c.category_id === null || c.category_id === g.category_id))
        : undefined;
      const here = override ? eurosFromInput(override.price) : undefined;
      return { priceCents: toCents(here ?? o.price ?? o.base_price) };
    }),
  }));
  return toEuros(cheapestSelectionCents(groups, baseCents));
}

export function optionPrice(draft: SelectedDraft | undefined, optionId: number): string {
  return draft?.complex.find((c) => c.id === optionId)?.price ?? '';
}

export type MenuProblem = 'required' | 'toBeforeFrom' | 'price';

/** What the form can tell before asking the server (spec 5), keyed like the server's errors. */
export function menuProblems(values: MenuFormValues): Record<string, MenuProblem> {
  const problems: Record<string, MenuProblem> = {};
  if (!values.title.trim()) problems.title = 'required';
  if (!values.from) problems.from = 'required';
  if (!values.to) problems.to = 'required';
  else if (values.from && values.to < values.from) problems.to = 'toBeforeFrom';
  values.selected.forEach((s, i) => {
    if (eurosFromInput(s.price) === undefined) problems[`selectedDishes.${i}.price`] = 'price';
    if (s.editable) {
      s.complex.forEach((c, j) => {
        if (eurosFromInput(c.price) === undefined) problems[`selectedDishes.${i}.complex.${j}.price`] = 'price';
      });
    }
  });
  return problems;
}

/** The POST/PUT body. Complex option prices go only when the complex is editable. */
export function menuPayload(values: MenuFormValues): CreateMenuInput {
  return {
    title: values.title.trim(),
    from: values.from,
    to: values.to,
    status: values.status,
    selectedDishes: values.selected.map((s) => ({
      id: s.id,
      category_id: s.category_id,
      price: eurosFromInput(s.price) ?? null,
      complex: s.editable
        ? s.complex
            .map((c) => ({ id: c.id, category_id: c.category_id, price: eurosFromInput(c.price) ?? null }))
            .filter((c) => c.price !== null)
        : [],
    })),
  };
}

/**
 * The request schema reached from what the form holds (decision 048): the form's own checks
 * first, with its texts (`menuProblems`, keyed like the server's errors), then the body
 * (`menuPayload`) through `createMenuInput`, whose texts are the server's (e.g. a price above the
 * API's largest). An error's path is the request's (`selectedDishes.0.price`).
 */
export const menuForm = z
  .custom<MenuFormValues>()
  .superRefine((values, ctx) => {
    for (const [key, problem] of Object.entries(menuProblems(values))) {
      const path = key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
      ctx.addIssue({ code: 'custom', path, message: `menus:errors.${problem}` });
    }
  })
  .transform(menuPayload)
  .pipe(createMenuInput);
