import { describe, expect, it } from 'vitest';
import type { MenuDetail } from '../../../shared/schemas/menus';
import {
  applyFromToRule,
  emptyMenuValues,
  isoToLocalInput,
  menuForm,
  menuPayload,
  menuProblems,
  menuValuesOf,
  menuPriceFrom,
  optionPrice,
  resetOverrides,
  setComplexEditable,
  setDishPrice,
  setOptionPrice,
  toggleDish,
  setDishes,
  type MenuFormValues,
} from './menu-form';

describe('menu from/to rule', () => {
  it('sets to from when to is empty or earlier than from', () => {
    expect(applyFromToRule('2026-03-02T08:00', '')).toBe('2026-03-02T08:00');
    expect(applyFromToRule('2026-03-02T08:00', '2026-03-01T10:00')).toBe('2026-03-02T08:00');
    expect(applyFromToRule('2026-03-02T08:00', '2026-03-02T07:59')).toBe('2026-03-02T08:00');
  });

  it('keeps to when it is not before from, or when from is empty', () => {
    expect(applyFromToRule('2026-03-02T08:00', '2026-03-02T08:00')).toBe('2026-03-02T08:00');
    expect(applyFromToRule('2026-03-02T08:00', '2026-03-02T10:30')).toBe('2026-03-02T10:30');
    expect(applyFromToRule('', '2026-03-02T10:30')).toBe('2026-03-02T10:30');
  });

  it('shows API times (UTC) in the provider time zone', () => {
    expect(isoToLocalInput('2026-03-02T08:00:00.000Z', 'Europe/Riga')).toBe('2026-03-02T10:00');
    expect(isoToLocalInput('2026-07-02T08:00:00Z', 'Europe/Riga')).toBe('2026-07-02T11:00');
    expect(isoToLocalInput('nonsense', 'Europe/Riga')).toBe('');
  });
});

describe('menu form validation', () => {
  it('requires title, from and to, and to not before from', () => {
    expect(menuProblems(emptyMenuValues())).toEqual({ title: 'required', from: 'required', to: 'required' });
    const values: MenuFormValues = { ...emptyMenuValues(), title: 'Pirmdiena', from: '2026-03-02T08:00', to: '2026-03-01T08:00' };
    expect(menuProblems(values)).toEqual({ to: 'toBeforeFrom' });
    expect(menuProblems({ ...values, to: '2026-03-02T10:00' })).toEqual({});
  });
});

describe('selected dishes', () => {
  const soup = { id: 1, category_id: 10 };
  const lunch = { id: 2, category_id: 20 };

  it('toggles a dish in and out, dropping its overrides when it goes', () => {
    let selected = toggleDish([], soup);
    selected = toggleDish(selected, lunch);
    expect(selected).toEqual([
      { id: 1, category_id: 10, price: '', editable: false, complex: [] },
      { id: 2, category_id: 20, price: '', editable: false, complex: [] },
    ]);
    selected = setDishPrice(selected, 1, '2.5');
    selected = toggleDish(selected, soup);
    expect(selected.map((s) => s.id)).toEqual([2]);
    selected = toggleDish(selected, soup);
    expect(selected.find((s) => s.id === 1)?.price).toBe('');
  });

  it('sets, replaces and clears option prices of an editable complex; reset clears them all', () => {
    let selected = setComplexEditable(toggleDish([], lunch), 2, true);
    selected = setOptionPrice(selected, 2, { id: 5, category_id: 10 }, '1.2');
    selected = setOptionPrice(selected, 2, { id: 6, category_id: 10 }, '0.5');
    selected = setOptionPrice(selected, 2, { id: 5, category_id: 10 }, '1.3');
    expect(optionPrice(selected[0], 5)).toBe('1.3');
    expect(selected[0].complex.map((c) => c.id)).toEqual([5, 6]);
    selected = setOptionPrice(selected, 2, { id: 6, category_id: 10 }, '');
    expect(selected[0].complex.map((c) => c.id)).toEqual([5]);
    selected = resetOverrides(selected, 2);
    expect(selected[0]).toMatchObject({ editable: true, complex: [] });
  });

  it('sends prices as euros (null = own price) and option prices only for editable complexes', () => {
    let selected = toggleDish(toggleDish([], soup), lunch);
    selected = setDishPrice(selected, 1, '3.4');
    selected = setComplexEditable(selected, 2, true);
    selected = setOptionPrice(selected, 2, { id: 5, category_id: 10 }, '1.2');
    const values: MenuFormValues = { title: ' Pirmdiena ', from: '2026-03-02T08:00', to: '2026-03-02T10:00', status: true, selected };
    expect(menuPayload(values)).toEqual({
      title: 'Pirmdiena',
      from: '2026-03-02T08:00',
      to: '2026-03-02T10:00',
      status: true,
      selectedDishes: [
        { id: 1, category_id: 10, price: 3.4, complex: [] },
        { id: 2, category_id: 20, price: null, complex: [{ id: 5, category_id: 10, price: 1.2 }] },
      ],
    });
    const notEditable = setComplexEditable(selected, 2, false);
    expect(menuPayload({ ...values, selected: notEditable }).selectedDishes?.[1].complex).toEqual([]);
  });

  it('flags a bad price under the key the server would use', () => {
    const selected = setDishPrice(toggleDish([], soup), 1, '-2');
    const values: MenuFormValues = { title: 'x', from: '2026-03-02T08:00', to: '2026-03-02T10:00', status: false, selected };
    expect(menuProblems(values)).toEqual({ 'selectedDishes.0.price': 'price' });
  });

  it("checks with the request schema after the form's own checks, at the request's paths", () => {
    const issues = (values: MenuFormValues) => menuForm.safeParse(values).error?.issues.map((i) => [i.path.join('.'), i.message]);
    const selected = setDishPrice(toggleDish([], soup), 1, '100000.5');
    const values: MenuFormValues = { title: '  ', from: '2026-03-02T08:00', to: '2026-03-02T10:00', status: false, selected };
    // The form's own text first; the schema is reached only when they pass.
    expect(issues(values)).toEqual([['title', 'menus:errors.required']]);
    expect(issues({ ...values, title: 'Pirmdiena' })).toEqual([['selectedDishes.0.price', expect.any(String)]]);
    expect(menuForm.safeParse({ ...values, title: ' Pirmdiena ', selected: setDishPrice(selected, 1, '4.5') }).data).toEqual(
      menuPayload({ ...values, title: 'Pirmdiena', selected: setDishPrice(selected, 1, '4.5') }),
    );
  });

  it('loads a stored menu with its overrides; a complex with option prices starts editable', () => {
    const menu = {
      id: 4,
      title: 'Otrdiena',
      from: '2026-03-03T06:00:00.000Z',
      to: '2026-03-03T08:30:00.000Z',
      status: true,
      created_at: '2026-03-01T00:00:00.000Z',
      dishes_count: 2,
      orders_count: 0,
      selectedDishes: [
        { id: 1, category_id: 10, price: 2.5, complex: [] },
        { id: 2, category_id: 20, price: null, complex: [{ id: 5, price: 1, category_id: 10 }] },
      ],
      categories: [],
      ordered_dish_ids: [],
    } satisfies MenuDetail;
    expect(menuValuesOf(menu, 'Europe/Riga')).toEqual({
      title: 'Otrdiena',
      from: '2026-03-03T08:00',
      to: '2026-03-03T10:30',
      status: true,
      selected: [
        { id: 1, category_id: 10, price: '2.5', editable: false, complex: [] },
        { id: 2, category_id: 20, price: '', editable: true, complex: [{ id: 5, category_id: 10, price: '1' }] },
      ],
    });
  });
});

