import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders } from '../../db/schema/index.js';
import type { Change } from '../../lib/events.js';
import { makeLocation, makeProvider, makeUser, signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Client } from '../../test/client.js';
import { makeMenu } from './ordering.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function scene() {
  const provider = await makeProvider(ctx.db);
  const menu = await makeMenu(ctx.db, { providerId: provider.id, from: new Date(), to: new Date(Date.now() + 3600_000) });
  const other = await makeMenu(ctx.db, { providerId: provider.id, from: new Date(), to: new Date(Date.now() + 3600_000) });
  const a = await makeLocation(ctx.db);
  const b = await makeLocation(ctx.db);
  const user = await makeUser(ctx.db, { locationId: a.id });
  const order = async (menuId: number, locationId: number | null, status = 2, accepted = 0) => {
    const [row] = await ctx.db
      .insert(orders)
      .values({ menuId, userId: user.id, locationId, paymentType: 'cash', amountCents: 500, amountToPayCents: 500, status, accepted })
      .returning();
    return row!.id;
  };
  return { menu, other, a, b, order };
}

const acceptedOf = async (ids: number[]) =>
  Object.fromEntries(
    (await ctx.db.select({ id: orders.id, accepted: orders.accepted }).from(orders).where(inArray(orders.id, ids))).map((r) => [
      r.id,
      r.accepted,
    ]),
  );

const acceptAll = (who: Client, payload: object, lang = 'en') => who.post(`/app/order/accept-all?lang=${lang}`, payload);

describe('POST /app/order/accept-all', () => {
  it('accepts the new placed orders of one location only, and tells the live pages about each', async () => {
    const kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }));
    const s = await scene();
    const newA1 = await s.order(s.menu.id, s.a.id);
    const newA2 = await s.order(s.menu.id, s.a.id);
    const newB = await s.order(s.menu.id, s.b.id);
    const pending = await s.order(s.menu.id, s.a.id, 1);
    const cancelled = await s.order(s.menu.id, s.a.id, 3);
    const already = await s.order(s.menu.id, s.a.id, 2, 1);
    const otherMenu = await s.order(s.other.id, s.a.id);
    const changes: Change[] = [];
    const stop = ctx.app.changes.subscribe((c) => changes.push(c));
    const res = await acceptAll(kitchen, { dishlist_id: s.menu.id, location_id: s.a.id });
    stop();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Orders accepted: 2.', accepted: [newA1, newA2], left_new: 0 });
    expect(await acceptedOf([newA1, newA2, newB, pending, cancelled, already, otherMenu])).toEqual({
      [newA1]: 1,
      [newA2]: 1,
      [newB]: 0,
      [pending]: 0,
      [cancelled]: 0,
      [already]: 1,
      [otherMenu]: 0,
    });
    expect(changes).toEqual([
      { type: 'order', menuId: s.menu.id, orderId: newA1 },
      { type: 'order', menuId: s.menu.id, orderId: newA2 },
    ]);
    // Again: nothing new, nothing changes.
    const again = await acceptAll(kitchen, { dishlist_id: s.menu.id, location_id: s.a.id }, 'lv');
    expect(again.json()).toEqual({ success: true, message: 'Apstiprināti pasūtījumi: 0.', accepted: [], left_new: 0 });
  });

  it('accepts only the orders the page showed; a newer new order stays new and is counted', async () => {
    const kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }));
    const s = await scene();
    const seen = await s.order(s.menu.id, s.a.id);
    // Placed after the page counted: the confirmation named 1 order.
    const newer = await s.order(s.menu.id, s.a.id);
    const changes: Change[] = [];
    const stop = ctx.app.changes.subscribe((c) => changes.push(c));
    const res = await kitchen.post(`/app/order/accept-all?lang=en&provider_id=${s.menu.providerId}`, {
      dishlist_id: s.menu.id,
      order_ids: [seen],
    });
    stop();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Orders accepted: 1. Newer orders left new: 1.',
      accepted: [seen],
      left_new: 1,
    });
    expect(await acceptedOf([seen, newer])).toEqual({ [seen]: 1, [newer]: 0 });
    expect(changes).toEqual([{ type: 'order', menuId: s.menu.id, orderId: seen }]);
    // Audited as a single accept: one entry for the accepted order, none for the newer one.
    const entries = await ctx.db
      .select({ entityId: auditLog.entityId, action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'order'), inArray(auditLog.entityId, [String(seen), String(newer)])));
    expect(entries.filter((e) => e.action === 'order.accept').map((e) => e.entityId)).toEqual([String(seen)]);
    // Of one location: the same rule.
    const lv = await kitchen.post(`/app/order/accept-all?lang=lv&provider_id=${s.menu.providerId}`, {
      dishlist_id: s.menu.id,
      location_id: s.a.id,
      order_ids: [newer],
    });
    expect(lv.json()).toEqual({ success: true, message: 'Apstiprināti pasūtījumi: 1.', accepted: [newer], left_new: 0 });
  });

  it('never accepts ids of another menu, another location or another provider’s menu', async () => {
    const kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }));
    const s = await scene();
    const mine = await s.order(s.menu.id, s.a.id);
    const otherLocation = await s.order(s.menu.id, s.b.id);
    const otherMenu = await s.order(s.other.id, s.a.id);
    const foreignProvider = await makeProvider(ctx.db);
    const foreignMenu = await makeMenu(ctx.db, { providerId: foreignProvider.id, from: new Date(), to: new Date(Date.now() + 3600_000) });
    const foreign = await s.order(foreignMenu.id, s.a.id);
    const call = (dishlistId: number, ids: number[]) =>
      kitchen.post(`/app/order/accept-all?lang=en&provider_id=${s.menu.providerId}`, {
        dishlist_id: dishlistId,
        location_id: s.a.id,
        order_ids: ids,
      });
    const res = await call(s.menu.id, [mine, otherLocation, otherMenu, foreign]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: [mine], left_new: 0 });
    // Another provider's menu while this provider is active: 404, nothing accepted.
    const elsewhere = await call(foreignMenu.id, [foreign]);
    expect(elsewhere.statusCode).toBe(404);
    expect(await acceptedOf([mine, otherLocation, otherMenu, foreign])).toEqual({
      [mine]: 1,
      [otherLocation]: 0,
      [otherMenu]: 0,
      [foreign]: 0,
    });
  });

  it('accepts the whole menu without a location', async () => {
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    const s = await scene();
    const ids = [await s.order(s.menu.id, s.a.id), await s.order(s.menu.id, s.b.id), await s.order(s.menu.id, null)];
    const res = await acceptAll(admin, { dishlist_id: s.menu.id }, 'ru');
    expect(res.json()).toMatchObject({ message: 'Принято заказов: 3.', accepted: ids });
    expect(Object.values(await acceptedOf(ids))).toEqual([1, 1, 1]);
  });

  it('is for staff only; customers and location managers get 403, no session 401', async () => {
    const s = await scene();
    const id = await s.order(s.menu.id, s.a.id);
    const manager = ctx.as(await signedIn(ctx.db, { locationId: s.a.id, isLocationManager: true }));
    const customer = ctx.as(await signedIn(ctx.db, { locationId: s.a.id }));
    expect((await acceptAll(ctx.anon, { dishlist_id: s.menu.id })).statusCode).toBe(401);
    expect((await acceptAll(manager, { dishlist_id: s.menu.id, location_id: s.a.id })).statusCode).toBe(403);
    expect((await acceptAll(customer, { dishlist_id: s.menu.id })).statusCode).toBe(403);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, id));
    expect(row!.accepted).toBe(0);
  });

  it('validates the body and answers 404 for an unknown menu', async () => {
    const kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }));
    const bad = await acceptAll(kitchen, { dishlist_id: 'x', location_id: 0 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['dishlist_id', 'location_id']);
    const unknown = await acceptAll(kitchen, { dishlist_id: 2000000000 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This menu is not available.');
  });

  it('a single accept also reaches the live pages', async () => {
    const kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }));
    const s = await scene();
    const id = await s.order(s.menu.id, s.a.id);
    const changes: Change[] = [];
    const stop = ctx.app.changes.subscribe((c) => changes.push(c));
    const res = await kitchen.put(`/app/order/${id}?accepted=1`);
    stop();
    expect(res.statusCode).toBe(200);
    expect(changes).toEqual([{ type: 'order', menuId: s.menu.id, orderId: id }]);
  });
});

