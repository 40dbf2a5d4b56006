/**
 * Unpaid card and bank orders (decision 045): a new order on the menu releases the customer's
 * abandoned unpaid one (its stock, bonus and subsidy serve the new order, the ledger is reversed,
 * open pages hear of it), an unpaid order's subsidy never makes the next order dearer, pending
 * orders are listed in history with their payment link, and an unpaid order holds at most
 * UNPAID_HOLD_MAX_PORTIONS of a limited dish.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNPAID_HOLD_MAX_PORTIONS } from '../../../shared/ordering/checkout.js';
import { auditLog, balances, ledgerEntries, orders, payments } from '../../db/schema/index.js';
import type { Change } from '../../lib/events.js';
import { signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { customerAt, menuWorld, setBalance } from './ordering.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function stockOf(menuId: number, dishId: number) {
  const rows = await ctx.db
    .select({ qty: balances.qty })
    .from(balances)
    .where(and(eq(balances.menuId, menuId), eq(balances.dishId, dishId)));
  return rows[0]!.qty;
}
const orderRow = async (id: number) => (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentOf = async (orderId: number) => (await ctx.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;

/** What the ledger holds for an order, per kind (reversals are stored negative). */
async function ledgerOf(orderId: number) {
  const rows = await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));
  const sums: Record<string, number> = {};
  for (const r of rows) sums[r.kind] = (sums[r.kind] ?? 0) + r.amountCents;
  return Object.fromEntries(Object.entries(sums).filter(([, v]) => v !== 0));
}

/** A customer with subsidy 3.50 and bonus 1.00, a menu whose main (5.50) has `stock` left. */
async function world(stock: number | null = 10) {
  const now = ctx.clock.now();
  const w = await menuWorld(ctx.db, now);
  await setBalance(ctx.db, w.menu.id, w.main.id, stock);
  const c = ctx.as(await customerAt(ctx.db, now, { subsidyCents: 350 }, { bonusCents: 100 }));
  const order = (payment: object, qty = 1) =>
    c.post('/app/order/create?lang=en', { dishlist_id: w.menu.id, items: [{ id: w.main.id, qty }], terms: true, ...payment });
  return { w, c, order };
}

describe('an abandoned card or bank payment', () => {
  it('no longer costs the subsidy: a cash order placed meanwhile releases the unpaid order and gets its subsidy and bonus', async () => {
    const { w, c, order } = await world();
    const card = await order({ payment_type: 'card' });
    expect(card.statusCode).toBe(200);
    const abandoned = card.json().order_id as number;
    expect(await orderRow(abandoned)).toMatchObject({ status: 1, subsidyCents: 350, bonusCents: 100 });
    expect(await stockOf(w.menu.id, w.main.id)).toBe(9);
    // The order page prices the next order with the subsidy the unpaid order holds: that order will release it.
    const page = (await c.get(`/app/order/create/${w.menu.id}`)).json();
    expect(page.userData).toMatchObject({ subsidy: 3.5 });

    const heard: Change[] = [];
    const off = ctx.app.changes.subscribe((change) => heard.push(change));
    const cash = await order({ payment_type: 'cash' });
    off();
    expect(cash.statusCode).toBe(200);
    const placed = cash.json().order_id as number;
    // Full subsidy and the bonus back for the new order: 5.50 - 3.50 - 1.00 = 1.00 to pay.
    expect(await orderRow(placed)).toMatchObject({ status: 2, subsidyCents: 350, bonusCents: 100, amountToPayCents: 100 });
    expect(await orderRow(abandoned)).toMatchObject({ status: 0, stockReleased: true });
    expect((await paymentOf(abandoned)).status).toBe('failed');
    // One portion held by the new order only; the ledger of the released order nets to nothing.
    expect(await stockOf(w.menu.id, w.main.id)).toBe(9);
    expect(await ledgerOf(abandoned)).toEqual({});
    expect(await ledgerOf(placed)).toEqual({ subsidy: 350, bonus: 100, payment_cash: 100 });
    // Open pages hear of the release (stock back) and of the new order.
    expect(heard.map((h) => h.type === 'order' && h.orderId)).toEqual(expect.arrayContaining([abandoned, placed]));
    // The sandbox page no longer takes money for the released order.
    const pay = await ctx.anon.get(card.json().payment_link);
    expect(pay.body).not.toContain('Approve payment');
  });

  it('a new card or bank order replaces the unpaid one instead of being refused (409), and takes the stock it held', async () => {
    const { w, order } = await world(2);
    const first = await order({ payment_type: 'card' }, 2);
    expect(first.statusCode).toBe(200);
    expect(await stockOf(w.menu.id, w.main.id)).toBe(0);
    // The whole stock is held by the customer's own unpaid order: the new order releases it first.
    const second = await order({ payment_type: 'bank', bank: 'seb' }, 2);
    expect(second.statusCode).toBe(200);
    expect(second.json().payment_link).toEqual(expect.any(String));
    expect((await orderRow(first.json().order_id)).status).toBe(0);
    expect(await orderRow(second.json().order_id)).toMatchObject({ status: 1, paymentType: 'bank', subsidyCents: 350 });
    expect(await stockOf(w.menu.id, w.main.id)).toBe(0);
  });

  it('is listed in the customer’s history (with its payment link) until it is paid or released', async () => {
    const { w, c, order } = await world();
    const card = await order({ payment_type: 'card' });
    const id = card.json().order_id as number;
    const history = await c.get(`/app/dishlists/history/${c.location.id}/${w.menu.id}?per_page=all`);
    expect(history.statusCode).toBe(200);
    const listed = history.json().data.find((o: { id: number }) => o.id === id);
    expect(listed).toMatchObject({ status: 1, payment_link: expect.stringContaining('/app/payments/') });
    // Listed, not summed: it is not an order until paid.
    expect(history.json().dishlist.orders_count).toBe(0);
    const menus = (await c.get(`/app/dishlists/history/${c.location.id}`)).json();
    expect(menus.data.map((m: { id: number }) => m.id)).toContain(w.menu.id);
  });
});

