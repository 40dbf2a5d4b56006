import { and, eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, orders, payments } from '../../db/schema/index.js';
import { ledgerDifferences } from '../../lib/ledger.js';
import { sandboxGateway } from '../../lib/payments/sandbox.js';
import { signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Client } from '../../test/client.js';
import { monthStatement } from '../invoices/statement.js';
import { makeLap } from '../laps/laps.factories.js';
import { expireUnpaidOrders } from '../payments/payments.service.js';
import { retryRefunds } from '../payments/refunds.service.js';
import { customerAt, menuWorld, setBalance } from '../ordering/ordering.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const order = (menuId: number, items: { id: number; qty: number }[], who: Client, paymentType = 'cash') =>
  who.post('/app/order/create', { dishlist_id: menuId, items, payment_type: paymentType, terms: true });
const cancel = (orderId: number, who: Client) => who.post(`/app/order/${orderId}/cancel`, {});

/** An order's entries as [kind, amount, reversal], in the order written. */
async function entriesOf(orderId: number) {
  const rows = await ctx.db
    .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amountCents, reversal: ledgerEntries.reversal })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId))
    .orderBy(ledgerEntries.id);
  return rows.map((r) => [r.kind, r.amount, r.reversal] as const);
}

async function approve(orderId: number) {
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
  const res = await ctx.anon.post(`/app/payments/sandbox/${payment!.reference}/approve`, '', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.statusCode).toBeLessThan(400);
  return payment!;
}

