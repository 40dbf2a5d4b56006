import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { customerAt, menuWorld } from './ordering.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

// Acceptance: the Orders column of /orders and /menu counted unpaid card orders that the menu's
// order list (/orders/{menuId}) does not show. An order is a placed one, everywhere.
describe('one definition of an order', () => {
  it('counts the same orders in the menu lists, the order list, history and the kitchen', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    const q = `provider_id=${w.provider.id}`;

    const cash = await c.post('/app/order/create', {
      dishlist_id: w.menu.id,
      items: [{ id: w.main.id, qty: 1 }],
      payment_type: 'cash',
      terms: true,
    });
    expect(cash.json()).toMatchObject({ success: true });
    // A card order waiting for its payment is not (yet) an order anyone should count.
    const card = await c.post('/app/order/create', {
      dishlist_id: w.menu.id,
      items: [{ id: w.main.id, qty: 2 }],
      payment_type: 'card',
      terms: true,
    });
    expect(card.json().payment_link).toBeDefined();

    const listed = (await admin.get(`/app/order?${q}&filter[dishlist_id]=${w.menu.id}&filter[status]=2&per_page=all&full=1`)).json();
    const listedIds = listed.data.flatMap((g: { orders: { id: number }[] }) => g.orders.map((o) => o.id));
    expect(listedIds).toEqual([cash.json().order_id]);

    const menus = (await admin.get(`/app/dishlists?${q}&per_page=all`)).json();
    expect(menus.data.find((m: { id: number }) => m.id === w.menu.id).orders_count).toBe(listedIds.length);
    expect((await admin.get(`/app/dishlists/${w.menu.id}?${q}`)).json().orders_count).toBe(listedIds.length);

    const history = (await admin.get(`/app/dishlists/history/${c.location.id}?${q}&per_page=all`)).json();
    expect(history.data.find((m: { id: number }) => m.id === w.menu.id).orders_count).toBe(listedIds.length);

    // The kitchen cooks the placed order's one main, not the unpaid card order's two.
    const kitchen = (await admin.get(`/app/kitchen/${w.menu.id}?${q}`)).json();
    const mains = kitchen.dishes
      .flatMap((g: { data: { id: number; qty: number }[] }) => g.data)
      .filter((d: { id: number }) => d.id === w.main.id);
    expect(mains).toEqual([expect.objectContaining({ qty: 1 })]);
    expect(listed.totals.total).toBe(5.5);
  });
});
