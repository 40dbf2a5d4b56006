import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardMenuSums, ledgerEntries, menus, orderItems, orders } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { UserClient } from '../../test/client.js';
import { menuOn } from '../invoices/invoices.factories.js';
import { placedOrder } from '../teams/teams.factories.js';
import { changesOf as changesIn, dashboardUrl, dashboardWorld } from './dashboard.factories.js';
import { keepClosedMenuSums } from './dashboard.service.js';

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
const changesOf = (menuId: number) => changesIn(ctx.db, menuId);

// Decision 087: a closed menu's kept sums, proven current by its change count.
describe('the dashboard’s kept sums', () => {
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
});
