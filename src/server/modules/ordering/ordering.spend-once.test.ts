import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { cashOrder, customerAt, menuWorld, ordersOf } from './ordering.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('subsidy and bonus are spent once, whatever the interleaving of orders', () => {
  it('two orders waiting on the same user lock share one subsidy (no double spend)', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now, { subsidyCents: 500 }));
    const holder = await ctx.deps.database.pool.connect();
    let results;
    let committed = false;
    try {
      await holder.query('begin');
      await holder.query('select 1 from users where id = $1 for update', [c.user.id]);
      const pending = [1, 2].map(() => c.post('/app/order/create', cashOrder(w.menu.id, w.main.id)));
      // Both requests must be queued behind the lock before it is released. (Asked outside the
      // holder's transaction: pg_stat_activity is a snapshot taken once per transaction.)
      for (let i = 0; ; i++) {
        const waiting = await ctx.deps.database.pool.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
        );
        if (waiting.rows[0]!.n >= 2) break;
        if (i > 200)
          throw new Error('the orders never waited for the user lock' + JSON.stringify((await Promise.all(pending)).map((r) => r.body)));
        await new Promise((r) => setTimeout(r, 10));
      }
      await holder.query('commit');
      committed = true;
      results = await Promise.all(pending);
    } finally {
      // A client left inside the transaction is destroyed, which releases the lock.
      holder.release(!committed);
    }
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const stored = await ordersOf(ctx.db, c.user.id);
    expect(stored.map((o) => o.subsidyCents).sort((a, b) => a - b)).toEqual([0, 500]);
    expect(stored.reduce((sum, o) => sum + o.subsidyCents, 0)).toBeLessThanOrEqual(500);
  });

  it('parallel orders of one user spend the subsidy once and the bonus at most once', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now, { subsidyCents: 300 }, { bonusCents: 400 }));
    // Each order is a 5.50 main: the first takes 3.00 subsidy and 2.50 bonus, the second the
    // remaining 1.50 bonus, every other one pays in full.
    const results = await Promise.all(Array.from({ length: 8 }, () => c.post('/app/order/create', cashOrder(w.menu.id, w.main.id))));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const stored = await ordersOf(ctx.db, c.user.id);
    expect(stored).toHaveLength(8);
    expect(stored.reduce((sum, o) => sum + o.subsidyCents, 0)).toBe(300);
    expect(stored.reduce((sum, o) => sum + o.bonusCents, 0)).toBe(400);
    const [u] = await ctx.db.select({ bonus: users.bonusCents }).from(users).where(eq(users.id, c.user.id));
    expect(u!.bonus).toBe(0);
  });

  it('an order priced before a give-back of bonus is priced again with the bonus returned', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now, {}, { bonusCents: 200 }));
    const staff = await ctx.as('admin');
    const first = (await c.post('/app/order/create', cashOrder(w.menu.id, w.main.id))).json().order_id;
    // Deleting the first order gives its 2.00 bonus back while the second is placed.
    const [second] = await Promise.all([c.post('/app/order/create', cashOrder(w.menu.id, w.main.id)), staff.delete(`/app/order/${first}`)]);
    expect(second.statusCode).toBe(200);
    const stored = await ordersOf(ctx.db, c.user.id);
    const [u] = await ctx.db.select({ bonus: users.bonusCents }).from(users).where(eq(users.id, c.user.id));
    // Whatever the interleaving, bonus is never created or lost: left + used by stored orders = 2.00.
    expect(u!.bonus + stored.reduce((sum, o) => sum + o.bonusCents, 0)).toBe(200);
    expect(u!.bonus).toBeGreaterThanOrEqual(0);
  });
});
