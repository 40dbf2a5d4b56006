import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cancelOrderResult } from '../../../shared/schemas/orders.js';
import { balances, orders, payments, refunds, users } from '../../db/schema/index.js';
import type { PaymentGateway } from '../../lib/payments/gateway.js';
import { sandboxGateway } from '../../lib/payments/sandbox.js';
import { signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Client } from '../../test/client.js';
import { makeLap } from '../laps/laps.factories.js';
import { retryRefunds, sendRefund } from '../payments/refunds.service.js';
import { customerAt, menuWorld } from './ordering.factories.js';
import type { Change } from '../../lib/events.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
afterEach(() => sandbox().failRefunds(false));

const sandbox = () => sandboxGateway(ctx.deps.env);
const cancel = (orderId: number, who: Client, query = '') => who.post(`/app/order/${orderId}/cancel${query}`);

async function stockOf(menuId: number, dishId: number) {
  const rows = await ctx.db
    .select({ qty: balances.qty })
    .from(balances)
    .where(and(eq(balances.menuId, menuId), eq(balances.dishId, dishId)));
  return rows[0]?.qty;
}
const bonusOf = async (userId: number) => (await ctx.db.select({ b: users.bonusCents }).from(users).where(eq(users.id, userId)))[0]!.b;
const orderRow = async (id: number) => (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;

const cashBody = (menuId: number, items: { id: number; qty: number }[]) => ({
  dishlist_id: menuId,
  items,
  payment_type: 'cash',
  terms: true,
});

async function placeCash(menuId: number, items: { id: number; qty: number }[], who: Client) {
  const res = await who.post('/app/order/create', cashBody(menuId, items));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order_id as number;
}

/** A paid card order of 2 soups (6.00 + 0.25 commission). */
async function paidCardOrder() {
  const now = ctx.clock.now();
  const w = await menuWorld(ctx.db, now);
  const c = ctx.as(await customerAt(ctx.db, now));
  const res = await c.post('/app/order/create', { ...cashBody(w.menu.id, [{ id: w.soup.id, qty: 2 }]), payment_type: 'card' });
  expect(res.statusCode, res.body).toBe(200);
  const orderId = res.json().order_id as number;
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
  const approved = await ctx.anon.post(`/app/payments/sandbox/${payment!.reference}/approve`, '', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(approved.statusCode).toBeLessThan(400);
  expect((await orderRow(orderId)).status).toBe(2);
  return { w, c, orderId, payment: payment! };
}

describe('cancelling an order', () => {
  it('a customer cancels their own order before the deadline: stock, subsidy and bonus come back, once', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now, { subsidyCents: 300 }, { bonusCents: 200 }));
    // 2 soups (6.00): 3.00 subsidy, 2.00 bonus, 1.00 cash.
    const id = await placeCash(w.menu.id, [{ id: w.soup.id, qty: 2 }], c);
    expect(await stockOf(w.menu.id, w.soup.id)).toBe(3);
    const before = (await c.get(`/app/order/create/${w.menu.id}`)).json();
    expect(before.userData).toMatchObject({ subsidy: 0, bonus: 0 });

    const res = await cancel(id, c, '?lang=en');
    expect(res.statusCode, res.body).toBe(200);
    const body = cancelOrderResult.strict().parse(res.json());
    expect(body.already_cancelled).toBe(false);
    expect(body.order).toMatchObject({ id, status: 3, refund: null });
    expect(body.order.cancelled_at).toBe(now.toISOString());
    expect(await orderRow(id)).toMatchObject({ status: 3, cancelledById: c.user.id, stockReleased: true });
    expect(await stockOf(w.menu.id, w.soup.id)).toBe(5);
    expect(await bonusOf(c.user.id)).toBe(200);
    const page = (await c.get(`/app/order/create/${w.menu.id}`)).json();
    expect(page.userData).toMatchObject({ subsidy: 3, bonus: 2 });
    const soup = page.dishlist.categories[0].dishes.find((d: { id: number }) => d.id === w.soup.id);
    expect(soup.qty).toBe(5);

    // A second cancel says so and gives nothing back again.
    const again = await cancel(id, c);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ already_cancelled: true, order: { status: 3 } });
    expect(await stockOf(w.menu.id, w.soup.id)).toBe(5);
    expect(await bonusOf(c.user.id)).toBe(200);

    // A new order can use the subsidy and bonus again.
    const next = await placeCash(w.menu.id, [{ id: w.soup.id, qty: 2 }], c);
    expect(await orderRow(next)).toMatchObject({ subsidyCents: 300, bonusCents: 200, amountToPayCents: 100, status: 2 });
  });

  it('keeps customers to their own orders before the deadline; staff cancel any order of their provider at any time', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    const other = ctx.as(await customerAt(ctx.db, now));
    const kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }, now));
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }, now));
    const a = await placeCash(w.menu.id, [{ id: w.soup.id, qty: 1 }], c);
    const b = await placeCash(w.menu.id, [{ id: w.soup.id, qty: 1 }], c);
    expect((await cancel(a, ctx.anon)).statusCode).toBe(401);
    expect((await cancel(a, other)).statusCode).toBe(403);
    expect((await cancel(2147483647, c)).statusCode).toBe(404);
    expect((await orderRow(a)).status).toBe(2);

    // After the deadline the customer is refused, in their language.
    ctx.clock.advance(3 * 3600_000);
    try {
      const texts = {
        en: 'The menu is closed, this order can no longer be cancelled.',
        lv: 'Ēdienkarte ir slēgta, šo pasūtījumu vairs nevar atcelt.',
        ru: 'Меню закрыто, этот заказ больше нельзя отменить.',
      };
      for (const [lang, text] of Object.entries(texts)) {
        const late = await cancel(a, c, `?lang=${lang}`);
        expect(late.statusCode).toBe(409);
        expect(late.json().message).toBe(text);
      }
      expect((await orderRow(a)).status).toBe(2);
      expect(await stockOf(w.menu.id, w.soup.id)).toBe(3);

      // Staff of another provider do not see it; staff of this one cancel after the deadline.
      const elsewhere = await menuWorld(ctx.db, ctx.clock.now());
      expect((await cancel(a, kitchen, `?provider_id=${elsewhere.provider.id}`)).statusCode).toBe(404);
      const byKitchen = await cancel(a, kitchen, `?provider_id=${w.provider.id}`);
      expect(byKitchen.statusCode).toBe(200);
      expect(await orderRow(a)).toMatchObject({ status: 3, cancelledById: kitchen.user.id });
      const byAdmin = await cancel(b, admin, `?provider_id=${w.provider.id}`);
      expect(byAdmin.statusCode).toBe(200);
      expect(await stockOf(w.menu.id, w.soup.id)).toBe(5);
    } finally {
      ctx.clock.advance(-3 * 3600_000);
    }
  });

  it('refuses a failed order and gives up the pending payment of an unpaid one', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    const res = await c.post('/app/order/create', { ...cashBody(w.menu.id, [{ id: w.soup.id, qty: 1 }]), payment_type: 'card' });
    const pending = res.json().order_id as number;
    expect((await cancel(pending, c)).statusCode).toBe(200);
    const [p] = await ctx.db.select().from(payments).where(eq(payments.orderId, pending));
    expect(p!.status).toBe('failed');
    expect(await ctx.db.select().from(refunds).where(eq(refunds.orderId, pending))).toHaveLength(0);
    expect(await stockOf(w.menu.id, w.soup.id)).toBe(5);
    // The sandbox page no longer takes the payment.
    await ctx.anon.post(`/app/payments/sandbox/${p!.reference}/approve`, '', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect((await orderRow(pending)).status).toBe(3);

    const failed = await placeCash(w.menu.id, [{ id: w.soup.id, qty: 1 }], c);
    await ctx.db.update(orders).set({ status: 0, stockReleased: true }).where(eq(orders.id, failed));
    const refused = await cancel(failed, c, '?lang=en');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This order cannot be cancelled.');
  });

  it('a cancelled order is left out of every count and sum: order list, print-out, kitchen, laps, history, menus', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now, { subsidyCents: 100 }));
    const staff = ctx.as(await signedIn(ctx.db, { role: 'admin' }, now));
    const q = `?provider_id=${w.provider.id}`;
    const kept = await placeCash(w.menu.id, [{ id: w.main.id, qty: 1 }], c);
    const gone = await placeCash(w.menu.id, [{ id: w.soup.id, qty: 2 }], c);
    expect((await cancel(gone, c)).statusCode).toBe(200);

    const list = (await staff.get(`/app/order${q}&filter[dishlist_id]=${w.menu.id}&full=1`)).json();
    expect(list.totals).toMatchObject({ count: 1, total: 5.5, cash: 4.5, subsidy: 1 });
    const placedOnly = (await staff.get(`/app/order${q}&filter[dishlist_id]=${w.menu.id}&filter[status]=2&full=1`)).json();
    expect(placedOnly.data.flatMap((g: { orders: { id: number }[] }) => g.orders.map((o) => o.id))).toEqual([kept]);
    const cancelledOnly = (await staff.get(`/app/order${q}&filter[dishlist_id]=${w.menu.id}&filter[status]=3&full=1`)).json();
    expect(cancelledOnly.data.flatMap((g: { orders: { id: number }[] }) => g.orders.map((o) => o.id))).toEqual([gone]);
    expect(cancelledOnly.totals.count).toBe(0);

    const pdf = await staff.get(`/app/dishlists/${w.menu.id}/print-orders${q}`);
    expect(pdf.statusCode).toBe(200);

    const kitchen = (await staff.get(`/app/kitchen/${w.menu.id}${q}&lang=en`)).json();
    const counted = kitchen.dishes.flatMap((g: { data: { id: number; qty: number }[] }) => g.data.map((d) => [d.id, d.qty]));
    expect(counted).toEqual([[w.main.id, 1]]);

    const lap = await makeLap(ctx.db, w.provider.id, [c.location.id]);
    const report = (await staff.get(`/app/laps/report/${lap.id}/${w.menu.id}${q}&lang=en`)).json();
    expect(report.totals).toMatchObject({ count: 1, cash: 4.5 });
    expect(report.dishes.flatMap((g: { data: { id: number }[] }) => g.data.map((d) => d.id))).toEqual([w.main.id]);

    // History lists the cancelled order (marked) but sums only the placed one.
    const history = (await c.get(`/app/dishlists/history/${c.location.id}/${w.menu.id}?per_page=all`)).json();
    expect(history.data.map((o: { id: number; status: number }) => [o.id, o.status])).toEqual([
      [kept, 2],
      [gone, 3],
    ]);
    expect(history.dishlist).toMatchObject({ total: 5.5, cash_total: 4.5, subsidy_total: 1, orders_count: 1 });
    const menus = (await c.get(`/app/dishlists/history/${c.location.id}?per_page=all`)).json();
    expect(menus.data[0]).toMatchObject({ id: w.menu.id, total: 5.5, orders_count: 1 });
    const report2 = await c.get(`/app/dishlists/history/${c.location.id}/${w.menu.id}/pdf`);
    expect(report2.statusCode).toBe(200);

    const menuList = (await staff.get(`/app/dishlists${q}&per_page=all`)).json();
    expect(menuList.data.find((m: { id: number }) => m.id === w.menu.id).orders_count).toBe(1);
  });
});

