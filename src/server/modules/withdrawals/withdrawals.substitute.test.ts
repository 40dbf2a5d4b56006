import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withdrawnChoiceResult, withdrawnNotices } from '../../../shared/schemas/withdrawals.js';
import { dishAllergens, orderItems, refunds, withdrawnOrders } from '../../db/schema/index.js';
import { ledgerDifferences } from '../../lib/ledger.js';
import { signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { makeAllergen } from '../catalogue/catalogue.factories.js';
import { countDishes } from '../kitchen/kitchen.read.js';
import { balanceOf, customerAt, menuWorld, setBalance } from '../ordering/ordering.factories.js';
import { orderRow, place, placePaid } from './withdrawals.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const linesOf = async (orderId: number) =>
  (await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id))).map((l) => [l.dishId, l.qty]);
const statusOf = async (orderId: number) =>
  (await ctx.db.select().from(withdrawnOrders).where(eq(withdrawnOrders.orderId, orderId)))[0]?.status;

describe('withdrawing a dish with a substitute', () => {
  it('gives the substitute from its stock (never oversold, the rest refunded); each eater keeps it or takes the refund, once', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const q = `?provider_id=${w.provider.id}`;
    const kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }, now));
    await setBalance(ctx.db, w.menu.id, w.dessert.id, 3);
    // Three orders of the main (5.50) and the dessert (1.20) as substitute, 3 left: 2 + 1 fit, the last order does not.
    const a = ctx.as(await customerAt(ctx.db, now));
    const aId = await place(a, w.menu.id, [{ id: w.main.id, qty: 2 }]);
    const b = ctx.as(await customerAt(ctx.db, now));
    const bId = await placePaid(ctx, b, w.menu.id, [
      { id: w.main.id, qty: 1 },
      { id: w.soup.id, qty: 1 },
    ]);
    const c = ctx.as(await customerAt(ctx.db, now));
    const cId = await place(c, w.menu.id, [
      { id: w.main.id, qty: 1 },
      { id: w.soup.id, qty: 1 },
    ]);
    const res = await kitchen.post(`/app/dishlists/${w.menu.id}/withdrawals${q}`, {
      dish_id: w.main.id,
      mode: 'substitute',
      substitute_dish_id: w.dessert.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().withdrawal).toMatchObject({ orders: 3, substituted: 2, refunded: 1, amount: 5.5 });
    // The kitchen's orders now hold the dessert in place of the main, at the main's price; no dessert left.
    expect(await linesOf(aId)).toEqual([[w.dessert.id, 2]]);
    expect(await linesOf(bId)).toEqual([
      [w.dessert.id, 1],
      [w.soup.id, 1],
    ]);
    expect(await linesOf(cId)).toEqual([[w.soup.id, 1]]);
    expect(await statusOf(cId)).toBe('refunded');
    expect(await balanceOf(ctx.db, w.menu.id, w.dessert.id)).toBe(0);
    expect(await orderRow(ctx.db, aId)).toMatchObject({ amountCents: 1100, amountToPayCents: 1100 });
    // The kitchen cooks no main and the 3 desserts given in its place.
    const counts = (await countDishes(ctx.db, w.menu.id, 'en')).dishes.flatMap((g) => g.data.map((d) => [d.id, d.qty]));
    expect(counts.find(([id]) => id === w.main.id)).toBeUndefined();
    expect(counts.find(([id]) => id === w.dessert.id)).toEqual([w.dessert.id, 3]);

    // The eater sees it on their order with the time to choose; another person does not.
    const seen = withdrawnNotices.strict().parse((await a.get(`/app/order/${aId}/withdrawn?lang=en`)).json());
    expect(seen.data).toMatchObject([{ dish: 'Pork chop', substitute: 'Bread soup', status: 'substituted', portions: 2, amount: 11 }]);
    expect(seen.data[0]!.choose_until).toBe(w.menu.to.toISOString());
    expect((await b.get(`/app/order/${aId}/withdrawn`)).statusCode).toBe(404);
    const wid = seen.data[0]!.withdrawal_id;
    expect((await b.post(`/app/order/${aId}/withdrawn/${wid}`, { choice: 'refund' })).statusCode).toBe(404);

    // A keeps the substitute; a later refund changes nothing.
    const kept = withdrawnChoiceResult
      .strict()
      .parse((await a.post(`/app/order/${aId}/withdrawn/${wid}`, { choice: 'substitute' })).json());
    expect(kept).toMatchObject({ changed: true, notice: { status: 'kept', choose_until: null } });
    expect((await a.post(`/app/order/${aId}/withdrawn/${wid}`, { choice: 'refund' })).json()).toMatchObject({ changed: false });
    expect(await linesOf(aId)).toEqual([[w.dessert.id, 2]]);

    // B takes the refund twice at once: once. The dessert's line goes, 5.50 back to the card, its dessert back in stock.
    const [r1, r2] = await Promise.all([
      b.post(`/app/order/${bId}/withdrawn/${wid}`, { choice: 'refund' }),
      b.post(`/app/order/${bId}/withdrawn/${wid}`, { choice: 'refund' }),
    ]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    expect([r1.json().changed, r2.json().changed].sort()).toEqual([false, true]);
    expect(await linesOf(bId)).toEqual([[w.soup.id, 1]]);
    expect(await ctx.db.select({ a: refunds.amountCents, s: refunds.status }).from(refunds).where(eq(refunds.orderId, bId))).toEqual([
      { a: 550, s: 'refunded' },
    ]);
    expect(r1.json().changed ? r1.json().notice : r2.json().notice).toMatchObject({ status: 'refunded', refund: { paid: 5.5 } });
    expect(await balanceOf(ctx.db, w.menu.id, w.dessert.id)).toBe(1);
    expect(await ledgerDifferences(ctx.db)).toEqual([]);
  });

  it('an eater whose whole order was the dish gets it cancelled on refund; after the time to choose, the substitute stays', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const q = `?provider_id=${w.provider.id}`;
    const kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }, now));
    const a = ctx.as(await customerAt(ctx.db, now, { subsidyCents: 200 }));
    const aId = await place(a, w.menu.id, [{ id: w.main.id, qty: 1 }]);
    const b = ctx.as(await customerAt(ctx.db, now));
    const bId = await place(b, w.menu.id, [{ id: w.main.id, qty: 1 }]);
    const body = { dish_id: w.main.id, mode: 'substitute', substitute_dish_id: w.soup.id };
    expect((await kitchen.post(`/app/dishlists/${w.menu.id}/withdrawals${q}`, body)).statusCode).toBe(200);
    expect(await balanceOf(ctx.db, w.menu.id, w.soup.id)).toBe(3);
    const wid = (await a.get(`/app/order/${aId}/withdrawn`)).json().data[0].withdrawal_id as number;
    const refunded = await a.post(`/app/order/${aId}/withdrawn/${wid}`, { choice: 'refund' });
    expect(refunded.json()).toMatchObject({ changed: true, notice: { status: 'cancelled', refund: { subsidy: 2, cash: 3.5 } } });
    expect(await orderRow(ctx.db, aId)).toMatchObject({ status: 3 });
    expect(await balanceOf(ctx.db, w.menu.id, w.soup.id)).toBe(4);

    ctx.clock.set(new Date(w.menu.to.getTime() + 1));
    try {
      const late = await b.post(`/app/order/${bId}/withdrawn/${wid}?lang=en`, { choice: 'refund' });
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe('The time to choose has passed: the substitute stays in your order.');
      expect(await linesOf(bId)).toEqual([[w.soup.id, 1]]);
    } finally {
      ctx.clock.set(now);
    }
    expect(await ledgerDifferences(ctx.db)).toEqual([]);
  });

  it('gives the lines the substitute’s allergens, and flags for the kitchen one its eater avoids', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const q = `?provider_id=${w.provider.id}`;
    const kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }, now));
    const milk = await makeAllergen(ctx.db);
    const gluten = await makeAllergen(ctx.db);
    // The main has milk; its substitute, the soup, has gluten, which eater A avoids (B avoids nothing).
    await ctx.db.insert(dishAllergens).values([
      { dishId: w.main.id, allergenId: milk.id },
      { dishId: w.soup.id, allergenId: gluten.id },
    ]);
    const a = ctx.as(await customerAt(ctx.db, now, {}, { avoidedAllergens: [gluten.id] }));
    const aId = await place(a, w.menu.id, [{ id: w.main.id, qty: 1 }]);
    const b = ctx.as(await customerAt(ctx.db, now));
    const bId = await place(b, w.menu.id, [{ id: w.main.id, qty: 1 }]);
    expect((await a.get(`/app/order/${aId}`)).json()).toMatchObject({ items: [{ allergens: [{ id: milk.id }] }], allergen_warnings: [] });
    const body = { dish_id: w.main.id, mode: 'substitute', substitute_dish_id: w.soup.id };
    expect((await kitchen.post(`/app/dishlists/${w.menu.id}/withdrawals${q}`, body)).statusCode).toBe(200);
    const orderA = (await a.get(`/app/order/${aId}`)).json();
    expect(orderA.items).toMatchObject([{ dish: { id: w.soup.id }, allergens: [{ id: gluten.id }] }]);
    expect(orderA.items[0].allergens).toHaveLength(1);
    expect(orderA.allergen_warnings).toMatchObject([{ id: gluten.id }]);
    const orderB = (await b.get(`/app/order/${bId}`)).json();
    expect(orderB.items).toMatchObject([{ dish: { id: w.soup.id }, allergens: [{ id: gluten.id }] }]);
    expect(orderB.allergen_warnings).toEqual([]);
  });
});