describe('GET /app/order/new-count', () => {
  it('counts the provider’s placed, not yet accepted orders on today’s and later menus', async () => {
    const kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }));
    const s = await scene();
    const count = async () => (await kitchen.get(`/app/order/new-count?provider_id=${s.menu.providerId}`)).json().count;
    expect(await count()).toBe(0);
    await s.order(s.menu.id, s.a.id);
    await s.order(s.other.id, s.b.id);
    await s.order(s.menu.id, s.a.id, 2, 1); // accepted
    await s.order(s.menu.id, s.a.id, 1); // pending
    const past = await makeMenu(ctx.db, {
      providerId: s.menu.providerId,
      from: new Date(Date.now() - 3 * 86_400_000),
      to: new Date(Date.now() - 3 * 86_400_000 + 3600_000),
    });
    await s.order(past.id, s.a.id);
    expect(await count()).toBe(2);
    // Yesterday's menu still taking orders after midnight (its deadline ahead) is counted too.
    const lateOpen = await makeMenu(ctx.db, {
      providerId: s.menu.providerId,
      from: new Date(Date.now() - 2 * 86_400_000),
      to: new Date(Date.now() + 3600_000),
    });
    await s.order(lateOpen.id, s.a.id);
    expect(await count()).toBe(3);
    await acceptAll(kitchen, { dishlist_id: s.menu.id });
    expect(await count()).toBe(2);
    // Another provider's orders are not counted.
    const elsewhere = await makeProvider(ctx.db);
    expect((await kitchen.get(`/app/order/new-count?provider_id=${elsewhere.id}`)).json().count).toBe(0);
    const customer = ctx.as(await signedIn(ctx.db));
    expect((await customer.get('/app/order/new-count')).statusCode).toBe(403);
    expect((await ctx.anon.get('/app/order/new-count')).statusCode).toBe(401);
  });
});