describe('refunds of cancelled paid orders', () => {
  it('a paid card order is refunded through the sandbox, exactly once', async () => {
    const { c, orderId, payment } = await paidCardOrder();
    const res = await cancel(orderId, c);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.refund).toEqual({ status: 'refunded', amount: 6.25, attempts: 1, last_error: null });
    const made = sandbox()
      .refunds()
      .filter((r) => r.reference === payment.reference);
    expect(made).toEqual([expect.objectContaining({ amountCents: 625, refundReference: `rf-${payment.reference}` })]);
    const [row] = await ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(row).toMatchObject({ status: 'refunded', amountCents: 625, attempts: 1 });
    // A retry run and a second cancel change nothing.
    await retryRefunds({ db: ctx.db, gateway: sandbox(), now: ctx.clock.now });
    expect((await cancel(orderId, c)).json().already_cancelled).toBe(true);
    expect(
      sandbox()
        .refunds()
        .filter((r) => r.reference === payment.reference),
    ).toHaveLength(1);
  });

  it('a refused refund stays failed and visible to staff, and the retry job sends it until it is refunded', async () => {
    const { w, c, orderId, payment } = await paidCardOrder();
    const staff = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }, ctx.clock.now()));
    sandbox().failRefunds(true);
    const res = await cancel(orderId, c);
    expect(res.statusCode).toBe(200);
    expect(res.json().order.refund).toEqual({ status: 'failed', amount: 6.25, attempts: 1, last_error: null });
    const forStaff = (await staff.get(`/app/order/${orderId}?provider_id=${w.provider.id}`)).json();
    expect(forStaff.refund).toEqual({ status: 'failed', amount: 6.25, attempts: 1, last_error: 'sandbox: refund declined' });
    const listed = (
      await staff.get(`/app/order?provider_id=${w.provider.id}&filter[dishlist_id]=${w.menu.id}&filter[status]=3&full=1`)
    ).json();
    expect(listed.data[0].orders[0].refund).toMatchObject({ status: 'failed', last_error: 'sandbox: refund declined' });

    const stillFailing: Change[] = [];
    await retryRefunds({ db: ctx.db, gateway: sandbox(), now: ctx.clock.now, changes: { publish: (c) => stillFailing.push(c) } });
    const [second] = await ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    // Failed again: nothing changed for anyone to see.
    expect(stillFailing).toEqual([]);
    expect(second).toMatchObject({ status: 'failed', attempts: 2 });
    expect(
      sandbox()
        .refunds()
        .filter((r) => r.reference === payment.reference),
    ).toHaveLength(0);

    sandbox().failRefunds(false);
    // The staff orders page shows refund states: the refund that went through is published.
    const heard: Change[] = [];
    const run = await retryRefunds({ db: ctx.db, gateway: sandbox(), now: ctx.clock.now, changes: { publish: (c) => heard.push(c) } });
    expect(run.get(second!.id)).toBe('refunded');
    expect(heard).toContainEqual({ type: 'order', menuId: w.menu.id, orderId });
    const [done] = await ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(done).toMatchObject({ status: 'refunded', attempts: 3, lastError: null });
    expect(
      sandbox()
        .refunds()
        .filter((r) => r.reference === payment.reference),
    ).toHaveLength(1);
    expect((await c.get(`/app/order/${orderId}`)).json().refund.status).toBe('refunded');
  });

  it('two instances retrying the same refund at once send it to the gateway once', async () => {
    const { c, orderId } = await paidCardOrder();
    sandbox().failRefunds(true);
    await cancel(orderId, c);
    sandbox().failRefunds(false);
    const [row] = await ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    let calls = 0;
    const slow: PaymentGateway = {
      ...sandbox(),
      refund: async (req) => {
        calls++;
        await new Promise((r) => setTimeout(r, 100));
        return sandbox().refund(req);
      },
    };
    const outcomes = await Promise.all([
      sendRefund({ db: ctx.db, gateway: slow, now: ctx.clock.now }, row!.id),
      sendRefund({ db: ctx.db, gateway: slow, now: ctx.clock.now }, row!.id),
      sendRefund({ db: ctx.db, gateway: slow, now: ctx.clock.now }, row!.id),
    ]);
    expect(calls).toBe(1);
    expect(outcomes.filter((o) => o === 'refunded')).toHaveLength(1);
    const [done] = await ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(done).toMatchObject({ status: 'refunded', attempts: 2 });
  });

  it('a payment that arrives after its order was cancelled is recorded for a refund', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    const res = await c.post('/app/order/create', { ...cashBody(w.menu.id, [{ id: w.soup.id, qty: 1 }]), payment_type: 'card' });
    const orderId = res.json().order_id as number;
    const [p] = await ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect((await cancel(orderId, c)).statusCode).toBe(200);
    const late = sandbox().sign({
      reference: p!.reference,
      status: 'approved',
      amount_cents: p!.amountCents,
      ts: Math.floor(now.getTime() / 1000),
    });
    expect((await ctx.anon.post('/app/payments/notify/sandbox', late)).statusCode).toBeLessThan(300);
    expect((await orderRow(orderId)).status).toBe(3);
    const [r] = await ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(r).toMatchObject({ status: 'pending', amountCents: p!.amountCents });
    await retryRefunds({ db: ctx.db, gateway: sandbox(), now: ctx.clock.now });
    expect((await ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId)))[0]!.status).toBe('refunded');
  });
});

