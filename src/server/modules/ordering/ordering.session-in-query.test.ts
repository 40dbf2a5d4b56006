import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, sessions } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { customerAt, menuWorld, ordersOf } from './ordering.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('placing an order signs the caller in from its own query (sessionInQuery)', () => {
  const body = (menuId: number, dishId: number) => ({
    dishlist_id: menuId,
    items: [{ id: dishId, qty: 1 }],
    payment_type: 'cash',
    terms: true,
  });

  it('refuses a missing, unknown, expired or idle session with 401 and changes nothing', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    expect((await ctx.anon.post('/app/order/create', body(w.menu.id, w.main.id))).statusCode).toBe(401);
    expect(
      (await ctx.anon.post('/app/order/create', body(w.menu.id, w.main.id), { headers: { authorization: 'Bearer not-a-token' } }))
        .statusCode,
    ).toBe(401);
    const [s] = await ctx.db.select().from(sessions).where(eq(sessions.userId, c.user.id));
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(now.getTime() - 1000) })
      .where(eq(sessions.id, s!.id));
    expect((await c.post('/app/order/create', body(w.menu.id, w.main.id))).statusCode).toBe(401);
    // Idle past the limit (remembered sessions: 14 days): refused, and the session is ended.
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(now.getTime() + 20 * 86400_000), lastSeenAt: new Date(now.getTime() - 15 * 86400_000) })
      .where(eq(sessions.id, s!.id));
    const idle = await c.post('/app/order/create', body(w.menu.id, w.main.id));
    expect(idle.statusCode).toBe(401);
    expect(idle.json().message).toBeTruthy();
    expect(await ctx.db.select().from(sessions).where(eq(sessions.id, s!.id))).toHaveLength(0);
    expect(await ordersOf(ctx.db, c.user.id)).toHaveLength(0);
  });

  it('refuses a deactivated customer (401) and staff (403), whether or not the session is cached', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const gone = ctx.as(await customerAt(ctx.db, now, {}, { active: false }));
    expect((await gone.post('/app/order/create', body(w.menu.id, w.main.id))).statusCode).toBe(401);
    const kitchen = await ctx.as('kitchen');
    expect((await kitchen.post('/app/order/create', body(w.menu.id, w.main.id))).statusCode).toBe(403);
    // A call elsewhere caches the kitchen session; the order route still refuses it.
    expect((await kitchen.get('/app/me')).statusCode).toBe(200);
    expect((await kitchen.post('/app/order/create', body(w.menu.id, w.main.id))).statusCode).toBe(403);
    expect(await ctx.db.select().from(orders).where(eq(orders.userId, kitchen.user.id))).toHaveLength(0);
  });

  it('places the order of a valid session and keeps the session for the next call', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    const first = await c.post('/app/order/create', body(w.menu.id, w.main.id));
    expect(first.statusCode).toBe(200);
    const second = await c.post('/app/order/create', body(w.menu.id, w.main.id));
    expect(second.statusCode).toBe(200);
    expect((await ordersOf(ctx.db, c.user.id)).map((o) => o.id).sort()).toEqual([first.json().order_id, second.json().order_id].sort());
    // Logout ends it at once on this instance, cached or not.
    expect((await c.post('/app/logout', {})).statusCode).toBeLessThan(300);
    expect((await c.post('/app/order/create', body(w.menu.id, w.main.id))).statusCode).toBe(401);
  });
});