describe('the ledger', () => {
  it('placing a cash order writes its subsidy, bonus and cash owed; cancelling reverses them once', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now, { subsidyCents: 300 }, { bonusCents: 200 }));
    // 2 soups (6.00): 3.00 subsidy, 2.00 bonus, 1.00 cash.
    const res = await order(w.menu.id, [{ id: w.soup.id, qty: 2 }], c);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().order_id as number;
    expect(await entriesOf(id)).toEqual([
      ['subsidy', 300, false],
      ['bonus', 200, false],
      ['payment_cash', 100, false],
    ]);
    const [e] = await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, id)).limit(1);
    expect(e).toMatchObject({
      userId: c.user.id,
      locationId: c.location.id,
      menuId: w.menu.id,
      providerId: w.provider.id,
      actorId: c.user.id,
    });
    expect(await ledgerDifferences(ctx.db)).toEqual([]);

    expect((await cancel(id, c)).statusCode).toBe(200);
    expect((await cancel(id, c)).statusCode).toBe(200);
    expect(await entriesOf(id)).toEqual([
      ['subsidy', 300, false],
      ['bonus', 200, false],
      ['payment_cash', 100, false],
      ['subsidy', -300, true],
      ['bonus', -200, true],
      ['payment_cash', -100, true],
    ]);
    expect(await ledgerDifferences(ctx.db)).toEqual([]);
  });

  it('a paid card order records the payment; cancelled, the refund sent is a negative entry', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    const res = await order(w.menu.id, [{ id: w.soup.id, qty: 2 }], c, 'card');
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().order_id as number;
    // Pending: nothing received yet.
    expect(await entriesOf(id)).toEqual([]);
    const payment = await approve(id);
    expect(await entriesOf(id)).toEqual([['payment_card', 625, false]]);
    // A replayed notification counts nothing twice.
    await approve(id);
    expect(await entriesOf(id)).toEqual([['payment_card', 625, false]]);

    expect((await cancel(id, c)).statusCode).toBe(200);
    await retryRefunds({ db: ctx.db, gateway: sandboxGateway(ctx.deps.env), now: ctx.clock.now });
    const refunds = await ctx.db
      .select({ paymentId: ledgerEntries.paymentId, refundId: ledgerEntries.refundId })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, id), eq(ledgerEntries.kind, 'refund')));
    expect(refunds).toHaveLength(1);
    expect(payment.amountCents).toBe(625);
    expect(await entriesOf(id)).toEqual([
      ['payment_card', 625, false],
      ['refund', -625, false],
    ]);
    expect(await ledgerDifferences(ctx.db)).toEqual([]);
    // The month statement of the location reads the refund from the ledger.
    const month = DateTime.fromJSDate(w.menu.from, { zone: w.provider.timezone }).toFormat('yyyy-MM');
    const statement = await monthStatement(ctx.db, w.provider.id, { locationId: c.location.id }, month);
    expect(statement.totals).toMatchObject({ orders: 0, refunds: 625 });
  });

  it('an expired card order gives its subsidy back in the ledger', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now, { subsidyCents: 100 }));
    const res = await order(w.menu.id, [{ id: w.soup.id, qty: 1 }], c, 'card');
    const id = res.json().order_id as number;
    expect(await entriesOf(id)).toEqual([['subsidy', 100, false]]);
    ctx.clock.advance((ctx.deps.env.PAYMENT_TIMEOUT_MINUTES + 1) * 60_000);
    expect(await expireUnpaidOrders(ctx.deps)).toContain(id);
    expect(await entriesOf(id)).toEqual([
      ['subsidy', 100, false],
      ['subsidy', -100, true],
    ]);
    expect(await ledgerDifferences(ctx.db)).toEqual([]);
  });

  it('cash collected on a lap is the change of the recorded amount', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    await makeLap(ctx.db, w.provider.id, [c.location.id]);
    const staff = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }));
    const q = `?provider_id=${w.provider.id}`;
    for (const amount of [4, 4.8, 3]) {
      const res = await staff.post(`/app/cashbalance/${w.menu.id}${q}`, { location_id: c.location.id, amount });
      expect(res.statusCode, res.body).toBe(200);
    }
    const rows = await ctx.db
      .select({ amount: ledgerEntries.amountCents, actor: ledgerEntries.actorId })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.kind, 'lap_cash'), eq(ledgerEntries.menuId, w.menu.id)))
      .orderBy(ledgerEntries.id);
    expect(rows).toEqual([
      { amount: 400, actor: staff.user.id },
      { amount: 80, actor: staff.user.id },
      { amount: -180, actor: staff.user.id },
    ]);
    expect(await ledgerDifferences(ctx.db)).toEqual([]);
  });

  it('parallel orders and cancels of many customers leave 0 differences', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    await setBalance(ctx.db, w.menu.id, w.soup.id, 12);
    const customers = await Promise.all(
      Array.from({ length: 8 }, async (_, i) =>
        ctx.as(await customerAt(ctx.db, now, { subsidyCents: 150 }, { bonusCents: 100 * (i % 3) })),
      ),
    );
    // Each customer orders three times at once (one subsidy and one bonus between them), on limited stock.
    const placed = await Promise.all(
      customers.flatMap((c) => [1, 2, 3].map(() => order(w.menu.id, [{ id: w.soup.id, qty: 1 }], c).then((r) => ({ r, c })))),
    );
    const ok = placed.filter((p) => p.r.statusCode === 200);
    expect(ok.length).toBe(12);
    // Half of them cancelled, each twice at once, while the others order again.
    const cancels = ok.filter((_, i) => i % 2 === 0).flatMap((p) => [cancel(p.r.json().order_id, p.c), cancel(p.r.json().order_id, p.c)]);
    const more = customers.map((c) => order(w.menu.id, [{ id: w.main.id, qty: 1 }], c));
    const answers = await Promise.all([...cancels, ...more]);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await ledgerDifferences(ctx.db)).toEqual([]);
    // The subsidy of each customer is used once among their placed orders, in the ledger as in the orders.
    const used = await ctx.db.execute<{ n: string }>(
      sql`select count(*) as n from ${orders} where menu_id = ${w.menu.id} and status = 2 and subsidy_cents > 0`,
    );
    expect(Number(used.rows[0]!.n)).toBeLessThanOrEqual(customers.length);
  });

  it('the check finds an order whose amounts disagree with its entries, and a movement counted twice is refused', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now, { subsidyCents: 200 }));
    const id = (await order(w.menu.id, [{ id: w.soup.id, qty: 1 }], c)).json().order_id as number;
    await ctx.db.update(orders).set({ subsidyCents: 250 }).where(eq(orders.id, id));
    expect(await ledgerDifferences(ctx.db)).toEqual([
      { what: 'order', orderId: id, menuId: w.menu.id, locationId: c.location.id, kind: 'subsidy', expected: 250, actual: 200 },
    ]);
    await ctx.db.update(orders).set({ subsidyCents: 200 }).where(eq(orders.id, id));
    // A second subsidy entry for the order: the unique key refuses it.
    await expect(
      ctx.db.insert(ledgerEntries).values({ orderId: id, kind: 'subsidy', amountCents: 200, userId: c.user.id }),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
    expect(await ledgerDifferences(ctx.db)).toEqual([]);
  });

  it('the bounded check (decision 050) looks at the menus open since its start: a difference on an older menu is left to the full check', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = await customerAt(ctx.db, now, { subsidyCents: 200 });
    const id = (await order(w.menu.id, [{ id: w.soup.id, qty: 1 }], ctx.as(c))).json().order_id as number;
    await ctx.db.update(orders).set({ subsidyCents: 250 }).where(eq(orders.id, id));
    const difference = {
      what: 'order',
      orderId: id,
      menuId: w.menu.id,
      locationId: c.location.id,
      kind: 'subsidy',
      expected: 250,
      actual: 200,
    };
    const opened = w.menu.from.getTime();
    expect(await ledgerDifferences(ctx.db, { since: new Date(opened) })).toEqual([difference]);
    expect(await ledgerDifferences(ctx.db, { since: new Date(opened + 1000) })).toEqual([]);
    expect(await ledgerDifferences(ctx.db)).toEqual([difference]);
    await ctx.db.update(orders).set({ subsidyCents: 200 }).where(eq(orders.id, id));
  });

  it('is append-only: the database refuses to update or delete an entry', async () => {
    const [e] = await ctx.db.select({ id: ledgerEntries.id }).from(ledgerEntries).limit(1);
    expect(e).toBeDefined();
    await expect(ctx.db.update(ledgerEntries).set({ amountCents: 1 }).where(eq(ledgerEntries.id, e!.id))).rejects.toMatchObject({
      cause: { code: '55000' },
    });
    await expect(ctx.db.delete(ledgerEntries).where(eq(ledgerEntries.id, e!.id))).rejects.toMatchObject({ cause: { code: '55000' } });
    await expect(ctx.db.execute(sql`truncate ledger_entries`)).rejects.toMatchObject({ cause: { code: '55000' } });
  });
});