/** Starts `calls` while another transaction holds the user's row, waits until `waiting` of them wait on a lock, then lets go. */
async function behindUserLock<T>(userId: number, waiting: number, calls: () => Promise<T>[]): Promise<T[]> {
  const holder = await ctx.deps.database.pool.connect();
  let committed = false;
  try {
    await holder.query('begin');
    await holder.query('select 1 from users where id = $1 for update', [userId]);
    const pending = calls();
    for (let i = 0; ; i++) {
      const res = await ctx.deps.database.pool.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
      );
      if (res.rows[0]!.n >= waiting) break;
      if (i > 300) throw new Error('the calls never waited for the user lock');
      await new Promise((r) => setTimeout(r, 10));
    }
    await holder.query('commit');
    committed = true;
    return await Promise.all(pending);
  } finally {
    // A client left inside the transaction is destroyed, which releases the lock.
    holder.release(!committed);
  }
}

describe('cancel and re-order of one user in parallel', () => {
  it('keeps stock, subsidy and bonus consistent whatever the interleaving', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    // Each order: 1 soup (3.00) = 2.00 subsidy + 1.00 bonus (bonus 1.50 in all).
    const c = ctx.as(await customerAt(ctx.db, now, { subsidyCents: 200 }, { bonusCents: 150 }));
    let first = await placeCash(w.menu.id, [{ id: w.soup.id, qty: 1 }], c);
    for (let round = 0; round < 6; round++) {
      const [cancelled, placed] = await Promise.all([
        cancel(first, c),
        c.post('/app/order/create', cashBody(w.menu.id, [{ id: w.soup.id, qty: 1 }])),
      ]);
      expect(cancelled.statusCode).toBe(200);
      expect(placed.statusCode, placed.body).toBe(200);
      const live = (await ctx.db.select().from(orders).where(eq(orders.userId, c.user.id))).filter((o) => o.status === 2);
      expect(live).toHaveLength(1);
      // Stock: 5 at the start, one soup per live order.
      expect(await stockOf(w.menu.id, w.soup.id)).toBe(5 - live.length);
      // Subsidy never used twice; bonus never created or lost.
      expect(live.reduce((s, o) => s + o.subsidyCents, 0)).toBeLessThanOrEqual(200);
      expect((await bonusOf(c.user.id)) + live.reduce((s, o) => s + o.bonusCents, 0)).toBe(150);
      first = live[0]!.id;
    }
    // Once both settled, a fresh cancel and order take the whole subsidy again.
    expect((await cancel(first, c)).statusCode).toBe(200);
    const last = await placeCash(w.menu.id, [{ id: w.soup.id, qty: 1 }], c);
    expect(await orderRow(last)).toMatchObject({ subsidyCents: 200, bonusCents: 100 });
  });

  it('parallel cancels of one order give its stock and bonus back once', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now, {}, { bonusCents: 100 }));
    const staff = ctx.as(await signedIn(ctx.db, { role: 'admin' }, now));
    const id = await placeCash(w.menu.id, [{ id: w.soup.id, qty: 2 }], c);
    // All four are queued (behind a held user row, then behind each other) before any commits.
    const answers = await behindUserLock(c.user.id, 4, () => [
      cancel(id, c),
      cancel(id, c),
      cancel(id, staff, `?provider_id=${w.provider.id}`),
      cancel(id, staff, `?provider_id=${w.provider.id}`),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((r) => r.json().already_cancelled === false)).toHaveLength(1);
    expect(await stockOf(w.menu.id, w.soup.id)).toBe(5);
    expect(await bonusOf(c.user.id)).toBe(100);
  });

  it('a cancel and an order queued behind one user lock both go through and never spend the subsidy twice', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now, { subsidyCents: 300 }));
    const first = await placeCash(w.menu.id, [{ id: w.main.id, qty: 1 }], c);
    const results = await behindUserLock(c.user.id, 2, () => [
      cancel(first, c),
      c.post('/app/order/create', cashBody(w.menu.id, [{ id: w.main.id, qty: 1 }])),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const live = (await ctx.db.select().from(orders).where(eq(orders.userId, c.user.id))).filter((o) => o.status === 2);
    expect(live).toHaveLength(1);
    expect(live[0]!.subsidyCents).toBeLessThanOrEqual(300);
  });
});
