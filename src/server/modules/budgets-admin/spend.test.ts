import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetRules, costCentres, locationGroups, orders, users } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { makeUser } from '../../test/factories.js';
import { makeMenu, menuWorld } from '../ordering/ordering.factories.js';
import { teamWorld } from '../teams/teams.factories.js';
import { eq } from 'drizzle-orm';

let ctx: TestContext;
beforeAll(async () => (ctx = await createTestApp()));
afterAll(() => ctx.close());

type OrderValues = Partial<typeof orders.$inferInsert> & { menuId: number; userId: number; amountCents: number };
const order = (locationId: number, v: OrderValues) =>
  ctx.db
    .insert(orders)
    .values({ locationId, paymentType: 'cash', amountToPayCents: 0, status: 2, ...v })
    .returning();

/**
 * A location in November 2026 (Riga): menus on 1 November just after midnight (31 October in
 * UTC) and on 30 November late, both in the month; one on 1 December just after midnight, not.
 */
let worlds = 0;
async function spendWorld() {
  const reg = `4000300000${worlds++}`;
  const now = ctx.clock.now();
  const { provider } = await menuWorld(ctx.db, now);
  const team = await teamWorld(ctx.db, now, { registrationNumber: reg });
  const other = await teamWorld(ctx.db, now);
  const menu = (iso: string) =>
    makeMenu(ctx.db, { providerId: provider.id, from: new Date(iso), to: new Date(new Date(iso).getTime() + 3600_000) });
  const first = await menu('2026-10-31T22:30:00Z');
  const last = await menu('2026-11-30T21:30:00Z');
  const december = await menu('2026-11-30T22:30:00Z');
  const [sales] = await ctx.db.insert(costCentres).values({ companyRegistration: reg, code: 'S1', title: 'Sales' }).returning();
  const [group] = await ctx.db.insert(locationGroups).values({ locationId: team.location.id, title: 'Sales' }).returning();
  await ctx.db.insert(budgetRules).values([
    { locationId: team.location.id, period: 'month', amountCents: 8000, blocking: true },
    { locationId: team.location.id, groupId: group!.id, period: 'week', amountCents: 2500, capCents: 500, blocking: false },
  ]);
  await ctx.db.update(users).set({ groupId: group!.id }).where(eq(users.id, team.anna.user.id));
  const loc = team.location.id;
  const anna = team.anna.user.id;
  const kristaps = team.kristaps.id;
  // Anna: two own orders in the month (one on the sales centre), one cancelled, one in December.
  await order(loc, {
    menuId: first.id,
    userId: anna,
    amountCents: 700,
    subsidyCents: 100,
    budgetCents: 500,
    bonusCents: 50,
    amountToPayCents: 50,
    costCentreId: sales!.id,
  });
  await order(loc, { menuId: last.id, userId: anna, amountCents: 600, budgetCents: 500, amountToPayCents: 100 });
  await order(loc, { menuId: last.id, userId: anna, amountCents: 900, budgetCents: 900, status: 3 });
  await order(loc, { menuId: december.id, userId: anna, amountCents: 999, budgetCents: 999 });
  // Kristaps: one own order paid himself.
  await order(loc, { menuId: first.id, userId: kristaps, amountCents: 550, amountToPayCents: 550 });
  // The manager's meeting (sales) and a guest order: the company's.
  const host = team.manager.user.id;
  await order(loc, { menuId: first.id, userId: host, amountCents: 3300, kind: 'meeting', paymentType: 'company', costCentreId: sales!.id });
  await order(loc, { menuId: last.id, userId: host, amountCents: 650, kind: 'guest', paymentType: 'company' });
  // Another location's order in the month.
  await order(other.location.id, { menuId: first.id, userId: other.anna.user.id, amountCents: 450, budgetCents: 450 });
  return { team, other, sales: sales!, provider };
}

