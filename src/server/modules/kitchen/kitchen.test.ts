import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index.js';
import { signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Client } from '../../test/client.js';
import { addToMenu, customerAt, makeCategory, makeDish, menuWorld } from '../ordering/ordering.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function place(who: Client, body: object) {
  const res = await who.post('/app/order/create', { terms: true, ...body });
  expect(res.statusCode).toBe(200);
  return res.json().order_id as number;
}

/** A menu with placed cash orders (plain and set meal), a pending card order and a failed one. */
async function world() {
  const now = ctx.clock.now();
  const w = await menuWorld(ctx.db, now);
  const drinks = await makeCategory(ctx.db, w.provider.id, 'Dzērieni');
  const juice = await makeDish(ctx.db, {
    providerId: w.provider.id,
    categoryId: drinks.id,
    priceCents: 150,
    title: { lv: 'Sula', en: 'Juice' },
  });
  await addToMenu(ctx.db, w.menu.id, juice);
  const c = ctx.as(await customerAt(ctx.db, now));
  const [g1, g2, g3] = w.set.groups;
  // Plain: 2 soups and 1 juice; a set meal × 3 with soup, main and dessert.
  await place(c, {
    dishlist_id: w.menu.id,
    items: [
      { id: w.soup.id, qty: 2 },
      { id: juice.id, qty: 1 },
    ],
    payment_type: 'cash',
  });
  await place(c, {
    dishlist_id: w.menu.id,
    items: [
      {
        id: w.set.complex.id,
        qty: 3,
        complex: [
          { group_id: g1!.id, dish_id: w.soup.id },
          { group_id: g2!.id, dish_id: w.main.id },
          { group_id: g3!.id, dish_id: w.dessert.id },
        ],
      },
    ],
    payment_type: 'cash',
  });
  // Not placed: a pending card order and a failed one.
  await place(c, { dishlist_id: w.menu.id, items: [{ id: w.main.id, qty: 4 }], payment_type: 'card' });
  const failed = await place(c, { dishlist_id: w.menu.id, items: [{ id: juice.id, qty: 7 }], payment_type: 'cash' });
  await ctx.db.update(orders).set({ status: 0 }).where(eq(orders.id, failed));
  const staff = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }, now));
  return { w, juice, drinks, c, staff };
}

describe('kitchen display data', () => {
  it('counts plain lines and the chosen options of set meals from placed orders only', async () => {
    const x = await world();
    const res = await x.staff.get(`/app/kitchen/${x.w.menu.id}?provider_id=${x.w.provider.id}&lang=en`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.dishlist).toMatchObject({ id: x.w.menu.id, title: x.w.menu.title });
    expect(body.updated_at).toBe(ctx.clock.now().toISOString());
    const cats = Object.fromEntries(
      body.dishes.map((g: { key: number; title: string; data: { title: string; qty: number }[] }) => [
        g.key,
        { title: g.title, data: g.data.map((d) => [d.title, d.qty]) },
      ]),
    );
    // Soup: 2 plain + 3 in sets; main 3 in sets (the pending 4 not counted); dessert 3.
    expect(cats[x.w.category.id]).toEqual({
      title: 'Zupas',
      data: [
        ['Sorrel soup', 5],
        ['Pork chop', 3],
        ['Bread soup', 3],
      ],
    });
    // Juice: 1 (the failed order's 7 not counted); the drinks category has its own key.
    expect(cats[x.drinks.id]).toEqual({ title: 'Dzērieni', data: [['Juice', 1]] });
    expect(body.dishes).toHaveLength(2);
    expect(body.initials).toEqual([{ id: x.w.set.complex.id, title: 'Set', qty: 3 }]);
    // The set meal itself is no dish to cook.
    expect(body.dishes.flatMap((g: { data: { id: number }[] }) => g.data.map((d) => d.id))).not.toContain(x.w.set.complex.id);
    const lv = (await x.staff.get(`/app/kitchen/${x.w.menu.id}?provider_id=${x.w.provider.id}&lang=lv`)).json();
    expect(lv.initials[0].title).toBe('Komplekss');
  });

  it('answers an empty display for a menu without placed orders', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }, now));
    const res = await admin.get(`/app/kitchen/${w.menu.id}?provider_id=${w.provider.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ dishes: [], initials: [] });
  });

  it('is for staff only, for the active provider’s menus, with valid ids', async () => {
    const x = await world();
    const other = await menuWorld(ctx.db, ctx.clock.now());
    const url = `/app/kitchen/${x.w.menu.id}?provider_id=${x.w.provider.id}`;
    expect((await x.c.get(url)).statusCode).toBe(403);
    expect((await ctx.anon.get(url)).statusCode).toBe(401);
    // Another provider's menu, and an unknown one.
    expect((await x.staff.get(`/app/kitchen/${other.menu.id}?provider_id=${x.w.provider.id}`)).statusCode).toBe(404);
    expect((await x.staff.get(`/app/kitchen/2147483647?provider_id=${x.w.provider.id}`)).statusCode).toBe(404);
    const huge = await x.staff.get(`/app/kitchen/99999999999?provider_id=${x.w.provider.id}`);
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors).toHaveProperty('id');
  });
});
