import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { balanceOf, cashOrder, customerAt, menuWorld, ordersOf } from './ordering.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('one order per idempotency key', () => {
  it('creates one order per idempotency key (header or body), also when repeated in parallel', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    const body = { dishlist_id: w.menu.id, items: [{ id: w.soup.id, qty: 1 }], payment_type: 'card', terms: true };
    const first = await c.post('/app/order/create', body, { headers: { 'idempotency-key': 'k-1' } });
    const again = await c.post('/app/order/create', body, { headers: { 'idempotency-key': 'k-1' } });
    expect(again.json()).toEqual(first.json());
    expect(first.json().payment_link).toBeDefined();
    // On another menu: a new order on this one would release the unpaid card order (decision 045).
    const other = await menuWorld(ctx.db, now);
    const cashBody = { ...body, dishlist_id: other.menu.id, items: [{ id: other.soup.id, qty: 1 }], payment_type: 'cash' };
    const parallel = await Promise.all([1, 2, 3, 4].map(() => c.post('/app/order/create', { ...cashBody, idempotency_key: 'k-2' })));
    const ids = new Set(parallel.map((r) => r.json().order_id));
    expect(parallel.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(ids.size).toBe(1);
    expect(await ordersOf(ctx.db, c.user.id)).toHaveLength(2);
    expect(await balanceOf(ctx.db, w.menu.id, w.soup.id)).toBe(4);
    expect(await balanceOf(ctx.db, other.menu.id, other.soup.id)).toBe(4);
    // A repeat after the deadline still answers the order placed before it.
    ctx.clock.advance(3 * 3600_000);
    try {
      const late = await c.post('/app/order/create', body, { headers: { 'idempotency-key': 'k-1' } });
      expect(late.json()).toEqual(first.json());
    } finally {
      ctx.clock.advance(-3 * 3600_000);
    }
  });

  it('a retry with the key of an order that failed places a new order', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    const body = { ...cashOrder(w.menu.id, w.soup.id), payment_type: 'card' };
    const first = (await c.post('/app/order/create', body, { headers: { 'idempotency-key': 'retry-1' } })).json();
    const [p] = await ctx.db.select().from(payments).where(eq(payments.orderId, first.order_id));
    await ctx.anon.post(`/app/payments/sandbox/${p!.reference}/decline`, '', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const retry = await c.post('/app/order/create', body, { headers: { 'idempotency-key': 'retry-1' } });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ success: true, order_id: expect.any(Number), payment_link: expect.any(String) });
    expect(retry.json().order_id).not.toBe(first.order_id);
    // The repeat of the new order answers the new order.
    expect((await c.post('/app/order/create', body, { headers: { 'idempotency-key': 'retry-1' } })).json()).toEqual(retry.json());
    // A failed order that still holds its key (stored before keys were freed) is a 409, not a success.
    const old = (await c.post('/app/order/create', cashOrder(w.menu.id, w.main.id), { headers: { 'idempotency-key': 'retry-2' } })).json();
    await ctx.db.update(orders).set({ status: 0 }).where(eq(orders.id, old.order_id));
    const conflict = await c.post('/app/order/create?lang=en', cashOrder(w.menu.id, w.main.id), {
      headers: { 'idempotency-key': 'retry-2' },
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().message).toBe('This order failed and was not placed. Please place the order again.');
  });
});
