import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dishes, locations, menus, orders } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { UserClient } from '../../test/client.js';
import { dashboardUrl, dashboardWorld } from './dashboard.factories.js';

let ctx: TestContext;
let admin: UserClient;
beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set(new Date('2026-11-20T10:00:00Z'));
  admin = await ctx.as('admin');
});
afterAll(() => ctx.close());

const world = () => dashboardWorld(ctx.db);
const url = dashboardUrl;

describe('sales and waste dashboard', () => {
  it('sums the placed orders of the range as the statement does, with stock, leftovers and standing orders', async () => {
    const w = await world();
    const res = await admin.get(url(w.provider.id, 'from=2026-11-02&to=2026-11-05'));
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.days).toEqual([
      // soup 10 left + 4 held (1 + 2 placed, 1 pending), pasta 5 + 2; salad unlimited; 3 left over.
      { day: '2026-11-02', menu_id: w.d1.id, menu_title: w.d1.title, prepared: 21, unlimited_dishes: 1, ordered: 5, left_over: 3 },
      // soup 3 + 1 (the failed order gave its portion back); pasta unlimited; recorded as none left.
      { day: '2026-11-03', menu_id: w.d2.id, menu_title: w.d2.title, prepared: 4, unlimited_dishes: 1, ordered: 3, left_over: 0 },
      // the set meal and its soup: 2 portions; nothing recorded: null, never a guess.
      { day: '2026-11-05', menu_id: w.d3.id, menu_title: w.d3.title, prepared: 1, unlimited_dishes: 1, ordered: 2, left_over: null },
    ]);
    expect(d.top_dishes).toEqual([
      { dish_id: w.soup.id, title: 'Zupa', ordered: 5, menus: 3 },
      { dish_id: w.pasta.id, title: 'Pasta', ordered: 4, menus: 2 },
      { dish_id: w.set.id, title: 'Komplekss', ordered: 1, menus: 1 },
      { dish_id: w.salad.id, title: 'Salāti', ordered: 0, menus: 1 },
    ]);
    expect(d.bottom_dishes).toEqual([]);
    expect(d.payments).toEqual({
      cash: 900 + 200 + 1400,
      card: 750,
      bank: 700 + 550,
      subsidy: 1050,
      bonus: 0,
      gross: 1250 + 1100 + 700 + 550 + 1400 + 550,
      refunds: 200,
      orders: 6,
      cancelled: 1,
    });
    expect(d.subsidies).toEqual([
      { location_id: w.centrs.id, title: 'Centrs', orders: 3, subsidy: 1050 },
      { location_id: w.osta.id, title: 'Osta', orders: 3, subsidy: 0 },
    ]);
    expect(d.standing).toEqual({ orders: 6, standing: 1 });
    expect(d.period).toBe('day');
    expect(d.periods).toEqual(['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05']);
    expect(d.locations).toEqual([
      { location_id: w.centrs.id, title: 'Centrs', total: 3, counts: [2, 1, 0, 0] },
      { location_id: w.osta.id, title: 'Osta', total: 3, counts: [1, 1, 0, 1] },
    ]);
    // The figures equal the orders: the placed orders of the range, read straight from the table.
    const [placed] = await ctx.db
      .select({ n: sql<number>`count(*)::int`, gross: sql<number>`sum(${orders.amountCents})::int` })
      .from(orders)
      .where(and(inArray(orders.menuId, [w.d1.id, w.d2.id, w.d3.id]), eq(orders.status, 2)));
    expect(placed).toEqual({ n: d.payments.orders, gross: d.payments.gross });
    expect(d.locations.reduce((n: number, l: { total: number }) => n + l.total, 0)).toBe(placed!.n);
  });

  it('narrows orders and money to a location; stock and leftovers stay the menu’s', async () => {
    const w = await world();
    const kitchen = await ctx.as('kitchen');
    const d = (await kitchen.get(url(w.provider.id, `from=2026-11-01&to=2026-11-30&location_id=${w.centrs.id}`))).json();
    expect(d.payments).toEqual({
      cash: 1100,
      card: 750,
      bank: 0,
      subsidy: 1050,
      bonus: 0,
      gross: 2900,
      refunds: 200,
      orders: 3,
      cancelled: 1,
    });
    expect(d.top_dishes.map((x: { title: string; ordered: number }) => [x.title, x.ordered])).toEqual([
      ['Zupa', 4],
      ['Pasta', 1],
      ['Salāti', 0],
      ['Komplekss', 0],
    ]);
    expect(d.days.map((x: { ordered: number }) => x.ordered)).toEqual([5, 3, 2]);
    expect(d.standing).toEqual({ orders: 3, standing: 1 });
    expect(d.locations).toEqual([{ location_id: w.centrs.id, title: 'Centrs', total: 3, counts: expect.any(Array) }]);
  });

  it('reads only the asked provider’s menus', async () => {
    const w = await world();
    const d = (await admin.get(url(w.other.id, 'from=2026-11-02&to=2026-11-05'))).json();
    expect(d.days.map((x: { menu_id: number }) => x.menu_id)).toEqual([w.foreign.id]);
    expect(d.payments.orders).toBe(1);
    expect(d.payments.gross).toBe(990);
  });

  it('answers every chart as CSV in the reader’s language', async () => {
    const w = await world();
    const q = (chart: string) =>
      url(w.provider.id, `from=2026-11-02&to=2026-11-05&chart=${chart}`).replace('/dashboard?', '/dashboard/export?');
    const payments = await admin.get(q('payments'), { headers: { 'accept-language': 'en' } });
    expect(payments.statusCode).toBe(200);
    expect(payments.headers['content-type']).toContain('text/csv');
    expect(payments.headers['content-disposition']).toContain('dashboard-payments-2026-11-02-2026-11-05.csv');
    expect(payments.body).toContain('Cash;25,00\r\n');
    expect(payments.body).toContain('Refunded;2,00\r\n');
    const days = (await admin.get(q('days'), { headers: { 'accept-language': 'en' } })).body;
    expect(days).toContain(`2026-11-05;${w.d3.title};1;1;2;not recorded\r\n`);
    const standing = (await admin.get(q('standing'), { headers: { 'accept-language': 'en' } })).body;
    expect(standing).toContain('6;1;16,67\r\n');
    for (const chart of ['dishes', 'locations', 'subsidies']) expect((await admin.get(q(chart))).statusCode).toBe(200);
  });

  it('defuses names a spreadsheet would run as formulas in every CSV (dish, menu, location)', async () => {
    const w = await world();
    await ctx.db.update(locations).set({ title: '=HYPERLINK("http://evil.example","Centrs")' }).where(eq(locations.id, w.centrs.id));
    await ctx.db
      .update(dishes)
      .set({ title: { lv: '@SUM(1+1)' } })
      .where(eq(dishes.id, w.soup.id));
    await ctx.db.update(menus).set({ title: '+cmd|calc' }).where(eq(menus.id, w.d1.id));
    const csv = async (chart: string) =>
      (await admin.get(url(w.provider.id, `from=2026-11-02&to=2026-11-05&chart=${chart}`).replace('/dashboard?', '/dashboard/export?')))
        .body;
    const cells = (body: string) =>
      body
        .replace('\uFEFF', '')
        .split('\r\n')
        .flatMap((l) => l.split(';'));
    const all = [
      ...cells(await csv('days')),
      ...cells(await csv('dishes')),
      ...cells(await csv('locations')),
      ...cells(await csv('subsidies')),
    ];
    expect(all).toContain("'+cmd|calc");
    expect(all).toContain("'@SUM(1+1)");
    expect(all).toContain(`"'=HYPERLINK(""http://evil.example"",""Centrs"")"`);
    // No cell starts a formula, quoted or not.
    expect(all.filter((c) => /^"?[=+@]/.test(c))).toEqual([]);
  });

  it('refuses customers and strangers, reversed or too long ranges and unknown locations', async () => {
    const w = await world();
    const q = 'from=2026-11-02&to=2026-11-05';
    expect((await (await ctx.as('customer')).get(url(w.provider.id, q))).statusCode).toBe(403);
    expect((await ctx.anon.get(url(w.provider.id, q))).statusCode).toBe(401);
    expect(
      (await (await ctx.as('customer')).get(url(w.provider.id, `${q}&chart=days`).replace('/dashboard?', '/dashboard/export?'))).statusCode,
    ).toBe(403);
    const reversed = await admin.get(url(w.provider.id, 'from=2026-11-05&to=2026-11-02'));
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors.to).toHaveLength(1);
    expect((await admin.get(url(w.provider.id, 'from=2025-11-01&to=2026-11-02'))).statusCode).toBe(422);
    expect((await admin.get(url(w.provider.id, 'from=2025-11-02&to=2026-11-02'))).statusCode).toBe(200);
    expect((await admin.get(url(w.provider.id, `${q}&location_id=2147483000`))).statusCode).toBe(404);
    expect((await admin.get(`/app/dashboard?provider_id=2147483000&${q}`)).statusCode).toBe(422);
    expect((await admin.get(url(w.provider.id, 'from=2026-02-30&to=2026-03-02'))).statusCode).toBe(422);
  });
});
