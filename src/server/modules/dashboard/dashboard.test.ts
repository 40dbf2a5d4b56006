import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dashboardMenuSums,
  dishes,
  leftovers,
  ledgerEntries,
  locations,
  menuOrderChanges,
  menus,
  orderItems,
  orders,
  standingOrderRuns,
} from '../../db/schema/index.js';
import { makeLocation, makeProvider, makeUser } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { UserClient } from '../../test/client.js';
import { menuOn } from '../invoices/invoices.factories.js';
import { keepClosedMenuSums } from './dashboard.service.js';
import { addToMenu, makeCategory, makeDish, setBalance } from '../ordering/ordering.factories.js';
import { placedOrder } from '../teams/teams.factories.js';

let ctx: TestContext;
let admin: UserClient;
beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set(new Date('2026-11-20T10:00:00Z'));
  admin = await ctx.as('admin');
});
afterAll(() => ctx.close());

/** A menu's change count after its deadline (decision 087). */
const changesOf = async (menuId: number) =>
  (await ctx.db.select({ n: menuOrderChanges.changes }).from(menuOrderChanges).where(eq(menuOrderChanges.menuId, menuId)))[0]?.n ?? 0;

/**
 * Three menu days of a provider at two locations: cash, card and bank orders with subsidies, a
 * cancelled and refunded card order, a pending and a failed order (stock held / given back), a
 * standing order's order, a set meal with an option, leftovers of two days (the third not
 * recorded), plus orders that must not count (October, another provider).
 */
async function world() {
  const db = ctx.db;
  const provider = await makeProvider(db, { title: 'Dashboard kitchen' });
  const other = await makeProvider(db, { title: 'Other kitchen' });
  const centrs = await makeLocation(db, { title: 'Centrs', subsidyCents: 350 });
  const osta = await makeLocation(db, { title: 'Osta' });
  const cat = await makeCategory(db, provider.id);
  const dish = (title: string, priceCents: number) =>
    makeDish(db, { providerId: provider.id, categoryId: cat.id, priceCents, title: { lv: title } });
  const soup = await dish('Zupa', 550);
  const pasta = await dish('Pasta', 700);
  const salad = await dish('Salāti', 400);
  const set = await dish('Komplekss', 550);
  const d1 = await menuOn(db, provider.id, '2026-11-02');
  const d2 = await menuOn(db, provider.id, '2026-11-03');
  const d3 = await menuOn(db, provider.id, '2026-11-05');
  const october = await menuOn(db, provider.id, '2026-10-30');
  const foreign = await menuOn(db, other.id, '2026-11-02');
  for (const [m, ds] of [
    [d1, [soup, pasta, salad]],
    [d2, [soup, pasta]],
    [d3, [soup, set]],
    [october, [soup]],
  ] as const) {
    for (const d of ds) await addToMenu(db, m.id, d);
  }
  // Stock left after the orders (pasta on d2 and the set meal: no limit).
  await setBalance(db, d1.id, soup.id, 10);
  await setBalance(db, d1.id, pasta.id, 5);
  await setBalance(db, d1.id, salad.id, null);
  await setBalance(db, d2.id, soup.id, 3);
  await setBalance(db, d3.id, soup.id, 0);
  const user = (n: string, locationId: number) => makeUser(db, { role: 'customer', locationId, email: `${n}-${locationId}@dash.lv` });
  const anna = await user('anna', centrs.id);
  const juris = await user('juris', centrs.id);
  const liga = await user('liga', osta.id);
  const line = (d: { id: number }, qty: number, unitPriceCents: number) => ({ dishId: d.id, title: { lv: 'x' }, qty, unitPriceCents });
  const order = (v: Parameters<typeof placedOrder>[1]) => placedOrder(db, v);
  const at = (u: { id: number; locationId: number | null }) => ({ userId: u.id, locationId: u.locationId! });
  // d1
  await order({
    menuId: d1.id,
    ...at(anna),
    paymentType: 'cash',
    amountCents: 1250,
    subsidyCents: 350,
    lines: [line(soup, 1, 550), line(pasta, 1, 700)],
  });
  await order({ menuId: d1.id, ...at(juris), paymentType: 'card', amountCents: 1100, subsidyCents: 350, lines: [line(soup, 2, 550)] });
  await order({ menuId: d1.id, ...at(liga), paymentType: 'bank', amountCents: 700, lines: [line(pasta, 1, 700)] });
  const cancelled = await order({
    menuId: d1.id,
    ...at(juris),
    paymentType: 'card',
    amountCents: 550,
    subsidyCents: 350,
    lines: [line(soup, 1, 550)],
  });
  await db.update(orders).set({ status: 3, stockReleased: true }).where(eq(orders.id, cancelled.id));
  await db.insert(ledgerEntries).values({
    orderId: cancelled.id,
    menuId: d1.id,
    locationId: centrs.id,
    providerId: provider.id,
    userId: juris.id,
    kind: 'refund',
    amountCents: -200,
  });
  // Pending: holds stock, not an order yet.
  await order({ menuId: d1.id, ...at(liga), paymentType: 'card', status: 1, amountCents: 550, lines: [line(soup, 1, 550)] });
  // d2
  const standing = await order({
    menuId: d2.id,
    ...at(anna),
    paymentType: 'cash',
    amountCents: 550,
    subsidyCents: 350,
    lines: [line(soup, 1, 550)],
  });
  await db.insert(standingOrderRuns).values({ userId: anna.id, day: '2026-11-03', menuId: d2.id, outcome: 'placed', orderId: standing.id });
  await order({ menuId: d2.id, ...at(liga), paymentType: 'cash', amountCents: 1400, lines: [line(pasta, 2, 700)] });
  const failed = await order({ menuId: d2.id, ...at(liga), status: 0, amountCents: 550, lines: [line(soup, 1, 550)] });
  await db.update(orders).set({ stockReleased: true }).where(eq(orders.id, failed.id));
  // d3: a set meal with soup as its option.
  await order({
    menuId: d3.id,
    ...at(liga),
    paymentType: 'bank',
    amountCents: 550,
    lines: [{ ...line(set, 1, 550), options: [{ dishId: soup.id, title: { lv: 'Zupa' } }] }],
  });
  // Not counted: October, another provider's menu.
  await order({ menuId: october.id, ...at(anna), amountCents: 550, lines: [line(soup, 1, 550)] });
  await order({ menuId: foreign.id, ...at(anna), amountCents: 990, lines: [line(soup, 1, 550)] });
  // Leftovers: d1 recorded, d2 recorded as none, d3 not recorded.
  await db.insert(leftovers).values([
    { menuId: d1.id, dishId: soup.id, portions: 2 },
    { menuId: d1.id, dishId: pasta.id, portions: 1 },
    { menuId: d2.id, dishId: soup.id, portions: 0 },
  ]);
  return { provider, other, centrs, osta, anna, soup, pasta, salad, set, d1, d2, d3, foreign };
}