describe('POST /app/ledger/corrections', () => {
  it('an admin records a correction with its reason; others may not; 0 and unknown orders are refused', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    const id = (await order(w.menu.id, [{ id: w.soup.id, qty: 1 }], c)).json().order_id as number;
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    const url = '/app/ledger/corrections?lang=en';
    const body = { amount_cents: -50, reason: 'Cash short at the door', order_id: id };

    expect((await ctx.anon.post(url, body)).statusCode).toBe(401);
    for (const role of ['customer', 'kitchen'] as const) {
      const who = ctx.as(await signedIn(ctx.db, { role }));
      expect((await who.post(url, body)).statusCode, role).toBe(403);
    }
    const res = await admin.post(url, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ amount_cents: -50, order_id: id });
    const [row] = await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, res.json().id));
    expect(row).toMatchObject({
      kind: 'correction',
      amountCents: -50,
      reason: 'Cash short at the door',
      actorId: admin.user.id,
      orderId: id,
      userId: c.user.id,
      menuId: w.menu.id,
      providerId: w.provider.id,
    });
    // A correction is a movement of its own: the order still reconciles.
    expect(await ledgerDifferences(ctx.db)).toEqual([]);

    const zero = await admin.post('/app/ledger/corrections?lang=lv', { ...body, amount_cents: 0 });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors.amount_cents).toEqual(['Korekcijai jāmaina summa: ievadiet summu, kas nav 0.']);
    const noReason = await admin.post(url, { ...body, reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(Object.keys(noReason.json().errors)).toEqual(['reason']);
    const unknown = await admin.post('/app/ledger/corrections?lang=ru', { ...body, order_id: 999_999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.order_id).toEqual(['Заказ с таким номером не найден.']);
  });
});

describe('GET /app/ledger', () => {
  it('lists the provider’s entries newest first for admins, filtered by order and kind, with the sum; others get 403', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    const id = (await order(w.menu.id, [{ id: w.soup.id, qty: 1 }], c)).json().order_id as number;
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    expect(
      (await admin.post('/app/ledger/corrections', { amount_cents: 120, reason: 'Tip kept by mistake', order_id: id })).statusCode,
    ).toBe(200);
    const ledger = (q: string, who: Client) => who.get(`/app/ledger?provider_id=${w.provider.id}&${q}`);

    const res = await ledger(`filter[order_id]=${id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as {
      data: {
        kind: string;
        amount_cents: number;
        reason: string | null;
        order_id: number;
        actor: { name: string } | null;
        user: { id: number } | null;
      }[];
      total: number;
      sum_cents: number;
    };
    const own = (await entriesOf(id)).filter(([kind]) => kind !== 'correction');
    expect(page.total).toBe(own.length + 1);
    // Newest first: the correction, then the order's own entries in reverse.
    expect(page.data[0]).toMatchObject({ kind: 'correction', amount_cents: 120, reason: 'Tip kept by mistake', order_id: id });
    expect(page.data[0]!.actor).not.toBeNull();
    expect(page.data[0]!.user).toMatchObject({ id: c.user.id });
    expect(page.data.slice(1).map((e) => [e.kind, e.amount_cents])).toEqual([...own].reverse().map(([k, a]) => [k, a]));
    expect(page.sum_cents).toBe(own.reduce((s, [, a]) => s + a, 0) + 120);

    const corrections = (await ledger(`filter[order_id]=${id}&filter[kind]=correction`, admin)).json();
    expect(corrections.total).toBe(1);
    expect(corrections.sum_cents).toBe(120);
    expect((await ledger('filter[kind]=nonsense', admin)).statusCode).toBe(422);
    for (const role of ['customer', 'kitchen'] as const) {
      expect((await ledger('', ctx.as(await signedIn(ctx.db, { role })))).statusCode, role).toBe(403);
    }
  });
});
