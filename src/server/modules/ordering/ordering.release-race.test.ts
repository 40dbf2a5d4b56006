/**
 * Stock under many customers' releases at once (decision 045, the oversold finding of decision
 * 059): customers each holding an unpaid card order of a limited dish (as plain lines or as a set
 * meal's option) all place new orders at the same moment as fresh customers, while their payments
 * arrive or they cancel the unpaid orders. Whatever the interleaving, the stock left never goes
 * below 0, the units held by placed and pending orders plus the stock left equal the stock set
 * (releases give back exactly what they held, options included), and the ledger stays clean.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItemOptions, orderItems, orders, payments } from '../../db/schema/index.js';
import { ledgerDifferences } from '../../lib/ledger.js';
import { signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { balanceOf, customerAt, menuWorld, setBalance } from './ordering.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** The stock set on the main for each round. */
const STOCK = 40;
const HOLDERS = 10;
const FRESH = 15;

/** Units of `dishId` held by the placed and pending orders of the menu: lines and set-meal options, times the line's qty. */
async function heldUnits(menuId: number, dishId: number) {
  const live = and(eq(orders.menuId, menuId), inArray(orders.status, [1, 2]));
  const lines = await ctx.db
    .select({ qty: orderItems.qty })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(live, eq(orderItems.dishId, dishId)));
  const options = await ctx.db
    .select({ qty: orderItems.qty })
    .from(orderItemOptions)
    .innerJoin(orderItems, eq(orderItems.id, orderItemOptions.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(live, eq(orderItemOptions.dishId, dishId)));
  return [...lines, ...options].reduce((s, r) => s + r.qty, 0);
}

type Race = 'orders only' | 'payments arriving' | 'cancels';

/**
 * One round: HOLDERS customers each hold an unpaid card order of 2 mains (even ones as 2 plain
 * mains, odd ones as a set meal with the main chosen plus 1 plain main), then all at once each
 * places a cash order of 3 mains (replacing theirs) while FRESH new customers order 2 mains each
 * (card or cash), and, per `race`, each holder's payment is approved or the holder cancels.
 */
async function round(race: Race) {
  const now = ctx.clock.now();
  const w = await menuWorld(ctx.db, now);
  await setBalance(ctx.db, w.menu.id, w.main.id, STOCK);
  // Only the main is limited here: the set meal's soup is not.
  await setBalance(ctx.db, w.menu.id, w.soup.id, null);
  const [soupGroup, mainGroup] = w.set.groups;
  const holders = [];
  for (let i = 0; i < HOLDERS; i++) {
    const c = ctx.as(await customerAt(ctx.db, now));
    const items =
      i % 2 === 0
        ? [{ id: w.main.id, qty: 2 }]
        : [
            {
              id: w.set.complex.id,
              qty: 1,
              complex: [
                { group_id: soupGroup!.id, dish_id: w.soup.id },
                { group_id: mainGroup!.id, dish_id: w.main.id },
              ],
            },
            { id: w.main.id, qty: 1 },
          ];
    const res = await c.post('/app/order/create', { dishlist_id: w.menu.id, items, payment_type: 'card', terms: true });
    expect(res.statusCode, res.body).toBe(200);
    const orderId = res.json().order_id as number;
    const [p] = await ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
    holders.push({ c, orderId, reference: p!.reference });
  }
  expect(await balanceOf(ctx.db, w.menu.id, w.main.id)).toBe(STOCK - 2 * HOLDERS);
  expect(await heldUnits(w.menu.id, w.main.id)).toBe(2 * HOLDERS);

  const fresh = [];
  for (let i = 0; i < FRESH; i++) fresh.push(ctx.as(await signedIn(ctx.db, { role: 'customer' }, now)));
  const newOrders = [
    ...holders.map((h) =>
      h.c.post('/app/order/create', { dishlist_id: w.menu.id, items: [{ id: w.main.id, qty: 3 }], payment_type: 'cash', terms: true }),
    ),
    ...fresh.map((c, i) =>
      c.post('/app/order/create', {
        dishlist_id: w.menu.id,
        items: [{ id: w.main.id, qty: 2 }],
        payment_type: i % 2 ? 'card' : 'cash',
        terms: true,
      }),
    ),
  ];
  const side =
    race === 'payments arriving'
      ? holders.map((h) =>
          ctx.anon.post(`/app/payments/sandbox/${h.reference}/approve`, '', {
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }),
        )
      : race === 'cancels'
        ? holders.map((h) => h.c.post(`/app/order/${h.orderId}/cancel`))
        : [];
  const [answers, sideAnswers] = await Promise.all([Promise.all(newOrders), Promise.all(side)]);

  // Placed, refused for stock, or (outrun ten times) "try again"; never a server error.
  for (const a of answers) expect([200, 409, 422], a.body).toContain(a.statusCode);
  for (const a of sideAnswers) expect(a.statusCode, a.body).toBeLessThan(500);
  const left = (await balanceOf(ctx.db, w.menu.id, w.main.id))!;
  const held = await heldUnits(w.menu.id, w.main.id);
  expect(left).toBeGreaterThanOrEqual(0);
  // Every unit is either left or held by a placed or pending order: releases gave back exactly what they held.
  expect({ held, left, total: held + left }).toEqual({ held: STOCK - left, left, total: STOCK });
  // Demand (60 units) was over the stock: some were refused, and the answers match the stored orders.
  expect(answers.some((a) => a.statusCode === 422)).toBe(true);
  const placed = answers.filter((a) => a.statusCode === 200).map((a) => a.json().order_id as number);
  const stored = await ctx.db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(inArray(orders.id, placed.length ? placed : [0]));
  expect(stored.map((o) => o.id).sort()).toEqual([...placed].sort());
  // Each holder ends with at most one pending order on the menu.
  for (const h of holders) {
    const mine = await ctx.db
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.userId, h.c.user.id), eq(orders.menuId, w.menu.id), eq(orders.status, 1)));
    expect(mine.length).toBeLessThanOrEqual(1);
  }
  expect(await ledgerDifferences(ctx.db)).toEqual([]);
}

describe('many customers releasing unpaid orders of one limited dish at once', () => {
  for (const race of ['orders only', 'payments arriving', 'cancels'] as const)
    it(`never sells more than the stock set: ${race}`, async () => {
      for (let r = 0; r < 3; r++) await round(race);
    });
});