describe('what an unpaid order may hold of a limited dish', () => {
  it(`is at most ${UNPAID_HOLD_MAX_PORTIONS} portions for card and bank; cash and unlimited dishes are not capped`, async () => {
    const { w, order } = await world(20);
    const tooMany = await order({ payment_type: 'card' }, 20);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors[`balance.${w.main.id}`]).toEqual([
      expect.stringMatching(/^.+: a card or bank order may hold at most 5 portions until it is paid/),
    ]);
    expect((await order({ payment_type: 'bank', bank: 'seb' }, 6)).statusCode).toBe(422);
    expect(await stockOf(w.menu.id, w.main.id)).toBe(20);
    expect((await order({ payment_type: 'card' }, 5)).statusCode).toBe(200);
    expect(await stockOf(w.menu.id, w.main.id)).toBe(15);
    // Cash is placed at once (nothing is held for a payment): the cap does not apply. It releases the card order.
    expect((await order({ payment_type: 'cash' }, 20)).statusCode).toBe(200);
    expect(await stockOf(w.menu.id, w.main.id)).toBe(0);
    const unlimited = await world(null);
    expect((await unlimited.order({ payment_type: 'card' }, 20)).statusCode).toBe(200);
  });

  it('holds per customer under concurrency: parallel card orders of one customer leave one unpaid order within the cap', async () => {
    const { w, c, order } = await world(20);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => order(i % 2 ? { payment_type: 'bank', bank: 'seb' } : { payment_type: 'card' }, 4)),
    );
    for (const a of answers) expect([200, 409]).toContain(a.statusCode);
    expect(answers.some((a) => a.statusCode === 200)).toBe(true);
    const mine = await ctx.db.select().from(orders).where(eq(orders.userId, c.user.id));
    const unpaid = mine.filter((o) => o.status === 1);
    expect(unpaid).toHaveLength(1);
    // Only the one unpaid order holds stock, within the cap; every released order's ledger nets to nothing.
    expect(await stockOf(w.menu.id, w.main.id)).toBe(16);
    for (const o of mine.filter((x) => x.status === 0)) expect(await ledgerOf(o.id)).toEqual({});
    expect(await ledgerOf(unpaid[0]!.id)).toEqual({ subsidy: 350, bonus: 100 });
  });
});

describe('the subsidy rule under concurrency', () => {
  it('a payment completing while new orders release it never grants the subsidy twice', async () => {
    for (let round = 0; round < 3; round++) {
      const { w, c, order } = await world(20);
      const card = await order({ payment_type: 'card' });
      const reference = (await paymentOf(card.json().order_id)).reference;
      const approve = ctx.anon.post(`/app/payments/sandbox/${reference}/approve`, '', {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const [, ...cash] = await Promise.all([approve, ...Array.from({ length: 4 }, () => order({ payment_type: 'cash' }))]);
      for (const a of cash) expect(a.statusCode).toBe(200);
      const mine = await ctx.db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, c.user.id), inArray(orders.status, [1, 2])));
      // Whichever came first, the day's subsidy (3.50) and bonus (1.00) are used once among the live orders.
      expect(mine.reduce((s, o) => s + o.subsidyCents, 0)).toBe(350);
      expect(mine.reduce((s, o) => s + o.bonusCents, 0)).toBe(100);
      expect(mine.filter((o) => o.status === 1)).toHaveLength(0);
      expect(await stockOf(w.menu.id, w.main.id)).toBe(20 - mine.length);
    }
  });
});

