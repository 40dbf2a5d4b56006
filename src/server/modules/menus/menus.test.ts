import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances, menuComplexPrices, orderItemOptions, orderItems, orders } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Client } from '../../test/client.js';
import { makeProvider, makeUser } from '../../test/factories.js';
import { makeCategory, makeComplex, makeDish } from '../catalogue/catalogue.factories.js';

let ctx: TestContext;
let admin: Client;
let kitchen: Client;
let customer: Client;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.as('admin');
  kitchen = await ctx.as('kitchen');
  customer = await ctx.as('customer');
});
afterAll(() => ctx.close());

/** A provider with soups, mains and a set meal (soup + main, optional dessert... kept small). */
async function world() {
  const p = await makeProvider(ctx.db);
  const soups = await makeCategory(ctx.db, p.id, { position: 1 });
  const mains = await makeCategory(ctx.db, p.id, { position: 2 });
  const sets = await makeCategory(ctx.db, p.id, { position: 0 });
  const soup = await makeDish(ctx.db, p.id, soups.id, { title: { lv: 'Borščs', en: 'Borscht', ru: 'Борщ' }, priceCents: 290 });
  const soup2 = await makeDish(ctx.db, p.id, soups.id, { title: { lv: 'Soļanka', en: 'Solyanka' }, priceCents: 340 });
  const main = await makeDish(ctx.db, p.id, mains.id, { title: { lv: 'Karbonāde', en: 'Pork chop' }, priceCents: 650 });
  const set = await makeComplex(ctx.db, p.id, sets.id, [
    { categoryId: soups.id, dishIds: [soup.id, soup2.id] },
    { categoryId: mains.id, dishIds: [main.id] },
  ]);
  return { p, soups, mains, sets, soup, soup2, main, set, q: `provider_id=${p.id}` };
}

async function placeOrder(menuId: number, lines: { dishId: number; qty: number; options?: number[] }[], status = 2) {
  const user = await makeUser(ctx.db);
  const [order] = await ctx.db
    .insert(orders)
    .values({ menuId, userId: user.id, paymentType: 'cash', amountCents: 100, amountToPayCents: 100, status })
    .returning();
  for (const l of lines) {
    const [item] = await ctx.db
      .insert(orderItems)
      .values({ orderId: order!.id, dishId: l.dishId, qty: l.qty, unitPriceCents: 100 })
      .returning();
    for (const o of l.options ?? []) await ctx.db.insert(orderItemOptions).values({ orderItemId: item!.id, dishId: o, priceCents: 0 });
  }
  return order!;
}

