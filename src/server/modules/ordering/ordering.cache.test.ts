import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { customerAt, menuWorld } from './ordering.factories.js';

// The order page's read cache is on outside tests (READ_CACHE_MS); here it is on too, as in
// production, to prove that a change made through this instance is served at once.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ NODE_ENV: 'production' });
});
afterAll(async () => ctx.close());

describe('the order page with the read cache on', () => {
  it('shows a stock edit and a deleted order at once, not a second later', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = await customerAt(ctx.db, now);
    const staff = await signedIn(ctx.db, { role: 'kitchen' }, now);
    const read = async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/app/order/create/${w.menu.id}?provider_id=${w.provider.id}&lang=en`,
        headers: c.auth,
      });
      expect(res.statusCode).toBe(200);
      return res.json() as { balance: { id: number; qty: number | null }[]; dishlist: { title: string } };
    };
    const soupLeft = async () => (await read()).balance.find((b) => b.id === w.soup.id)?.qty;
    expect(await soupLeft()).toBe(5);

    // Kitchen sets the stock: the very next read shows it (it used to show 5 for up to READ_CACHE_MS).
    const balance = await ctx.app.inject({
      method: 'POST',
      url: `/app/dishlists/${w.menu.id}/balance?provider_id=${w.provider.id}`,
      headers: staff.auth,
      payload: { balance: [{ id: w.soup.id, qty: 2 }] },
    });
    expect(balance.statusCode).toBe(200);
    expect(await soupLeft()).toBe(2);

    // An order takes one (placing an order is not a staff change: the page may show it up to
    // READ_CACHE_MS late). Staff set the stock again, then delete the order: it gives its unit
    // back, and the page shows that at once.
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/app/order/create',
      headers: c.auth,
      payload: { dishlist_id: w.menu.id, items: [{ id: w.soup.id, qty: 1 }], payment_type: 'cash', terms: true },
    });
    expect(placed.statusCode).toBe(200);
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/app/dishlists/${w.menu.id}/balance?provider_id=${w.provider.id}`,
      headers: staff.auth,
      payload: { balance: [{ id: w.soup.id, qty: 2 }] },
    });
    expect(again.statusCode).toBe(200);
    expect(await soupLeft()).toBe(2);
    const orderId = (placed.json() as { order_id: number }).order_id;
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/app/order/${orderId}`, headers: staff.auth });
    expect(deleted.statusCode).toBe(200);
    expect(await soupLeft()).toBe(3);
  });
});
