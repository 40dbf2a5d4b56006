import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuDishes, menus } from '../../db/schema/index.js';
import { orderPageData } from '../../../shared/schemas/ordering.js';
import { makeShift } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { cashOrder, customerAt, makeMenu, menuWorld, ordersOf, setComplexPrice } from './ordering.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('reading menus for ordering: the open menus, the order page and the public menu of the day', () => {
  it('lists open menus of the provider only, soonest deadline first', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const later = await makeMenu(ctx.db, {
      providerId: w.provider.id,
      from: new Date(now.getTime() + 86400_000),
      to: new Date(now.getTime() + 90000_000),
    });
    await makeMenu(ctx.db, { providerId: w.provider.id, from: new Date(now.getTime() - 7200_000), to: new Date(now.getTime() - 60_000) });
    await makeMenu(ctx.db, { providerId: w.provider.id, status: false, from: now, to: new Date(now.getTime() + 3600_000) });
    const c = ctx.as(await customerAt(ctx.db, now));
    const res = await c.get(`/app/order/dishlists?provider_id=${w.provider.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().dishlists.map((d: { id: number }) => d.id)).toEqual([w.menu.id, later.id]);
    expect(res.json().dishlists[0]).toMatchObject({ title: w.menu.title, to: w.menu.to.toISOString(), provider_id: w.provider.id });
    expect((await ctx.anon.get('/app/order/dishlists')).statusCode).toBe(401);
  });

  it('gives the menu with prices, options, stock, user data, payment methods and settings', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    // Menu price override for the main, and for the dessert inside the set.
    await ctx.db
      .update(menuDishes)
      .set({ priceCents: 600 })
      .where(and(eq(menuDishes.menuId, w.menu.id), eq(menuDishes.dishId, w.main.id)));
    await setComplexPrice(ctx.db, w.menu.id, w.set.complex.id, w.dessert.id, 90);
    const c = ctx.as(await customerAt(ctx.db, now, { subsidyCents: 350, disableCash: true }, { bonusCents: 120 }));
    const shift = await makeShift(ctx.db, c.location.id, '1. maiņa');
    const res = await c.get(`/app/order/create/${w.menu.id}?lang=en`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // The answer is sent as pre-serialised text: it must still match the documented schema.
    expect(orderPageData.strict().parse(body)).toBeTruthy();
    expect(body.open).toBe(true);
    expect(body.dishlist.id).toBe(w.menu.id);
    const dishes = body.dishlist.categories[0].dishes;
    const byId = (id: number) => dishes.find((d: { id: number }) => d.id === id);
    expect(byId(w.soup.id)).toMatchObject({
      title: 'Sorrel soup',
      price: 3,
      priceFrom: 3,
      qty: 5,
      type: 'simple',
      has_image: false,
      complex: [],
    });
    expect(byId(w.main.id)).toMatchObject({ price: 6, qty: null });
    const set = byId(w.set.complex.id);
    expect(set.type).toBe('complex');
    expect(set.priceFrom).toBe(3 + 0.9); // soup + cheapest of (main 5.50, dessert 0.90 on this menu)
    expect(set.complex).toHaveLength(3);
    expect(set.complex[0]).toMatchObject({ optional: false, dishes: [{ id: w.soup.id, price: 3, qty: 5 }] });
    expect(set.complex[1].dishes.map((d: { price: number }) => d.price)).toEqual([5.5, 0.9]);
    expect(set.complex[2]).toMatchObject({ optional: true, dishes: [{ id: w.dessert.id, price: 0.9 }] });
    expect(body.balance).toEqual(
      expect.arrayContaining([
        { id: w.soup.id, qty: 5 },
        { id: w.main.id, qty: null },
      ]),
    );
    expect(body.userData).toEqual({ bonus: 1.2, subsidy: 3.5, full_subsidy: false });
    expect(body.paymentMethods).toMatchObject({ card: true, cardCommission: 0.25, bankCommission: 0.15 });
    expect(body.paymentMethods.banks.length).toBeGreaterThan(0);
    expect(body.paymentMethods.banks[0]).toEqual({ code: 'swedbank', name: 'Swedbank', imageUrl: '/app/payments/banks/swedbank.svg' });
    expect(body.paymentMethods.cardConsent).not.toBe('');
    expect(body.orderSettings).toEqual({ shifts: [{ id: shift.id, title: '1. maiņa' }], disable_cash: true });
    expect(body.dishlists.map((d: { id: number }) => d.id)).toContain(w.menu.id);
  });

  it('offers no card or bank to staff, and hides unpublished menus from customers', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const staff = await ctx.as('kitchen');
    const page = (await staff.get(`/app/order/create/${w.menu.id}`)).json();
    expect(page.paymentMethods).toMatchObject({ card: false, banks: [] });
    const hidden = await makeMenu(ctx.db, { providerId: w.provider.id, status: false, from: now, to: new Date(now.getTime() + 3600_000) });
    const c = ctx.as(await customerAt(ctx.db, now));
    expect((await c.get(`/app/order/create/${hidden.id}`)).statusCode).toBe(404);
    expect((await staff.get(`/app/order/create/${hidden.id}`)).statusCode).toBe(200);
    expect((await c.get(`/app/order/create/999999`)).statusCode).toBe(404);
  });

  it('GET /app/order/create picks the first open menu, or none', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    const body = (await c.get(`/app/order/create?provider_id=${w.provider.id}`)).json();
    expect(body.dishlist.id).toBe(w.menu.id);
    const empty = await menuWorld(ctx.db, now);
    await ctx.db.update(menus).set({ status: false }).where(eq(menus.id, empty.menu.id));
    const none = (await c.get(`/app/order/create?provider_id=${empty.provider.id}`)).json();
    expect(none).toMatchObject({ dishlist: null, open: false, dishlists: [], balance: [] });
    expect(orderPageData.parse(none)).toBeTruthy();
  });

  it('shows a closed menu with open=false after its deadline', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    ctx.clock.advance(3 * 3600_000);
    try {
      const body = (await c.get(`/app/order/create/${w.menu.id}`)).json();
      expect(body.open).toBe(false);
      expect(body.dishlist.id).toBe(w.menu.id);
    } finally {
      ctx.clock.advance(-3 * 3600_000);
    }
  });

  it('serves today’s menu publicly for display', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now, { timezone: 'UTC' });
    const midday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12));
    await ctx.db
      .update(menus)
      .set({ from: midday, to: new Date(midday.getTime() + 3600_000) })
      .where(eq(menus.id, w.menu.id));
    const res = await ctx.anon.get(`/app/demo-dishlists?provider_id=${w.provider.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().dishlist.id).toBe(w.menu.id);
    const other = await menuWorld(ctx.db, now, { timezone: 'UTC' });
    const tomorrow = new Date(midday.getTime() + 86400_000);
    await ctx.db
      .update(menus)
      .set({ from: tomorrow, to: new Date(tomorrow.getTime() + 3600_000) })
      .where(eq(menus.id, other.menu.id));
    expect((await ctx.anon.get(`/app/demo-dishlists?provider_id=${other.provider.id}`)).json()).toEqual({ dishlist: null });
  });

  it('names the provider’s time zone with every menu summary, so the web shows deadlines in it', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now, { timezone: 'Europe/London' });
    const c = ctx.as(await customerAt(ctx.db, now));
    const staff = await ctx.as('admin');
    expect((await c.get(`/app/order/dishlists?provider_id=${w.provider.id}`)).json().dishlists[0]).toMatchObject({
      id: w.menu.id,
      timezone: 'Europe/London',
    });
    const page = (await c.get(`/app/order/create/${w.menu.id}`)).json();
    expect(page.dishlist.timezone).toBe('Europe/London');
    expect(page.dishlists[0].timezone).toBe('Europe/London');
    const id = (await c.post('/app/order/create', cashOrder(w.menu.id, w.soup.id))).json().order_id;
    expect((await c.get(`/app/order/${id}`)).json().dishlist.timezone).toBe('Europe/London');
    expect((await staff.get(`/app/order?filter[dishlist_id]=${w.menu.id}&full=1`)).json().dishlist.timezone).toBe('Europe/London');
    const history = (await c.get(`/app/dishlists/history/${c.location.id}?per_page=all`)).json();
    expect(history.data[0].timezone).toBe('Europe/London');
  });

  it('an inactive provider is never resolved and takes no orders', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now, { status: false });
    const c = ctx.as(await customerAt(ctx.db, now));
    const staff = await ctx.as('admin');
    const listed = (await c.get(`/app/order/dishlists?provider_id=${w.provider.id}`)).json();
    expect(listed.dishlists.map((d: { provider_id: number }) => d.provider_id)).not.toContain(w.provider.id);
    expect((await c.get(`/app/order/create?provider_id=${w.provider.id}`)).json().dishlist?.provider_id).not.toBe(w.provider.id);
    expect((await c.get(`/app/order/create/${w.menu.id}`)).statusCode).toBe(404);
    const staffPage = (await staff.get(`/app/order/create/${w.menu.id}`)).json();
    expect(staffPage.open).toBe(false);
    const res = await c.post('/app/order/create?lang=en', cashOrder(w.menu.id, w.soup.id));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.dishlist_id).toEqual(['This menu is not available.']);
    const forUser = await staff.post('/app/order/create-for-user', {
      dishlist_id: w.menu.id,
      items: [{ id: w.soup.id, qty: 1 }],
      user_id: c.user.id,
    });
    expect(forUser.json().errors).toHaveProperty('dishlist_id');
    expect(await ordersOf(ctx.db, c.user.id)).toHaveLength(0);
  });
});

describe('the OpenAPI document lists the ordering calls', () => {
  it('documents the ordering, payments and history calls in the OpenAPI document', async () => {
    const res = await ctx.anon.get('/app/openapi.json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/app/order/create',
      '/app/order/create/{id}',
      '/app/order/{id}',
      '/app/order',
      '/app/users/list',
      '/app/dishlists/history/{locationId}/{menuId}',
      '/app/payments/notify/sandbox',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
