import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { balanceOf, customerAt, menuWorld, ordersOf, setBalance } from './ordering.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('one unpaid card or bank order per customer and menu', () => {
  it('holds at most one unpaid card or bank order per customer and menu: a new order there releases it; other menus are not held up', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const other = await menuWorld(ctx.db, now);
    await setBalance(ctx.db, w.menu.id, w.main.id, 10);
    const c = ctx.as(await customerAt(ctx.db, now));
    const order = (menu: number, dish: number, payment: object) => ({
      dishlist_id: menu,
      items: [{ id: dish, qty: 2 }],
      terms: true,
      ...payment,
    });
    const first = await c.post('/app/order/create?lang=en', order(w.menu.id, w.main.id, { payment_type: 'card' }));
    expect(first.statusCode).toBe(200);
    // Decision 045: each new order on the menu releases the customer's unpaid one (it was refused with 409 before).
    let previous = first.json().order_id as number;
    for (const payment of [{ payment_type: 'card' }, { payment_type: 'bank', bank: 'seb' }, { payment_type: 'card' }]) {
      const again = await c.post('/app/order/create?lang=en', order(w.menu.id, w.main.id, payment));
      expect(again.statusCode).toBe(200);
      expect((await ordersOf(ctx.db, c.user.id)).find((o) => o.id === previous)!.status).toBe(0);
      previous = again.json().order_id;
    }
    // Only the last unpaid order holds stock.
    expect(await balanceOf(ctx.db, w.menu.id, w.main.id)).toBe(8);
    expect((await ordersOf(ctx.db, c.user.id)).filter((o) => o.status === 1).map((o) => o.id)).toEqual([previous]);
    // An unpaid order on another menu is not touched.
    expect((await c.post('/app/order/create', order(other.menu.id, other.main.id, { payment_type: 'card' }))).statusCode).toBe(200);
    expect((await ordersOf(ctx.db, c.user.id)).filter((o) => o.status === 1)).toHaveLength(2);
  });

  it('lets parallel card and bank orders of one customer leave at most one unpaid', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    await setBalance(ctx.db, w.menu.id, w.main.id, 20);
    const c = ctx.as(await customerAt(ctx.db, now));
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        c.post('/app/order/create?lang=en', {
          dishlist_id: w.menu.id,
          items: [{ id: w.main.id, qty: 2 }],
          terms: true,
          ...(i % 2 ? { payment_type: 'bank', bank: 'seb' } : { payment_type: 'card' }),
        }),
      ),
    );
    // Each may release the one before it (decision 045); a request outrun ten times answers 409 "try again".
    for (const a of answers) expect([200, 409]).toContain(a.statusCode);
    const unpaid = (await ordersOf(ctx.db, c.user.id)).filter((o) => o.status === 1);
    expect(unpaid).toHaveLength(1);
    const [left] = await ctx.db
      .select()
      .from(balances)
      .where(and(eq(balances.menuId, w.menu.id), eq(balances.dishId, w.main.id)));
    expect(left!.qty).toBe(18);
  });
});