const url = (providerId: number, q: string) => `/app/dashboard?provider_id=${providerId}&${q}`;

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

  it('keeps a closed menu’s sums and sums it again when one of its orders changes', async () => {
    const w = await world();
    const read = async () => (await admin.get(url(w.provider.id, 'from=2026-11-03&to=2026-11-03'))).json();
    const first = await read();
    const [kept] = await ctx.db.select().from(dashboardMenuSums).where(eq(dashboardMenuSums.menuId, w.d2.id));
    const before = await changesOf(w.d2.id);
    // Its orders were added after its deadline (the test writes the past): each counted.
    expect(before).toBeGreaterThan(0);
    expect(kept?.changes).toBe(before);
    expect(await read()).toEqual(first);
    // A late cancellation (after the deadline) of the 14.00 cash order: its menu's counts change.
    const [late] = await ctx.db
      .update(orders)
      .set({ status: 3, stockReleased: true })
      .where(and(eq(orders.menuId, w.d2.id), eq(orders.amountCents, 1400)))
      .returning();
    expect(late).toBeDefined();
    expect(await changesOf(w.d2.id)).toBe(before + 1);
    const after = await read();
    expect(after.payments).toMatchObject({ orders: 1, cancelled: 1, cash: 200, gross: 550 });
    expect(after.days[0]).toMatchObject({ ordered: 1, prepared: 4 });
    // Its refund, recorded later, is read too: refunds are kept with the menu's sums.
    expect(after.payments.refunds).toBe(0);
    await ctx.db.insert(ledgerEntries).values({
      orderId: late!.id,
      menuId: w.d2.id,
      locationId: w.osta.id,
      providerId: w.provider.id,
      userId: late!.userId,
      kind: 'refund',
      amountCents: -1400,
    });
    expect(await changesOf(w.d2.id)).toBe(before + 2);
    expect((await read()).payments).toMatchObject({ refunds: 1400, cancelled: 1 });
  });

  it('sums a closed menu again when a line’s dish is changed after its deadline (a withdrawn dish’s substitute), its counts unchanged', async () => {
    const w = await world();
    const read = async () => (await admin.get(url(w.provider.id, 'from=2026-11-03&to=2026-11-03'))).json();
    const first = await read();
    expect(first.top_dishes.map((d: { title: string; ordered: number }) => [d.title, d.ordered])).toEqual([
      ['Pasta', 2],
      ['Zupa', 1],
    ]);
    // As the withdrawal's substitute does: the pasta line now carries the soup; no order's status moves.
    const pastaOrder = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.menuId, w.d2.id), eq(orders.amountCents, 1400)));
    await ctx.db.update(orderItems).set({ dishId: w.soup.id }).where(eq(orderItems.orderId, pastaOrder[0]!.id));
    const after = await read();
    expect(after.top_dishes.map((d: { title: string; ordered: number }) => [d.title, d.ordered])).toEqual([
      ['Zupa', 3],
      ['Pasta', 0],
    ]);
  });

  it('counts nothing while a menu is open, and a moved deadline sums a closed menu again', async () => {
    const w = await world();
    const open = await ctx.db
      .insert(menus)
      .values({ providerId: w.provider.id, title: 'Open', from: new Date(Date.now() - 3_600_000), to: new Date(Date.now() + 3_600_000) })
      .returning();
    await placedOrder(ctx.db, { menuId: open[0]!.id, userId: w.anna.id, locationId: w.centrs.id, amountCents: 550, lines: [] });
    expect(await changesOf(open[0]!.id)).toBe(0);
    const before = await changesOf(w.d1.id);
    await ctx.db.update(menus).set({ title: 'Renamed' }).where(eq(menus.id, w.d1.id));
    expect(await changesOf(w.d1.id)).toBe(before);
    await ctx.db
      .update(menus)
      .set({ to: sql`${menus.to} + interval '1 minute'` })
      .where(eq(menus.id, w.d1.id));
    expect(await changesOf(w.d1.id)).toBe(before + 1);
  });

  it('does not take sums kept while a menu was open for its closed sums (orders of its last minutes)', async () => {
    const w = await world();
    const m = await menuOn(ctx.db, w.provider.id, '2026-11-09');
    const deadline = m.to;
    // Still open: its sums are summed and kept for a minute.
    await ctx.db
      .update(menus)
      .set({ to: sql`now() + interval '1 hour'` })
      .where(eq(menus.id, m.id));
    const read = async () => (await admin.get(url(w.provider.id, 'from=2026-11-09&to=2026-11-09'))).json();
    expect((await read()).payments).toMatchObject({ orders: 0 });
    // An order of its last minutes (no change is counted while a menu is open).
    await placedOrder(ctx.db, { menuId: m.id, userId: w.anna.id, locationId: w.centrs.id, amountCents: 550, lines: [] });
    // The clock passes its deadline by over an hour: the menu's row is not written (the test moves
    // the deadline back with the triggers off, as time passing would).
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(menus).set({ to: deadline }).where(eq(menus.id, m.id));
    });
    expect((await read()).payments).toMatchObject({ orders: 1 });
    await keepClosedMenuSums(ctx.db, 1000);
    expect((await read()).payments).toMatchObject({ orders: 1 });
  });

  it('keeps closed menus’ sums ahead of the first read (the hourly job), once while nothing changes', async () => {
    const w = await world();
    await keepClosedMenuSums(ctx.db, 1000);
    const kept = await ctx.db
      .select()
      .from(dashboardMenuSums)
      .where(inArray(dashboardMenuSums.menuId, [w.d1.id, w.d2.id, w.d3.id]));
    expect(kept).toHaveLength(3);
    for (const k of kept) expect(k.changes).toBe(await changesOf(k.menuId));
    expect(await keepClosedMenuSums(ctx.db, 1000)).toBe(0);
    // The kept sums answer as summing the orders does.
    const first = (await admin.get(url(w.provider.id, 'from=2026-11-02&to=2026-11-05'))).json();
    await ctx.db.delete(dashboardMenuSums).where(inArray(dashboardMenuSums.menuId, [w.d1.id, w.d2.id, w.d3.id]));
    expect((await admin.get(url(w.provider.id, 'from=2026-11-02&to=2026-11-05'))).json()).toEqual(first);
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
