import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { budgetRules, costCentres, ledgerEntries, locationGroups, orders, payments, users } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { cashOrder, customerAt, makeMenu, menuWorld, ordersOf } from '../ordering/ordering.factories.js';
import { ledgerDifferences } from '../../lib/ledger.js';
import { budgetFor } from './budgets.read.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Rule = Partial<typeof budgetRules.$inferInsert> & { locationId: number };
async function rule(db: Db, r: Rule) {
  const [row] = await db
    .insert(budgetRules)
    .values({ period: 'month', amountCents: 1000, blocking: true, ...r })
    .returning();
  return row!;
}

async function budgetEntries(userId: number) {
  return ctx.db
    .select({ orderId: ledgerEntries.orderId, amount: ledgerEntries.amountCents, reversal: ledgerEntries.reversal })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'budget')));
}

describe('budgets on the order path', () => {
  it('a blocking month budget covers after the subsidy, is shown as left, refuses past it with what is left, and comes back on cancel', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now, { subsidyCents: 100 }, { bonusCents: 50 }));
    const r = await rule(ctx.db, { locationId: c.location.id, amountCents: 1000 });
    const first = await c.post('/app/order/create', cashOrder(w.menu.id, w.main.id));
    expect(first.statusCode).toBe(200);
    const [o] = await ordersOf(ctx.db, c.user.id);
    // 5.50: subsidy 1.00, budget 4.50, bonus kept, nothing to pay.
    expect(o).toMatchObject({ subsidyCents: 100, budgetCents: 450, bonusCents: 0, amountToPayCents: 0, paymentType: 'budget' });
    expect(await budgetEntries(c.user.id)).toEqual([{ orderId: o!.id, amount: 450, reversal: false }]);
    const page = (await c.get(`/app/order/create/${w.menu.id}`)).json();
    expect(page.budget).toMatchObject({ rule_id: r.id, period: 'month', amount: 10, cap: null, blocking: true, used: 4.5, left: 5.5 });
    expect(page.budget.from).toMatch(/^\d{4}-\d{2}-01$/);

    // 2 x 5.50 = 11.00 wants 11.00 of the budget; 5.50 is left: refused, nothing written.
    const refused = await c.post('/app/order/create?lang=en', { ...cashOrder(w.menu.id, w.main.id), items: [{ id: w.main.id, qty: 2 }] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.budget).toEqual(['This order needs €11.00 of your budget; €5.50 is left this month.']);
    const lv = await c.post('/app/order/create?lang=lv', { ...cashOrder(w.menu.id, w.main.id), items: [{ id: w.main.id, qty: 2 }] });
    expect(lv.json().errors.budget[0]).toContain('šomēnes');
    expect(await ordersOf(ctx.db, c.user.id)).toHaveLength(1);

    // Cancel gives the budget back (status and the ledger's reversal).
    expect((await c.post(`/app/order/${o!.id}/cancel`)).statusCode).toBe(200);
    expect((await c.get(`/app/order/create/${w.menu.id}`)).json().budget).toMatchObject({ used: 0, left: 10 });
    const entries = await budgetEntries(c.user.id);
    expect(entries.reduce((s, e) => s + e.amount, 0)).toBe(0);
    expect(entries).toContainEqual({ orderId: o!.id, amount: -450, reversal: true });
    // Now the same order fits: the subsidy is back too (1.00), the budget covers the other 10.00.
    const again = await c.post('/app/order/create', { ...cashOrder(w.menu.id, w.main.id), items: [{ id: w.main.id, qty: 2 }] });
    expect(again.statusCode).toBe(200);
    const placed = (await ordersOf(ctx.db, c.user.id)).find((x) => x.id === again.json().order_id)!;
    expect(placed).toMatchObject({ subsidyCents: 100, budgetCents: 1000, amountToPayCents: 0, paymentType: 'budget' });
    // History sums the budget part of the placed orders (the cancelled one is not summed).
    const history = await c.get(`/app/dishlists/history/${c.location.id}/${w.menu.id}`);
    expect(history.json().dishlist).toMatchObject({ budget_total: 10, subsidy_total: 1 });
    expect(history.json().data.find((x: { id: number }) => x.id === placed.id)).toMatchObject({ budget: 10, subsidy: 1 });
    // The ledger's check agrees with the orders' budget parts (placed, cancelled and reversed).
    const mine = new Set((await ordersOf(ctx.db, c.user.id)).map((x) => x.id));
    expect((await ledgerDifferences(ctx.db)).filter((d) => d.orderId !== null && mine.has(d.orderId))).toEqual([]);
  });

  it('a warning budget with a cap covers at most the cap and what is left; the eater pays the rest; bonus comes after the budget', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now, {}, { bonusCents: 100 }));
    await rule(ctx.db, { locationId: c.location.id, period: 'week', amountCents: 400, capCents: 300, blocking: false });
    for (let i = 0; i < 3; i++) expect((await c.post('/app/order/create', cashOrder(w.menu.id, w.main.id))).statusCode).toBe(200);
    const stored = (await ordersOf(ctx.db, c.user.id)).sort((a, b) => a.id - b.id);
    // 5.50 each: cap 3.00, then the 1.00 left, then nothing; the bonus (1.00) after the budget of the first.
    expect(stored.map((o) => [o.budgetCents, o.bonusCents, o.amountToPayCents, o.paymentType])).toEqual([
      [300, 100, 150, 'cash'],
      [100, 0, 450, 'cash'],
      [0, 0, 550, 'cash'],
    ]);
    expect((await c.get(`/app/order/create/${w.menu.id}`)).json().budget).toMatchObject({ period: 'week', used: 4, left: 0, cap: 3 });
  });

  it('a card order with a budget part gives the budget back when its payment is declined, and when it is paid, refunded and cancelled', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    await rule(ctx.db, { locationId: c.location.id, amountCents: 400, blocking: false });
    const cardOrder = async () => {
      const res = await c.post('/app/order/create', { ...cashOrder(w.menu.id, w.main.id), payment_type: 'card' });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().order_id as number;
      const [payment] = await ctx.db.select().from(payments).where(eq(payments.orderId, id));
      return { id, reference: payment!.reference };
    };
    const decide = (reference: string, decision: 'approve' | 'decline') =>
      ctx.anon.post(`/app/payments/sandbox/${reference}/${decision}`, '', {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const left = async () => (await c.get(`/app/order/create/${w.menu.id}`)).json().budget.left as number;

    // 5.50: 4.00 from the budget, 1.50 by card. (The page counts an unpaid order's part as left: a
    // new order of the eater would release it, decision 045.)
    const declined = await cardOrder();
    expect((await ctx.db.select().from(orders).where(eq(orders.id, declined.id)))[0]).toMatchObject({ status: 1, budgetCents: 400 });
    expect((await decide(declined.reference, 'decline')).statusCode).toBeLessThan(400);
    expect((await ctx.db.select().from(orders).where(eq(orders.id, declined.id)))[0]!.status).toBe(0);
    expect(await left()).toBe(4);
    expect((await budgetEntries(c.user.id)).reduce((sum, e) => sum + e.amount, 0)).toBe(0);

    const paid = await cardOrder();
    expect((await decide(paid.reference, 'approve')).statusCode).toBeLessThan(400);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, paid.id));
    expect(row).toMatchObject({ status: 2, budgetCents: 400 });
    expect(await left()).toBe(0);
    const cancelled = await c.post(`/app/order/${paid.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().order.refund).toMatchObject({ status: 'refunded' });
    expect(await left()).toBe(4);
    // Every budget entry of both orders is taken back; the ledger agrees with the orders.
    const entries = await budgetEntries(c.user.id);
    expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(0);
    expect(await ledgerDifferences(ctx.db)).toEqual([]);
  });

  it("the group's rule wins over the location's; staff ordering for the eater price with the eater's budget; delete gives it back", async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    const [g] = await ctx.db.insert(locationGroups).values({ locationId: c.location.id, title: 'Kitchen team' }).returning();
    await ctx.db.update(users).set({ groupId: g!.id }).where(eq(users.id, c.user.id));
    await rule(ctx.db, { locationId: c.location.id, period: 'month', amountCents: 5000 });
    const gr = await rule(ctx.db, { locationId: c.location.id, groupId: g!.id, period: 'day', amountCents: 200, blocking: false });
    expect(await budgetFor(ctx.db, c.user.id, w.menu.id)).toMatchObject({ ruleId: gr.id, period: 'day', amountCents: 200, leftCents: 200 });
    const staff = await ctx.as('admin');
    // The staff checkout shows the eater's budget: the user list on this menu carries it (none without a rule).
    const listed = async () =>
      (await staff.get(`/app/users/list?dishlist_id=${w.menu.id}&search=${encodeURIComponent(c.user.email)}`)).json().data[0];
    expect((await listed()).budget).toMatchObject({ rule_id: gr.id, period: 'day', amount: 2, left: 2, blocking: false });
    expect((await staff.get(`/app/users/list?search=${encodeURIComponent(c.user.email)}`)).json().data[0]).not.toHaveProperty('budget');
    const res = await staff.post('/app/order/create-for-user', { ...cashOrder(w.menu.id, w.main.id), user_id: c.user.id });
    expect(res.statusCode).toBe(200);
    const [o] = await ordersOf(ctx.db, c.user.id);
    expect(o).toMatchObject({ budgetCents: 200, amountToPayCents: 350, createdById: expect.any(Number) });
    expect((await listed()).budget).toMatchObject({ used: 2, left: 0 });
    expect((await staff.delete(`/app/order/${o!.id}`)).statusCode).toBeLessThan(300);
    expect(await budgetFor(ctx.db, c.user.id, w.menu.id)).toMatchObject({ usedCents: 0, leftCents: 200 });
    expect((await budgetEntries(c.user.id)).reduce((s, e) => s + e.amount, 0)).toBe(0);
  });

  it("periods by the menu's day in Riga: day, ISO week across a month end, month across a year end", async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = await customerAt(ctx.db, now);
    const r = await rule(ctx.db, { locationId: c.location.id, period: 'month', amountCents: 10_000 });
    const menuAt = async (iso: string) =>
      (await makeMenu(ctx.db, { providerId: w.provider.id, from: new Date(iso), to: new Date(iso) })).id;
    // 31 Dec 2026 23:30 Riga is 21:30 UTC; 1 Jan 2027 00:30 Riga is 31 Dec 22:30 UTC.
    const dec31 = await menuAt('2026-12-31T21:30:00Z');
    const jan1 = await menuAt('2026-12-31T22:30:00Z');
    const jan3 = await menuAt('2027-01-03T10:00:00Z');
    const jan4 = await menuAt('2027-01-04T10:00:00Z');
    const place = (menuId: number, cents: number, status = 2) =>
      ctx.db.insert(orders).values({
        menuId,
        userId: c.user.id,
        locationId: c.location.id,
        paymentType: 'budget',
        amountCents: cents,
        budgetCents: cents,
        amountToPayCents: 0,
        status,
      });
    await place(dec31, 100);
    await place(jan1, 200);
    await place(jan3, 400);
    await place(jan4, 800);
    await place(jan4, 1600, 0); // failed: not counted
    expect(await budgetFor(ctx.db, c.user.id, dec31)).toMatchObject({ from: '2026-12-01', to: '2026-12-31', usedCents: 100 });
    expect(await budgetFor(ctx.db, c.user.id, jan1)).toMatchObject({ from: '2027-01-01', to: '2027-01-31', usedCents: 1400 });
    await ctx.db.update(budgetRules).set({ period: 'week' }).where(eq(budgetRules.id, r.id));
    // 1 Jan 2027 is a Friday: its ISO week starts on Monday 28 December.
    expect(await budgetFor(ctx.db, c.user.id, jan1)).toMatchObject({ from: '2026-12-28', to: '2027-01-03', usedCents: 700 });
    expect(await budgetFor(ctx.db, c.user.id, jan4)).toMatchObject({ from: '2027-01-04', to: '2027-01-10', usedCents: 800 });
    await ctx.db.update(budgetRules).set({ period: 'day' }).where(eq(budgetRules.id, r.id));
    expect(await budgetFor(ctx.db, c.user.id, dec31)).toMatchObject({ from: '2026-12-31', to: '2026-12-31', usedCents: 100 });
    expect(await budgetFor(ctx.db, c.user.id, jan1)).toMatchObject({ from: '2027-01-01', to: '2027-01-01', usedCents: 200 });
    // No rule: null.
    const other = await customerAt(ctx.db, now);
    expect(await budgetFor(ctx.db, other.user.id, jan1)).toBeNull();
  });

  it('20 parallel orders of one person never spend past a blocking month budget', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    await rule(ctx.db, { locationId: c.location.id, amountCents: 2000, blocking: true });
    const results = await Promise.all(Array.from({ length: 20 }, () => c.post('/app/order/create', cashOrder(w.menu.id, w.main.id))));
    const codes = results.map((r) => r.statusCode);
    expect(codes.every((s) => s === 200 || s === 422 || s === 409)).toBe(true);
    const stored = await ordersOf(ctx.db, c.user.id);
    const used = stored.reduce((s, o) => s + o.budgetCents, 0);
    expect(used).toBeLessThanOrEqual(2000);
    // Each placed order took the whole 5.50 from the budget: at most three fit in 20.00.
    expect(stored.every((o) => o.budgetCents === 550)).toBe(true);
    expect(stored.length).toBe(3);
    expect(codes.filter((s) => s === 200)).toHaveLength(3);
  });

  it('20 parallel orders of one person never spend past a warning budget', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    await rule(ctx.db, { locationId: c.location.id, amountCents: 2000, blocking: false });
    const results = await Promise.all(Array.from({ length: 20 }, () => c.post('/app/order/create', cashOrder(w.menu.id, w.main.id))));
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const stored = await ordersOf(ctx.db, c.user.id);
    expect(stored.reduce((s, o) => s + o.budgetCents, 0)).toBeLessThanOrEqual(2000);
    expect(stored.every((o) => o.budgetCents + o.amountToPayCents === 550)).toBe(true);
  });

  it("books the order to the requested cost centre of the eater's company, else their default; refuses another company's or an inactive one", async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now, { registrationNumber: 'LV40003000001' }));
    const [mine, other, inactive, foreign] = await ctx.db
      .insert(costCentres)
      .values([
        { companyRegistration: 'LV40003000001', code: 'IT', title: 'IT' },
        { companyRegistration: 'LV40003000001', code: 'HR', title: 'HR' },
        { companyRegistration: 'LV40003000001', code: 'OLD', title: 'Old', active: false },
        { companyRegistration: 'LV40003999999', code: 'IT', title: 'IT elsewhere' },
      ])
      .returning();
    await ctx.db.update(users).set({ costCentreId: mine!.id }).where(eq(users.id, c.user.id));
    const byDefault = await c.post('/app/order/create', cashOrder(w.menu.id, w.main.id));
    const chosen = await c.post('/app/order/create', cashOrder(w.menu.id, w.main.id, { cost_centre_id: other!.id }));
    expect([byDefault.statusCode, chosen.statusCode]).toEqual([200, 200]);
    const stored = new Map((await ordersOf(ctx.db, c.user.id)).map((o) => [o.id, o.costCentreId]));
    expect(stored.get(byDefault.json().order_id)).toBe(mine!.id);
    expect(stored.get(chosen.json().order_id)).toBe(other!.id);
    for (const bad of [inactive!.id, foreign!.id, 999_999]) {
      const res = await c.post('/app/order/create?lang=en', cashOrder(w.menu.id, w.main.id, { cost_centre_id: bad }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.cost_centre_id).toEqual(['Choose an active cost centre of your company.']);
    }
    expect(await ordersOf(ctx.db, c.user.id)).toHaveLength(2);
  });
});