describe('spend', () => {
  it("sums the location's month by own orders, cost centre, person and meetings", async () => {
    const w = await spendWorld();
    const res = await ctx.as(w.team.manager).get('/app/spend?month=2026-11');
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.location).toEqual({ id: w.team.location.id, title: w.team.location.title });
    expect(s.names_visible).toBe(true);
    expect(s.totals).toEqual({
      orders: 3,
      food_value: 18.5,
      subsidy: 1,
      budget_used: 10,
      bonus: 0.5,
      paid_by_eaters: 7,
      company_orders: 2,
      company_amount: 39.5,
    });
    expect(s.cost_centres).toEqual([
      { id: w.sales.id, code: 'S1', title: 'Sales', orders: 2, amount: 40, budget_used: 5, company_amount: 33 },
      { id: null, code: '', title: '', orders: 3, amount: 18, budget_used: 5, company_amount: 6.5 },
    ]);
    expect(s.people).toEqual([
      {
        user_id: w.team.anna.user.id,
        name: 'Anna',
        email: w.team.anna.user.email,
        orders: 2,
        amount: 13,
        budget_used: 10,
        budget: { period: 'week', amount: 25 },
      },
      {
        user_id: w.team.kristaps.id,
        name: 'Kristaps',
        email: w.team.kristaps.email,
        orders: 1,
        amount: 5.5,
        budget_used: 0,
        budget: { period: 'month', amount: 80 },
      },
    ]);
    expect(s.meetings).toEqual({ meeting: { count: 1, amount: 33 }, guest: { count: 1, amount: 6.5 } });
    // The location_id a manager sends must be their own.
    expect((await ctx.as(w.team.manager).get(`/app/spend?month=2026-11&location_id=${w.other.location.id}`)).statusCode).toBe(403);
    expect((await ctx.as(w.team.manager).get(`/app/spend?month=2026-11&location_id=${w.team.location.id}`)).statusCode).toBe(200);
  });

  it('shows names to administrators, aggregates without people to kitchen staff, nothing to members', async () => {
    const w = await spendWorld();
    const url = `/app/spend?month=2026-11&location_id=${w.team.location.id}`;
    const admin = (await (await ctx.as('admin')).get(url)).json();
    expect(admin.people.map((p: { name: string }) => p.name)).toEqual(['Anna', 'Kristaps']);
    const kitchenRes = await (await ctx.as('kitchen')).get(url);
    const kitchen = kitchenRes.json();
    expect(kitchen.names_visible).toBe(false);
    expect(kitchen.people).toEqual([]);
    expect(kitchen.totals).toEqual(admin.totals);
    expect(kitchenRes.body).not.toContain('Anna');
    expect(kitchenRes.body).not.toContain(w.team.anna.user.email);
    const csv = await (await ctx.as('kitchen')).get(`/app/spend/export?month=2026-11&location_id=${w.team.location.id}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain(w.team.anna.user.email);
    expect((await ctx.as(w.team.anna).get('/app/spend?month=2026-11')).statusCode).toBe(403);
    expect((await ctx.as(w.team.anna).get('/app/spend/export?month=2026-11&format=csv')).statusCode).toBe(403);
    // All locations: the administrator's, with this and the other location's orders.
    const all = (await (await ctx.as('admin')).get('/app/spend?month=2026-11')).json();
    expect(all.location).toBeNull();
    expect(all.totals.orders).toBeGreaterThanOrEqual(4);
    expect((await (await ctx.as('admin')).get('/app/spend?month=2026-13')).statusCode).toBe(422);
  });

  it('writes the CSV and the XLSX with the same figures', async () => {
    const w = await spendWorld();
    const manager = ctx.as(w.team.manager);
    const csv = await manager.get('/app/spend/export?month=2026-11&format=csv&lang=en');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="spend-location-${w.team.location.id}-2026-11.csv"`);
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.slice(0, 3)).toEqual([
      'Totals',
      'Orders;Food value (EUR);Subsidy (EUR);Budget used (EUR);Bonus (EUR);Paid by eaters (EUR);Meeting and guest orders;Paid by the company (EUR)',
      '3;18,50;1,00;10,00;0,50;7,00;2;39,50',
    ]);
    expect(lines).toContain('S1;Sales;2;40,00;5,00;33,00');
    expect(lines).toContain(';No cost centre;3;18,00;5,00;6,50');
    expect(lines).toContain(`Anna;${w.team.anna.user.email};2;13,00;10,00;€25.00 / week`);
    expect(lines).toContain('Meetings;1;33,00');

    const xlsx = await manager.get('/app/spend/export?month=2026-11&format=xlsx&lang=en');
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Totals', 'Cost centres', 'People', 'Meetings and guests']);
    const values = (sheet: string, row: number) => (wb.getWorksheet(sheet)!.getRow(row).values as unknown[]).slice(1);
    expect(values('Totals', 2)).toEqual([3, 18.5, 1, 10, 0.5, 7, 2, 39.5]);
    expect(values('Cost centres', 2)).toEqual(['S1', 'Sales', 2, 40, 5, 33]);
    expect(values('People', 3)).toEqual(['Kristaps', w.team.kristaps.email, 1, 5.5, 0, '€80.00 / month']);
  });

  it('reads a month of a big location through the orders index (EXPLAIN)', async () => {
    const w = await spendWorld();
    // Enough rows that a scan of orders costs more than the index: 40,000 orders elsewhere.
    const filler = await makeUser(ctx.db, { role: 'customer', locationId: w.other.location.id });
    // The menus of January take their orders while still open, and close after (their deadline
    // moved back once each): a closed menu counts every order written into it (migration 0028),
    // 2,000 counts per menu that took most of this test's time (decision 094).
    const menus = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        makeMenu(ctx.db, { providerId: w.provider.id, from: new Date(Date.UTC(2026, 0, 5 + i, 9)), to: new Date(Date.UTC(2099, 0, 1)) }),
      ),
    );
    const menuIds = sql.raw(`'{${menus.map((m) => m.id).join(',')}}'::int[]`);
    await ctx.db.execute(sql`
      insert into orders (menu_id, user_id, location_id, payment_type, amount_cents, amount_to_pay_cents, status)
      select (${menuIds})[1 + g % 20], ${filler.id}, ${w.other.location.id}, 'cash', 500, 500, 2
      from generate_series(1, 40000) g`);
    await ctx.db.execute(sql`update menus set "to" = "from" + interval '1 hour' where id = any(${menuIds})`);
    await ctx.db.execute(sql`analyze orders`);
    await ctx.db.execute(sql`analyze menus`);
    const { monthOrders } = await import('./spend.queries.js');
    const plan = (
      await ctx.db.execute<{ 'QUERY PLAN': string }>(sql`explain select count(*) from ${monthOrders('2026-11', w.team.location.id)}`)
    ).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(plan).toContain('orders_location_menu_idx');
    expect(plan).not.toMatch(/Seq Scan on orders/);
  });
});
