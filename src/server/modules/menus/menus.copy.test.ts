import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, balances, menus, orderItems, orders } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Client } from '../../test/client.js';
import { makeProvider, makeUser } from '../../test/factories.js';
import { makeCategory, makeComplex, makeDish } from '../catalogue/catalogue.factories.js';

let ctx: TestContext;
let kitchen: Client;
let customer: Client;

beforeAll(async () => {
  ctx = await createTestApp();
  kitchen = await ctx.as('kitchen');
  customer = await ctx.as('customer');
});
afterAll(() => ctx.close());

/** A Riga provider's menu on Monday 2 March 2026, 08:00-11:00, with an override, option prices and stock. */
async function world() {
  const p = await makeProvider(ctx.db, { timezone: 'Europe/Riga' });
  const soups = await makeCategory(ctx.db, p.id, { position: 1 });
  const sets = await makeCategory(ctx.db, p.id, { position: 0 });
  const soup = await makeDish(ctx.db, p.id, soups.id, { title: { lv: 'Borščs', en: 'Borscht' }, priceCents: 290 });
  const soup2 = await makeDish(ctx.db, p.id, soups.id, { title: { lv: 'Soļanka', en: 'Solyanka' }, priceCents: 340 });
  const set = await makeComplex(ctx.db, p.id, sets.id, [{ categoryId: soups.id, dishIds: [soup.id, soup2.id] }]);
  const q = `provider_id=${p.id}`;
  const res = await kitchen.post(`/app/dishlists?${q}`, {
    title: 'Pusdienas 02.03.2026',
    from: '2026-03-02T08:00:00+02:00',
    to: '2026-03-02T11:00:00+02:00',
    status: true,
    selectedDishes: [
      { id: soup.id, price: 2.5 },
      { id: set.id, complex: [{ id: soup2.id, price: 1.2 }] },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  const menuId = res.json().id as number;
  expect(
    (
      await kitchen.post(`/app/dishlists/${menuId}/balance?${q}`, {
        balance: [
          { id: soup.id, qty: 10 },
          { id: soup2.id, qty: 4 },
        ],
      })
    ).statusCode,
  ).toBe(200);
  return { p, q, menuId, soup, soup2, set };
}

/** An order that took `qty` soups from the menu's stock, as placing an order does. */
async function orderSoup(menuId: number, dishId: number, qty: number) {
  const user = await makeUser(ctx.db);
  const [order] = await ctx.db
    .insert(orders)
    .values({ menuId, userId: user.id, paymentType: 'cash', amountCents: 100, amountToPayCents: 100, status: 2 })
    .returning();
  await ctx.db.insert(orderItems).values({ orderId: order!.id, dishId, qty, unitPriceCents: 250 });
  await ctx.db
    .update(balances)
    .set({ qty: sql`${balances.qty} - ${qty}` })
    .where(and(eq(balances.menuId, menuId), eq(balances.dishId, dishId)));
}

describe('menus: copy to other days', () => {
  it('copies dishes, prices, option prices and the stock as set to each day, times kept in local time across DST', async () => {
    const w = await world();
    await orderSoup(w.menuId, w.soup.id, 3); // 7 left of 10
    const res = await kitchen.post(`/app/dishlists/${w.menuId}/copy?${w.q}`, { dates: ['2026-03-30', '2026-03-03'] });
    expect(res.statusCode).toBe(201);
    const copies = res.json().data as { id: number; title: string; from: string; to: string; status: boolean; orders_count: number }[];
    expect(copies.map((c) => [c.title, c.from, c.to, c.status, c.orders_count])).toEqual([
      ['Pusdienas 03.03.2026', '2026-03-03T06:00:00.000Z', '2026-03-03T09:00:00.000Z', true, 0],
      // Riga is on summer time (+03:00) from 29 March: 08:00 local is 05:00 UTC.
      ['Pusdienas 30.03.2026', '2026-03-30T05:00:00.000Z', '2026-03-30T08:00:00.000Z', true, 0],
    ]);
    const source = (await kitchen.get(`/app/dishlists/${w.menuId}?${w.q}`)).json();
    for (const c of copies) {
      const copy = (await kitchen.get(`/app/dishlists/${c.id}?${w.q}`)).json();
      expect(copy.selectedDishes).toEqual(source.selectedDishes);
      const stock = (await kitchen.get(`/app/dishlists/${c.id}/balance?${w.q}`)).json().balance as {
        id: number;
        qty: number | null;
      }[];
      expect(stock.find((b) => b.id === w.soup.id)?.qty).toBe(10);
      expect(stock.find((b) => b.id === w.soup2.id)?.qty).toBe(4);
    }
    // The source is untouched.
    const sourceStock = (await kitchen.get(`/app/dishlists/${w.menuId}/balance?${w.q}`)).json().balance as {
      id: number;
      qty: number;
    }[];
    expect(sourceStock.find((b) => b.id === w.soup.id)?.qty).toBe(7);
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'menu.copy'), eq(auditLog.providerId, w.p.id)));
    expect(entries.map((e) => [Number(e.entityId), e.after?.copied_from]).sort()).toEqual(copies.map((c) => [c.id, w.menuId]).sort());
  });

  it('publishes the copies only when asked, the source status by default', async () => {
    const w = await world();
    const res = await kitchen.post(`/app/dishlists/${w.menuId}/copy?${w.q}`, { dates: ['2026-03-04'], status: false });
    expect(res.statusCode).toBe(201);
    expect(res.json().data[0].status).toBe(false);
  });

  it('validates the days and copies nothing on a bad request', async () => {
    const w = await world();
    const count = async () => (await ctx.db.select().from(menus).where(eq(menus.providerId, w.p.id))).length;
    const before = await count();
    const bad: [object, string][] = [
      [{ dates: [] }, 'dates'],
      [{ dates: ['2026-02-30'] }, 'dates.0'],
      [{ dates: ['1999-12-31'] }, 'dates.0'],
      [{ dates: ['2026-03-03', '2026-03-03'] }, 'dates'],
      [{ dates: Array.from({ length: 15 }, (_, i) => `2026-04-${String(i + 1).padStart(2, '0')}`) }, 'dates'],
    ];
    for (const [payload, field] of bad) {
      const res = await kitchen.post(`/app/dishlists/${w.menuId}/copy?${w.q}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(payload)).toContain(field);
    }
    expect(await count()).toBe(before);
  });

  it("answers 404 for another provider's menu and 403 for customers", async () => {
    const w = await world();
    const other = await makeProvider(ctx.db);
    expect((await kitchen.post(`/app/dishlists/${w.menuId}/copy?provider_id=${other.id}`, { dates: ['2026-03-03'] })).statusCode).toBe(404);
    expect((await customer.post(`/app/dishlists/${w.menuId}/copy?${w.q}`, { dates: ['2026-03-03'] })).statusCode).toBe(403);
  });
});