describe('menus: save and read', () => {
  it('creates a menu with price overrides and option prices, and reads it back the same', async () => {
    const w = await world();
    const payload = {
      title: 'Pirmdiena',
      from: '2026-03-02T08:00:00+02:00',
      to: '2026-03-02T11:00:00+02:00',
      selectedDishes: [
        { id: w.soup.id, category_id: w.soups.id, price: 2.5 },
        { id: w.main.id, price: null },
        {
          id: w.set.id,
          category_id: w.sets.id,
          complex: [
            { id: w.soup.id, price: 1.2, category_id: w.soups.id },
            { id: w.main.id, price: 4.5 },
            { id: w.soup2.id, price: null },
          ],
        },
      ],
    };
    const res = await kitchen.post(`/app/dishlists?${w.q}`, payload);
    expect(res.statusCode).toBe(201);
    const m = res.json();
    expect(m).toMatchObject({
      title: 'Pirmdiena',
      from: '2026-03-02T06:00:00.000Z',
      to: '2026-03-02T09:00:00.000Z',
      status: false,
      dishes_count: 3,
      orders_count: 0,
      ordered_dish_ids: [],
    });
    // Ordered by category position (sets 0, soups 1, mains 2).
    expect(m.selectedDishes).toEqual([
      {
        id: w.set.id,
        category_id: w.sets.id,
        price: null,
        complex: [
          { id: w.soup.id, price: 1.2, category_id: w.soups.id },
          { id: w.main.id, price: 4.5, category_id: w.mains.id },
        ].sort((a, b) => a.id - b.id),
      },
      { id: w.soup.id, category_id: w.soups.id, price: 2.5, complex: [] },
      { id: w.main.id, category_id: w.mains.id, price: null, complex: [] },
    ]);
    expect(m.categories.map((c: { id: number }) => c.id)).toEqual([w.sets.id, w.soups.id, w.mains.id]);
    expect(m.categories[1]).toMatchObject({
      title: { lv: expect.any(String), en: expect.any(String), ru: expect.any(String) },
      position: 1,
    });

    const read = await admin.get(`/app/dishlists/${m.id}?${w.q}`);
    expect(read.json()).toEqual(m);

    // Saving what was read changes nothing (round trip), including the option prices.
    const again = await kitchen.put(`/app/dishlists/${m.id}?${w.q}`, {
      title: m.title,
      from: m.from,
      to: m.to,
      status: true,
      selectedDishes: m.selectedDishes,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...m, status: true });
  });

  it('reads times without an offset in the provider time zone', async () => {
    const w = await world();
    const res = await admin.post(`/app/dishlists?${w.q}`, { title: 'Vasara', from: '2026-07-01T10:00', to: '2026-07-01T12:30' });
    expect(res.json()).toMatchObject({ from: '2026-07-01T07:00:00.000Z', to: '2026-07-01T09:30:00.000Z' });
  });

  it('takes times to the minute or second, with Z, an offset or none', async () => {
    const w = await world();
    const cases: [from: string, to: string, utcFrom: string, utcTo: string][] = [
      ['2026-03-02T08:00Z', '2026-03-02T10:00+02:00', '2026-03-02T08:00:00.000Z', '2026-03-02T08:00:00.000Z'],
      ['2026-03-02T08:00:30+02:00', '2026-03-02T10:15:00.250Z', '2026-03-02T06:00:30.000Z', '2026-03-02T10:15:00.250Z'],
      ['2026-03-02T08:00', '2026-03-02T09:00:00', '2026-03-02T06:00:00.000Z', '2026-03-02T07:00:00.000Z'],
    ];
    for (const [from, to, utcFrom, utcTo] of cases) {
      const res = await admin.post(`/app/dishlists?${w.q}`, { title: 'Laiki', from, to });
      expect(res.statusCode, from).toBe(201);
      expect(res.json()).toMatchObject({ from: utcFrom, to: utcTo });
    }
    for (const bad of ['2026-03-02T08Z', '2026-03-02 08:00', '2026-02-30T08:00Z', '2026-03-02T08:00+2', '2026-03-02T25:00Z']) {
      const res = await admin.post(`/app/dishlists?${w.q}&lang=en`, { title: 'X', from: bad, to: '2026-03-03T08:00Z' });
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors, bad).toEqual({ from: ['This value is not valid.'] });
    }
  });

  it('edits only what is sent and replaces the dishes and overrides when selectedDishes is sent', async () => {
    const w = await world();
    const m = (
      await admin.post(`/app/dishlists?${w.q}`, {
        title: 'Otrdiena',
        from: '2026-03-03T06:00:00Z',
        to: '2026-03-03T09:00:00Z',
        selectedDishes: [{ id: w.set.id, complex: [{ id: w.soup.id, price: 1 }] }, { id: w.soup.id }],
      })
    ).json();
    const renamed = (await admin.put(`/app/dishlists/${m.id}?${w.q}`, { title: 'Otrdiena!' })).json();
    expect(renamed).toMatchObject({ title: 'Otrdiena!', dishes_count: 2 });
    expect(renamed.selectedDishes[0].complex).toEqual([{ id: w.soup.id, price: 1, category_id: w.soups.id }]);

    const replaced = (
      await admin.put(`/app/dishlists/${m.id}?${w.q}`, { selectedDishes: [{ id: w.set.id }, { id: w.main.id, price: 7 }] })
    ).json();
    expect(replaced.selectedDishes).toEqual([
      { id: w.set.id, category_id: w.sets.id, price: null, complex: [] },
      { id: w.main.id, category_id: w.mains.id, price: 7, complex: [] },
    ]);
    expect(await ctx.db.select().from(menuComplexPrices).where(eq(menuComplexPrices.menuId, m.id))).toHaveLength(0);
    expect((await admin.put(`/app/dishlists/999999?${w.q}`, { title: 'X' })).statusCode).toBe(404);
  });
});

