import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { menuDishes, menus, orders } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { createReadCaches } from './ordering.service.js';
import { customerAt, menuWorld, setBalance } from './ordering.factories.js';

// The order page's read cache is on outside tests (READ_CACHE_MS); here it is on too, as in
// production, to prove that a change made through this instance is served at once.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ NODE_ENV: 'production' });
});
afterAll(async () => ctx.close());

describe('the order page and placing an order with the read cache on (as in production)', () => {
  it('shows a stock edit and a deleted order at once, not a second later', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = await customerAt(ctx.db, now);
    const staff = await ctx.as('kitchen');
    const read = async () => {
      const res = await ctx.as(c).get(`/app/order/create/${w.menu.id}?provider_id=${w.provider.id}&lang=en`);
      expect(res.statusCode).toBe(200);
      return res.json() as { balance: { id: number; qty: number | null }[]; dishlist: { title: string } };
    };
    const soupLeft = async () => (await read()).balance.find((b) => b.id === w.soup.id)?.qty;
    expect(await soupLeft()).toBe(5);

    // Kitchen sets the stock: the very next read shows it (it used to show 5 for up to READ_CACHE_MS).
    const balance = await staff.post(`/app/dishlists/${w.menu.id}/balance?provider_id=${w.provider.id}`, {
      balance: [{ id: w.soup.id, qty: 2 }],
    });
    expect(balance.statusCode).toBe(200);
    expect(await soupLeft()).toBe(2);

    // An order takes one (placing an order is not a staff change: the page may show it up to
    // READ_CACHE_MS late). Staff set the stock again, then delete the order: it gives its unit
    // back, and the page shows that at once.
    const placed = await ctx
      .as(c)
      .post('/app/order/create', { dishlist_id: w.menu.id, items: [{ id: w.soup.id, qty: 1 }], payment_type: 'cash', terms: true });
    expect(placed.statusCode).toBe(200);
    const again = await staff.post(`/app/dishlists/${w.menu.id}/balance?provider_id=${w.provider.id}`, {
      balance: [{ id: w.soup.id, qty: 2 }],
    });
    expect(again.statusCode).toBe(200);
    expect(await soupLeft()).toBe(2);
    const orderId = (placed.json() as { order_id: number }).order_id;
    const deleted = await staff.delete(`/app/order/${orderId}`);
    expect(deleted.statusCode).toBe(200);
    expect(await soupLeft()).toBe(3);
  });

  it('charges a price changed a moment ago and refuses a dish or menu withdrawn a moment ago', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = await customerAt(ctx.db, now);
    const page = () => ctx.as(c).get(`/app/order/create/${w.menu.id}`);
    const order = (dishId: number) =>
      ctx
        .as(c)
        .post('/app/order/create?lang=en', { dishlist_id: w.menu.id, items: [{ id: dishId, qty: 1 }], payment_type: 'cash', terms: true });
    const mainPrice = async () =>
      (await page()).json().dishlist.categories[0].dishes.find((d: { id: number }) => d.id === w.main.id).price as number;
    expect(await mainPrice()).toBe(5.5);
    await ctx.db
      .update(menuDishes)
      .set({ priceCents: 700 })
      .where(and(eq(menuDishes.menuId, w.menu.id), eq(menuDishes.dishId, w.main.id)));
    // The page may still show the cached price for up to a second; the order may not.
    const repriced = await order(w.main.id);
    expect(repriced.statusCode).toBe(200);
    const [stored] = await ctx.db.select().from(orders).where(eq(orders.id, repriced.json().order_id));
    expect(stored!.amountCents).toBe(700);

    await page();
    await ctx.db.delete(menuDishes).where(and(eq(menuDishes.menuId, w.menu.id), eq(menuDishes.dishId, w.dessert.id)));
    expect((await order(w.dessert.id)).json().errors).toEqual({ 'items.0.id': ['Dish was removed'] });

    await page();
    await ctx.db.update(menus).set({ status: false }).where(eq(menus.id, w.menu.id));
    const unpublished = await order(w.soup.id);
    expect(unpublished.statusCode).toBe(422);
    expect(unpublished.json().errors.dishlist_id).toBeDefined();

    await ctx.db
      .update(menus)
      .set({ status: true, to: new Date(now.getTime() - 1000) })
      .where(eq(menus.id, w.menu.id));
    expect((await order(w.soup.id)).json().errors.dishlist_id).toEqual(['Ordering from this menu has closed.']);
  });
});

describe('the read caches (createReadCaches)', () => {
  it('reuse a menu and a user state within their lifetime, and forget a user on demand', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = await customerAt(ctx.db, now, { subsidyCents: 100 });
    const caches = createReadCaches(ctx.db, 60_000);
    expect(caches.menu(w.menu.id)).toBe(caches.menu(w.menu.id));
    const before = await caches.userState(c.user.id, w.menu.id);
    expect(caches.userState(c.user.id, w.menu.id)).toBe(caches.userState(c.user.id, w.menu.id));
    await ctx
      .as(c)
      .post('/app/order/create', { dishlist_id: w.menu.id, items: [{ id: w.main.id, qty: 1 }], payment_type: 'cash', terms: true });
    expect((await caches.userState(c.user.id, w.menu.id))!.subsidyUsedCents).toBe(before!.subsidyUsedCents);
    caches.forgetUser(c.user.id);
    expect((await caches.userState(c.user.id, w.menu.id))!.subsidyUsedCents).toBe(100);
    const off = createReadCaches(ctx.db, 0);
    expect(off.menu(w.menu.id)).not.toBe(off.menu(w.menu.id));
  });

  it('builds the page prefix once per cached menu JSON, and forgets a menu on demand', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const caches = createReadCaches(ctx.db, 60_000);
    const menu = (await caches.menu(w.menu.id))!;
    const json = await caches.menuJson(menu, 'en');
    expect(await caches.menuJson(menu, 'en')).toBe(json);
    const open: object[] = [];
    let builds = 0;
    const build = () => Buffer.from(`prefix ${++builds}`);
    expect(caches.pagePrefix(json, open, 'true:en', build).toString()).toBe('prefix 1');
    expect(caches.pagePrefix(json, open, 'true:en', build).toString()).toBe('prefix 1');
    // Another open-menu list (it was refreshed): built anew.
    expect(caches.pagePrefix(json, [], 'true:en', build).toString()).toBe('prefix 2');
    // Stock changed and an order was refused: the menu is read again, with the new stock.
    await setBalance(ctx.db, w.menu.id, w.soup.id, 1);
    caches.forgetMenu(w.menu.id);
    const fresh = await caches.menuJson((await caches.menu(w.menu.id))!, 'en');
    expect(fresh).not.toBe(json);
    expect(JSON.parse(fresh.balance.toString())).toContainEqual({ id: w.soup.id, qty: 1 });
    expect(caches.pagePrefix(fresh, open, 'true:en', build).toString()).toBe('prefix 3');
  });
});