describe('releasing the unpaid order for a new one (review of decision 045)', () => {
  it('is undone when the new order is then refused: the unpaid order keeps its stock, subsidy and payment', async () => {
    const { w, order } = await world(3);
    const card = await order({ payment_type: 'card' });
    const abandoned = card.json().order_id as number;
    expect(await stockOf(w.menu.id, w.main.id)).toBe(2);
    // 5 portions: the unpaid one's portion back still leaves 3, so the new order is refused (sold out).
    const refused = await order({ payment_type: 'cash' }, 5);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[`balance.${w.main.id}`]).toEqual([expect.stringContaining('3')]);
    expect(await orderRow(abandoned)).toMatchObject({ status: 1, stockReleased: false, subsidyCents: 350, bonusCents: 100 });
    expect((await paymentOf(abandoned)).status).toBe('pending');
    expect(await stockOf(w.menu.id, w.main.id)).toBe(2);
    expect(await ledgerOf(abandoned)).toEqual({ subsidy: 350, bonus: 100 });
    // Its payment link still works.
    const pay = await ctx.anon.get(card.json().payment_link);
    expect(pay.body).toContain('Approve payment');
  });

  it('is recorded: an audit entry and ledger reversals name the customer and the reason', async () => {
    const { c, order } = await world();
    const abandoned = (await order({ payment_type: 'card' })).json().order_id as number;
    const placed = (await order({ payment_type: 'cash' })).json().order_id as number;
    expect((await orderRow(abandoned)).status).toBe(0);
    const reversals = (await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, abandoned))).filter((e) => e.reversal);
    expect(reversals).toHaveLength(2);
    for (const e of reversals) expect(e).toMatchObject({ actorId: c.user.id, reason: 'released by a new order' });
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, String(abandoned))));
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: c.user.id,
        action: 'order.release',
        before: { status: 1 },
        after: { status: 0, order_id: placed, reason: 'released by a new order' },
      }),
    ]);
  });

  it('is not done by a staff order for the customer: that order is priced without the subsidy the unpaid order holds', async () => {
    const { w, c, order } = await world();
    const abandoned = (await order({ payment_type: 'card' })).json().order_id as number;
    const kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }, ctx.clock.now()));
    // The staff's user list prices the customer's next order as placing it will (the subsidy is held).
    const list = await kitchen.get(`/app/users/list?search=${encodeURIComponent(c.user.email)}&dishlist_id=${w.menu.id}`);
    expect(list.json().data[0].userData).toMatchObject({ subsidy: 0 });
    const staff = await kitchen.post('/app/order/create-for-user?lang=en', {
      dishlist_id: w.menu.id,
      items: [{ id: w.main.id, qty: 1 }],
      user_id: c.user.id,
      payment_type: 'cash',
    });
    expect(staff.statusCode).toBe(200);
    expect(await orderRow(abandoned)).toMatchObject({ status: 1, stockReleased: false });
    expect((await paymentOf(abandoned)).status).toBe('pending');
    expect(await orderRow(staff.json().order_id)).toMatchObject({ status: 2, subsidyCents: 0, bonusCents: 0, amountToPayCents: 550 });
  });

  it('is priced by the check as placement prices it: an order the released subsidy covers is free at a no-cash location', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now, { subsidyCents: 350, disableCash: true }));
    const order = (payment: object, dish: { id: number }) =>
      c.post('/app/order/create?lang=en', { dishlist_id: w.menu.id, items: [{ id: dish.id, qty: 1 }], terms: true, ...payment });
    const card = await order({ payment_type: 'card' }, w.main);
    expect(card.statusCode).toBe(200);
    expect((await orderRow(card.json().order_id)).status).toBe(1);
    // The page prices a soup (3.00) as covered by the subsidy (3.50): nothing left to pay, so no cash is asked.
    const page = (await c.get(`/app/order/create/${w.menu.id}`)).json();
    expect(page.userData).toMatchObject({ subsidy: 3.5 });
    const free = await order({ payment_type: 'cash' }, w.soup);
    expect(free.statusCode).toBe(200);
    expect(await orderRow(free.json().order_id)).toMatchObject({ status: 2, subsidyCents: 300, amountToPayCents: 0 });
    expect((await orderRow(card.json().order_id)).status).toBe(0);
  });
});