describe('menus: validation', () => {
  it('needs title, from and to; to not before from (422, request language)', async () => {
    const w = await world();
    const empty = await admin.post(`/app/dishlists?${w.q}&lang=lv`, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      title: ['Šis lauks ir obligāts.'],
      from: ['Šis lauks ir obligāts.'],
      to: ['Šis lauks ir obligāts.'],
    });
    const bad = await admin.post(`/app/dishlists?${w.q}&lang=en`, { title: 'X', from: 'tomorrow', to: '2026-03-02T09:00:00Z' });
    expect(bad.json().errors).toEqual({ from: ['This value is not valid.'] });
    const back = await admin.post(`/app/dishlists?${w.q}&lang=ru`, {
      title: 'X',
      from: '2026-03-02T10:00:00Z',
      to: '2026-03-02T09:00:00Z',
    });
    expect(back.statusCode).toBe(422);
    expect(back.json().errors).toEqual({ to: ['Окончание не может быть раньше начала.'] });
    expect(
      (await admin.post(`/app/dishlists?${w.q}`, { title: 'Same', from: '2026-03-02T10:00:00Z', to: '2026-03-02T10:00:00Z' })).statusCode,
    ).toBe(201);
    const m = (await admin.post(`/app/dishlists?${w.q}`, { title: 'X', from: '2026-03-02T08:00:00Z', to: '2026-03-02T10:00:00Z' })).json();
    const putBack = await admin.put(`/app/dishlists/${m.id}?${w.q}&lang=en`, { from: '2026-03-02T11:00:00Z' });
    expect(putBack.json().errors).toEqual({ to: ['The end must not be before the start.'] });
  });

  it('checks dishes, categories, prices and option ids', async () => {
    const w = await world();
    const other = await makeProvider(ctx.db);
    const foreign = await makeDish(ctx.db, other.id, (await makeCategory(ctx.db, other.id)).id);
    const res = await admin.post(`/app/dishlists?${w.q}&lang=en`, {
      title: 'X',
      from: '2026-03-02T08:00:00Z',
      to: '2026-03-02T10:00:00Z',
      selectedDishes: [
        { id: foreign.id },
        { id: w.soup.id, category_id: 999999 },
        { id: w.soup.id },
        { id: w.main.id, complex: [{ id: w.soup.id, price: 1 }] },
        {
          id: w.set.id,
          complex: [
            { id: foreign.id, price: 1 },
            { id: w.soup.id, price: 1 },
            { id: w.soup.id, price: 2 },
          ],
        },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'selectedDishes.0.id': ['This dish does not exist.'],
      'selectedDishes.1.category_id': ['This category does not exist.'],
      'selectedDishes.2.id': ['This dish is already on the menu.'],
      'selectedDishes.3.complex': ['Only set meals have option prices.'],
      'selectedDishes.4.complex.0.id': ['This dish is not an option of the set meal.'],
      'selectedDishes.4.complex.2.id': ['This option is listed twice.'],
    });
    const price = await admin.post(`/app/dishlists?${w.q}&lang=en`, {
      title: 'X',
      from: '2026-03-02T08:00:00Z',
      to: '2026-03-02T10:00:00Z',
      selectedDishes: [
        { id: w.soup.id, price: -1 },
        { id: w.main.id, price: 1.005 },
      ],
    });
    expect(price.json().errors).toEqual({
      'selectedDishes.0.price': ['The value must be at least 0.'],
      'selectedDishes.1.price': ['This value is not valid.'],
    });
  });

  it("takes an option price's category only from the provider's own categories", async () => {
    const w = await world();
    const foreignCategory = await makeCategory(ctx.db, (await makeProvider(ctx.db)).id);
    const times = { from: '2026-03-02T08:00:00Z', to: '2026-03-02T10:00:00Z' };
    const res = await admin.post(`/app/dishlists?${w.q}&lang=lv`, {
      title: 'X',
      ...times,
      selectedDishes: [
        {
          id: w.set.id,
          complex: [
            { id: w.soup.id, price: 1, category_id: 2147483647 },
            { id: w.main.id, price: 2, category_id: foreignCategory.id },
          ],
        },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'selectedDishes.0.complex.0.category_id': ['Šāda kategorija neeksistē.'],
      'selectedDishes.0.complex.1.category_id': ['Šāda kategorija neeksistē.'],
    });
    expect(await ctx.db.select().from(menuComplexPrices).where(eq(menuComplexPrices.complexDishId, w.set.id))).toEqual([]);

    const ok = await admin.post(`/app/dishlists?${w.q}`, {
      title: 'Y',
      ...times,
      selectedDishes: [
        {
          id: w.set.id,
          complex: [
            { id: w.soup.id, price: 1, category_id: w.soups.id },
            { id: w.main.id, price: 2 },
          ],
        },
      ],
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().selectedDishes[0].complex).toEqual([
      { id: w.soup.id, price: 1, category_id: w.soups.id },
      { id: w.main.id, price: 2, category_id: w.mains.id },
    ]);
  });
});

describe('menus: orders protect dishes and menus', () => {
  it('refuses to drop ordered dishes, naming them, but allows other changes', async () => {
    const w = await world();
    const m = (
      await admin.post(`/app/dishlists?${w.q}`, {
        title: 'T',
        from: '2026-03-02T08:00:00Z',
        to: '2026-03-02T10:00:00Z',
        selectedDishes: [{ id: w.soup.id }, { id: w.soup2.id }, { id: w.main.id }, { id: w.set.id }],
      })
    ).json();
    await placeOrder(m.id, [
      { dishId: w.soup.id, qty: 1 },
      { dishId: w.set.id, qty: 1, options: [w.soup2.id, w.main.id] },
    ]);
    await placeOrder(m.id, [{ dishId: w.main.id, qty: 1 }], 0); // failed orders do not hold dishes

    const read = (await admin.get(`/app/dishlists/${m.id}?${w.q}`)).json();
    expect(read.ordered_dish_ids).toEqual([w.soup.id, w.set.id].sort((a, b) => a - b));
    expect(read.orders_count).toBe(1);

    const res = await admin.put(`/app/dishlists/${m.id}?${w.q}&lang=en`, { selectedDishes: [{ id: w.main.id }] });
    expect(res.statusCode).toBe(422);
    const text = res.json().errors.selectedDishes[0] as string;
    expect(text).toMatch(/^These dishes have orders on this menu and cannot be removed: /);
    expect(text).toContain('Borscht');
    const lv = await admin.put(`/app/dishlists/${m.id}?${w.q}&lang=lv`, { selectedDishes: [{ id: w.set.id }] });
    expect(lv.json().errors.selectedDishes[0]).toBe('Šiem ēdieniem šajā ēdienkartē ir pasūtījumi, tos nevar noņemt: Borščs.');

    // Dropping unordered dishes and changing prices is fine.
    const ok = await admin.put(`/app/dishlists/${m.id}?${w.q}`, {
      selectedDishes: [{ id: w.soup.id, price: 9 }, { id: w.set.id }],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().dishes_count).toBe(2);
  });

  it('deletes a menu without orders, refuses one with orders (409)', async () => {
    const w = await world();
    const empty = (
      await admin.post(`/app/dishlists?${w.q}`, {
        title: 'E',
        from: '2026-03-02T08:00:00Z',
        to: '2026-03-02T10:00:00Z',
        selectedDishes: [{ id: w.soup.id }],
      })
    ).json();
    await admin.post(`/app/dishlists/${empty.id}/balance?${w.q}`, { balance: [{ id: w.soup.id, qty: 3 }] });
    const del = await kitchen.delete(`/app/dishlists/${empty.id}?${w.q}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true });
    expect((await admin.get(`/app/dishlists/${empty.id}?${w.q}`)).statusCode).toBe(404);

    const used = (
      await admin.post(`/app/dishlists?${w.q}`, {
        title: 'U',
        from: '2026-03-02T08:00:00Z',
        to: '2026-03-02T10:00:00Z',
        selectedDishes: [{ id: w.soup.id }],
      })
    ).json();
    await placeOrder(used.id, [{ dishId: w.soup.id, qty: 1 }], 0);
    const refused = await admin.delete(`/app/dishlists/${used.id}?${w.q}&lang=en`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The menu cannot be deleted: it has 1 order.');
    expect((await admin.delete(`/app/dishlists/999999?${w.q}`)).statusCode).toBe(404);
  });
});

describe('menus: list', () => {
  it('lists newest first, 20 per page by default, per_page=all, status filter, sorting and search', async () => {
    const w = await world();
    for (let i = 0; i < 23; i++) {
      const day = String(i + 1).padStart(2, '0');
      await admin.post(`/app/dishlists?${w.q}`, {
        title: `Menu ${day}`,
        from: `2026-03-${day}T08:00:00Z`,
        to: `2026-03-${day}T10:00:00Z`,
        status: i % 2 === 0,
      });
    }
    const first = (await kitchen.get(`/app/dishlists?${w.q}`)).json();
    expect(first).toMatchObject({ current_page: 1, last_page: 2, per_page: 20, total: 23 });
    expect(first.data[0]).toMatchObject({ title: 'Menu 23', dishes_count: 0, orders_count: 0 });
    const all = (await kitchen.get(`/app/dishlists?${w.q}&per_page=all&filter[status]=1`)).json();
    expect(all).toMatchObject({ per_page: 'all', total: 12 });
    expect(all.data.every((m: { status: boolean }) => m.status)).toBe(true);
    const asc = (await kitchen.get(`/app/dishlists?${w.q}&per_page=3&sort[from]=asc`)).json();
    expect(asc.data.map((m: { title: string }) => m.title)).toEqual(['Menu 01', 'Menu 02', 'Menu 03']);
    expect((await kitchen.get(`/app/dishlists?${w.q}&search=menu%2017`)).json().data.map((m: { title: string }) => m.title)).toEqual([
      'Menu 17',
    ]);
    const other = await makeProvider(ctx.db);
    expect((await kitchen.get(`/app/dishlists?provider_id=${other.id}`)).json().total).toBe(0);
  });
});

describe('menus: balance', () => {
  it('lists menu dishes and set-meal options, sets quantities, null for unlimited', async () => {
    const w = await world();
    const m = (
      await admin.post(`/app/dishlists?${w.q}`, {
        title: 'B',
        from: '2026-03-02T08:00:00Z',
        to: '2026-03-02T10:00:00Z',
        selectedDishes: [{ id: w.set.id }, { id: w.soup.id }],
      })
    ).json();
    const before = (await kitchen.get(`/app/dishlists/${m.id}/balance?${w.q}`)).json();
    expect(before.balance).toEqual([
      { id: w.set.id, qty: null, category_id: w.sets.id, ordered: 0, in_menu: true },
      { id: w.soup.id, qty: null, category_id: w.soups.id, ordered: 0, in_menu: true },
      { id: w.soup2.id, qty: null, category_id: w.soups.id, ordered: 0, in_menu: false },
      { id: w.main.id, qty: null, category_id: w.mains.id, ordered: 0, in_menu: false },
    ]);

    const set = await kitchen.post(`/app/dishlists/${m.id}/balance?${w.q}`, {
      balance: [
        { id: w.soup.id, qty: 10 },
        { id: w.main.id, qty: 0 },
      ],
    });
    expect(set.statusCode).toBe(200);
    const qty = (body: { balance: { id: number; qty: number | null }[] }) => Object.fromEntries(body.balance.map((b) => [b.id, b.qty]));
    expect(qty(set.json())).toEqual({ [w.set.id]: null, [w.soup.id]: 10, [w.soup2.id]: null, [w.main.id]: 0 });
    // Only listed dishes change; null makes a dish unlimited again.
    const second = await kitchen.post(`/app/dishlists/${m.id}/balance?${w.q}`, {
      balance: [
        { id: w.soup.id, qty: null },
        { id: w.set.id, qty: 5 },
      ],
    });
    expect(qty(second.json())).toEqual({ [w.set.id]: 5, [w.soup.id]: null, [w.soup2.id]: null, [w.main.id]: 0 });
    expect((await admin.get(`/app/dishlists/${m.id}/balance?${w.q}`)).json()).toEqual(second.json());

    await placeOrder(m.id, [
      { dishId: w.set.id, qty: 2, options: [w.soup.id, w.main.id] },
      { dishId: w.soup.id, qty: 1 },
    ]);
    const ordered = (await admin.get(`/app/dishlists/${m.id}/balance?${w.q}`)).json();
    expect(Object.fromEntries(ordered.balance.map((b: { id: number; ordered: number }) => [b.id, b.ordered]))).toEqual({
      [w.set.id]: 2,
      [w.soup.id]: 3,
      [w.soup2.id]: 0,
      [w.main.id]: 2,
    });

    // A dish taken off the menu but still an option of a set meal on it keeps its stock row.
    await admin.put(`/app/dishlists/${m.id}?${w.q}`, {
      selectedDishes: [{ id: w.set.id }, { id: w.soup.id }, { id: w.soup2.id }],
    });
    const rows = await ctx.db
      .select()
      .from(balances)
      .where(and(eq(balances.menuId, m.id), eq(balances.dishId, w.main.id)));
    expect(rows).toHaveLength(1); // main is still an option of the set meal, so its stock stays
  });

  it('validates quantities and dish ids, keyed by index', async () => {
    const w = await world();
    const m = (
      await admin.post(`/app/dishlists?${w.q}`, {
        title: 'B',
        from: '2026-03-02T08:00:00Z',
        to: '2026-03-02T10:00:00Z',
        selectedDishes: [{ id: w.soup.id }],
      })
    ).json();
    const bad = await admin.post(`/app/dishlists/${m.id}/balance?${w.q}&lang=en`, {
      balance: [{ id: w.soup.id, qty: -1 }, { id: w.soup.id, qty: 1.5 }, { id: w.soup.id }],
    });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors;
    expect(Object.keys(errors).sort()).toEqual(['balance.0.qty', 'balance.1.qty', 'balance.2.qty']);
    expect(errors['balance.0.qty']).toEqual(['The value must be at least 0.']);
    expect(errors['balance.2.qty']).toEqual(['This field is required.']);
    expect(errors['balance.1.qty']).toHaveLength(1); // the wording of "not whole" is the shared validation's
    const ids = await admin.post(`/app/dishlists/${m.id}/balance?${w.q}&lang=lv`, {
      balance: [
        { id: w.soup.id, qty: 1 },
        { id: w.main.id, qty: 1 },
        { id: w.soup.id, qty: 2 },
      ],
    });
    expect(ids.json().errors).toEqual({ 'balance.1.id': ['Šī ēdiena nav ēdienkartē.'], 'balance.2.id': ['Šis ēdiens norādīts divreiz.'] });
    expect(await ctx.db.select().from(balances).where(eq(balances.menuId, m.id))).toHaveLength(0);
    expect((await admin.get(`/app/dishlists/999999/balance?${w.q}`)).statusCode).toBe(404);

    // A dish taken off the menu loses its stock row.
    await admin.post(`/app/dishlists/${m.id}/balance?${w.q}`, { balance: [{ id: w.soup.id, qty: 4 }] });
    await admin.put(`/app/dishlists/${m.id}?${w.q}`, { selectedDishes: [{ id: w.main.id }] });
    expect(await ctx.db.select().from(balances).where(eq(balances.menuId, m.id))).toHaveLength(0);
    expect((await admin.get(`/app/dishlists/${m.id}/balance?${w.q}`)).json().balance).toEqual([
      { id: w.main.id, qty: null, category_id: w.mains.id, ordered: 0, in_menu: true },
    ]);
  });
});

describe('menus: provider scope', () => {
  it("answers 404 for another provider's menu (read, edit, delete, stock) and changes nothing", async () => {
    const w = await world();
    const m = (
      await admin.post(`/app/dishlists?${w.q}`, {
        title: 'Mana',
        from: '2026-03-02T08:00Z',
        to: '2026-03-02T10:00Z',
        selectedDishes: [{ id: w.soup.id }],
      })
    ).json();
    await kitchen.post(`/app/dishlists/${m.id}/balance?${w.q}`, { balance: [{ id: w.soup.id, qty: 5 }] });
    const other = await makeProvider(ctx.db);
    const otherDish = await makeDish(ctx.db, other.id, (await makeCategory(ctx.db, other.id)).id);
    const asOther = `provider_id=${other.id}`;
    expect((await kitchen.get(`/app/dishlists/${m.id}?${asOther}`)).statusCode).toBe(404);
    expect(
      (await admin.put(`/app/dishlists/${m.id}?${asOther}`, { title: 'Svešā', selectedDishes: [{ id: otherDish.id }] })).statusCode,
    ).toBe(404);
    expect((await admin.delete(`/app/dishlists/${m.id}?${asOther}`)).statusCode).toBe(404);
    expect((await kitchen.get(`/app/dishlists/${m.id}/balance?${asOther}`)).statusCode).toBe(404);
    expect((await kitchen.post(`/app/dishlists/${m.id}/balance?${asOther}`, { balance: [{ id: w.soup.id, qty: 0 }] })).statusCode).toBe(
      404,
    );

    expect((await kitchen.get(`/app/dishlists/${m.id}?${w.q}`)).json()).toEqual(m);
    const stock = (await kitchen.get(`/app/dishlists/${m.id}/balance?${w.q}`)).json();
    expect(stock.balance).toEqual([{ id: w.soup.id, qty: 5, category_id: w.soups.id, ordered: 0, in_menu: true }]);
  });
});

describe('menus: roles', () => {
  it('customers get 403 from every menu call', async () => {
    const w = await world();
    const m = (await admin.post(`/app/dishlists?${w.q}`, { title: 'R', from: '2026-03-02T08:00:00Z', to: '2026-03-02T10:00:00Z' })).json();
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['GET', '/app/dishlists'],
      ['GET', `/app/dishlists/${m.id}`],
      ['POST', '/app/dishlists', { title: 'X', from: '2026-03-02T08:00:00Z', to: '2026-03-02T10:00:00Z' }],
      ['PUT', `/app/dishlists/${m.id}`, { title: 'X' }],
      ['DELETE', `/app/dishlists/${m.id}`],
      ['GET', `/app/dishlists/${m.id}/balance`],
      ['POST', `/app/dishlists/${m.id}/balance`, { balance: [] }],
    ];
    for (const [method, url, body] of calls) {
      expect((await customer.request(method, `${url}?${w.q}`, body)).statusCode).toBe(403);
      expect((await ctx.anon.request(method, `${url}?${w.q}`, body)).statusCode).toBe(401);
    }
  });
});