describe('a whole category at once', () => {
  const soup = { id: 1, category_id: 10 };
  const stew = { id: 2, category_id: 10 };
  const pie = { id: 3, category_id: 11 };
  it('adds the dishes not on the menu yet, keeping what is there and its order', () => {
    const start = toggleDish([], stew);
    const next = setDishes(start, [soup, stew], true);
    expect(next.map((s) => s.id)).toEqual([2, 1]);
    expect(next[0]).toBe(start[0]);
  });
  it('takes off the category, except dishes with orders, and leaves other categories', () => {
    const start = setDishes([], [soup, stew, pie], true);
    expect(setDishes(start, [soup, stew], false, new Set([2])).map((s) => s.id)).toEqual([2, 3]);
  });
});

describe("a set meal's price on the menu form", () => {
  // The catalogue's example: base 0, soup (cheapest 2.90) and a chop at 5.00 in the set: from 7.90.
  const setMeal = {
    price: 0,
    type: 'complex' as const,
    complex: [
      {
        id: 1,
        category_id: 10,
        title: { lv: 'Zupa' },
        optional: false,
        position: 0,
        dishes: [
          { id: 11, price: null, base_price: 3.5, title: { lv: 'A' }, status: true },
          { id: 12, price: null, base_price: 2.9, title: { lv: 'B' }, status: true },
        ],
      },
      {
        id: 2,
        category_id: 20,
        title: { lv: 'Otrais' },
        optional: false,
        position: 1,
        dishes: [{ id: 21, price: 5, base_price: 6.5, title: { lv: 'C' }, status: true }],
      },
      {
        id: 3,
        category_id: 10,
        title: { lv: 'Dzēriens' },
        optional: true,
        position: 2,
        dishes: [{ id: 13, price: null, base_price: 1, title: { lv: 'D' }, status: true }],
      },
    ],
  };
  const draft = { id: 99, category_id: 30, price: '', editable: false, complex: [] };

  it('is the "from" price the catalogue shows, not the base of 0,00 €', () => {
    expect(menuPriceFrom(draft, setMeal)).toBe(7.9);
  });

  it("follows this menu's base price and editable option prices, and ignores unreadable ones", () => {
    expect(menuPriceFrom({ ...draft, price: '0.5' }, setMeal)).toBe(8.4);
    const overridden = { ...draft, editable: true, complex: [{ id: 21, category_id: 20, price: '4' }] };
    expect(menuPriceFrom(overridden, setMeal)).toBe(6.9);
    expect(menuPriceFrom({ ...overridden, editable: false }, setMeal)).toBe(7.9);
    expect(menuPriceFrom({ ...draft, price: 'abc' }, setMeal)).toBe(7.9);
  });

  it("is a simple dish's price here", () => {
    expect(menuPriceFrom({ ...draft, price: '3.2' }, { price: 4, type: 'simple', complex: [] })).toBe(3.2);
    expect(menuPriceFrom(draft, { price: 4, type: 'simple', complex: [] })).toBe(4);
  });
});
