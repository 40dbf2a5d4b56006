import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances, menuDishes, menus, orderItemOptions, orderItems, orders, payments, sessions, users } from '../../db/schema/index.js';
import { orderPageData } from '../../../shared/schemas/ordering.js';
import { makeShift, signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { createReadCaches } from './ordering.service.js';
import { customerAt, makeMenu, menuWorld, setBalance, setComplexPrice } from './ordering.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = {}) => ctx.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers: Headers = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });

async function balanceOf(menuId: number, dishId: number) {
  const rows = await ctx.db
    .select({ qty: balances.qty })
    .from(balances)
    .where(and(eq(balances.menuId, menuId), eq(balances.dishId, dishId)));
  return rows[0]?.qty;
}
async function ordersOf(userId: number) {
  return ctx.db.select().from(orders).where(eq(orders.userId, userId));
}

describe('reading menus for ordering', () => {
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
    const { auth } = await customerAt(ctx.db, now);
    const res = await get(`/app/order/dishlists?provider_id=${w.provider.id}`, auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().dishlists.map((d: { id: number }) => d.id)).toEqual([w.menu.id, later.id]);
    expect(res.json().dishlists[0]).toMatchObject({ title: w.menu.title, to: w.menu.to.toISOString(), provider_id: w.provider.id });
    expect((await get('/app/order/dishlists')).statusCode).toBe(401);
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
    const c = await customerAt(ctx.db, now, { subsidyCents: 350, disableCash: true }, { bonusCents: 120 });
    const shift = await makeShift(ctx.db, c.location.id, '1. maiņa');
    const res = await get(`/app/order/create/${w.menu.id}?lang=en`, c.auth);
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
    const staff = await signedIn(ctx.db, { role: 'kitchen' }, now);
    const page = (await get(`/app/order/create/${w.menu.id}`, staff.auth)).json();
    expect(page.paymentMethods).toMatchObject({ card: false, banks: [] });
    const hidden = await makeMenu(ctx.db, { providerId: w.provider.id, status: false, from: now, to: new Date(now.getTime() + 3600_000) });
    const c = await customerAt(ctx.db, now);
    expect((await get(`/app/order/create/${hidden.id}`, c.auth)).statusCode).toBe(404);
    expect((await get(`/app/order/create/${hidden.id}`, staff.auth)).statusCode).toBe(200);
    expect((await get(`/app/order/create/999999`, c.auth)).statusCode).toBe(404);
  });

  it('GET /app/order/create picks the first open menu, or none', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = await customerAt(ctx.db, now);
    const body = (await get(`/app/order/create?provider_id=${w.provider.id}`, c.auth)).json();
    expect(body.dishlist.id).toBe(w.menu.id);
    const empty = await menuWorld(ctx.db, now);
    await ctx.db.update(menus).set({ status: false }).where(eq(menus.id, empty.menu.id));
    const none = (await get(`/app/order/create?provider_id=${empty.provider.id}`, c.auth)).json();
    expect(none).toMatchObject({ dishlist: null, open: false, dishlists: [], balance: [] });
    expect(orderPageData.parse(none)).toBeTruthy();
  });

  it('shows a closed menu with open=false after its deadline', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = await customerAt(ctx.db, now);
    ctx.clock.advance(3 * 3600_000);
    try {
      const body = (await get(`/app/order/create/${w.menu.id}`, c.auth)).json();
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
    const res = await get(`/app/demo-dishlists?provider_id=${w.provider.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().dishlist.id).toBe(w.menu.id);
    const other = await menuWorld(ctx.db, now, { timezone: 'UTC' });
    const tomorrow = new Date(midday.getTime() + 86400_000);
    await ctx.db
      .update(menus)
      .set({ from: tomorrow, to: new Date(tomorrow.getTime() + 3600_000) })
      .where(eq(menus.id, other.menu.id));
    expect((await get(`/app/demo-dishlists?provider_id=${other.provider.id}`)).json()).toEqual({ dishlist: null });
  });
});

describe('API description', () => {
  it('documents the ordering, payments and history calls in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ url: '/app/openapi.json' });
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

describe('read caches', () => {
  it('reuse a menu and a user state within their lifetime, and forget a user on demand', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = await customerAt(ctx.db, now, { subsidyCents: 100 });
    const caches = createReadCaches(ctx.db, 60_000);
    expect(caches.menu(w.menu.id)).toBe(caches.menu(w.menu.id));
    const before = await caches.userState(c.user.id, w.menu.id);
    expect(caches.userState(c.user.id, w.menu.id)).toBe(caches.userState(c.user.id, w.menu.id));
    await post(
      '/app/order/create',
      { dishlist_id: w.menu.id, items: [{ id: w.main.id, qty: 1 }], payment_type: 'cash', terms: true },
      c.auth,
    );
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

describe('placing an order', () => {
  it('places a cash order at once with server prices, subsidy and bonus', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = await customerAt(ctx.db, now, { subsidyCents: 200 }, { bonusCents: 150 });
    const res = await post(
      '/app/order/create',
      {
        dishlist_id: w.menu.id,
        items: [
          { id: w.soup.id, qty: 2 },
          { id: w.main.id, qty: 1 },
        ],
        payment_type: 'cash',
        terms: true,
        comment: ' bez sīpoliem ',
      },
      c.auth,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, order_id: expect.any(Number) });
    const [o] = await ordersOf(c.user.id);
    expect(o).toMatchObject({
      status: 2,
      paymentType: 'cash',
      amountCents: 1150,
      subsidyCents: 200,
      bonusCents: 150,
      commissionCents: 0,
      amountToPayCents: 800,
      comment: 'bez sīpoliem',
      locationId: c.location.id,
    });
    expect(await balanceOf(w.menu.id, w.soup.id)).toBe(3);
    const [u] = await ctx.db.select({ bonus: users.bonusCents }).from(users).where(eq(users.id, c.user.id));
    expect(u!.bonus).toBe(0);
    // The subsidy is per menu: a second order on the same menu gets none.
    const page = (await get(`/app/order/create/${w.menu.id}`, c.auth)).json();
    expect(page.userData).toEqual({ bonus: 0, subsidy: 0, full_subsidy: false });
    await post(
      '/app/order/create',
      { dishlist_id: w.menu.id, items: [{ id: w.main.id, qty: 1 }], payment_type: 'cash', terms: true },
      c.auth,
    );
    const second = (await ordersOf(c.user.id)).find((x) => x.id !== o!.id)!;
    expect(second).toMatchObject({ subsidyCents: 0, amountToPayCents: 550 });
  });

  it('answers a payment link for card and bank, with the commission added', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = await customerAt(ctx.db, now);
    const card = await post(
      '/app/order/create?lang=en',
      { dishlist_id: w.menu.id, items: [{ id: w.main.id, qty: 1 }], payment_type: 'card', terms: true },
      c.auth,
    );
    expect(card.statusCode).toBe(200);
    expect(card.json()).toEqual({
      success: true,
      order_id: expect.any(Number),
      payment_link: expect.stringMatching(/^\/app\/payments\/sandbox\/[\w-]+\?lang=en$/),
    });
    const b = await customerAt(ctx.db, now);
    const bank = await post(
      '/app/order/create',
      { dishlist_id: w.menu.id, items: [{ id: w.main.id, qty: 1 }], payment_type: 'bank', bank: 'seb', terms: true },
      b.auth,
    );
    expect(bank.json().payment_link).toBeDefined();
    expect((await ordersOf(c.user.id)).find((o) => o.id === card.json().order_id)).toMatchObject({
      status: 1,
      paymentType: 'card',
      commissionCents: 25,
      amountToPayCents: 575,
    });
    expect((await ordersOf(b.user.id)).find((o) => o.id === bank.json().order_id)).toMatchObject({
      status: 1,
      paymentType: 'bank',
      bankCode: 'seb',
      amountToPayCents: 565,
    });
  });

  it('holds at most one unpaid card or bank order per customer and menu: a new order there releases it; other menus are not held up', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const other = await menuWorld(ctx.db, now);
    await setBalance(ctx.db, w.menu.id, w.main.id, 10);
    const c = await customerAt(ctx.db, now);
    const order = (menu: number, dish: number, payment: object) => ({
      dishlist_id: menu,
      items: [{ id: dish, qty: 2 }],
      terms: true,
      ...payment,
    });
    const first = await post('/app/order/create?lang=en', order(w.menu.id, w.main.id, { payment_type: 'card' }), c.auth);
    expect(first.statusCode).toBe(200);
    // Decision 045: each new order on the menu releases the customer's unpaid one (it was refused with 409 before).
    let previous = first.json().order_id as number;
    for (const payment of [{ payment_type: 'card' }, { payment_type: 'bank', bank: 'seb' }, { payment_type: 'card' }]) {
      const again = await post('/app/order/create?lang=en', order(w.menu.id, w.main.id, payment), c.auth);
      expect(again.statusCode).toBe(200);
      expect((await ordersOf(c.user.id)).find((o) => o.id === previous)!.status).toBe(0);
      previous = again.json().order_id;
    }
    // Only the last unpaid order holds stock.
    expect(await balanceOf(w.menu.id, w.main.id)).toBe(8);
    expect((await ordersOf(c.user.id)).filter((o) => o.status === 1).map((o) => o.id)).toEqual([previous]);
    // An unpaid order on another menu is not touched.
    expect((await post('/app/order/create', order(other.menu.id, other.main.id, { payment_type: 'card' }), c.auth)).statusCode).toBe(200);
    expect((await ordersOf(c.user.id)).filter((o) => o.status === 1)).toHaveLength(2);
  });

  it('lets parallel card and bank orders of one customer leave at most one unpaid', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    await setBalance(ctx.db, w.menu.id, w.main.id, 20);
    const c = await customerAt(ctx.db, now);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post(
          '/app/order/create?lang=en',
          {
            dishlist_id: w.menu.id,
            items: [{ id: w.main.id, qty: 2 }],
            terms: true,
            ...(i % 2 ? { payment_type: 'bank', bank: 'seb' } : { payment_type: 'card' }),
          },
          c.auth,
        ),
      ),
    );
    // Each may release the one before it (decision 045); a request outrun ten times answers 409 "try again".
    for (const a of answers) expect([200, 409]).toContain(a.statusCode);
    const unpaid = (await ordersOf(c.user.id)).filter((o) => o.status === 1);
    expect(unpaid).toHaveLength(1);
    const [left] = await ctx.db
      .select()
      .from(balances)
      .where(and(eq(balances.menuId, w.menu.id), eq(balances.dishId, w.main.id)));
    expect(left!.qty).toBe(18);
  });

  it('records subsidy or bonus when nothing is left to pay, and full subsidy pays all', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const full = await customerAt(ctx.db, now, { fullSubsidy: true });
    const res = await post(
      '/app/order/create',
      { dishlist_id: w.menu.id, items: [{ id: w.main.id, qty: 2 }], payment_type: 'card', terms: true },
      full.auth,
    );
    expect(res.json()).toEqual({ success: true, order_id: expect.any(Number) });
    expect((await ordersOf(full.user.id))[0]).toMatchObject({
      status: 2,
      paymentType: 'subsidy',
      subsidyCents: 1100,
      amountToPayCents: 0,
      commissionCents: 0,
    });
    const rich = await customerAt(ctx.db, now, { subsidyCents: 300 }, { bonusCents: 1000 });
    await post(
      '/app/order/create',
      { dishlist_id: w.menu.id, items: [{ id: w.main.id, qty: 1 }], payment_type: 'cash', terms: true },
      rich.auth,
    );
    expect((await ordersOf(rich.user.id))[0]).toMatchObject({
      status: 2,
      paymentType: 'bonus',
      subsidyCents: 300,
      bonusCents: 250,
      amountToPayCents: 0,
    });
  });

  it('prices complex lines from the menu and stores the chosen options', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    await setComplexPrice(ctx.db, w.menu.id, w.set.complex.id, w.main.id, 400);
    const c = await customerAt(ctx.db, now);
    const [g1, g2, g3] = w.set.groups;
    const res = await post(
      '/app/order/create',
      {
        dishlist_id: w.menu.id,
        items: [
          {
            id: w.set.complex.id,
            qty: 2,
            complex: [
              { group_id: g1!.id, dish_id: w.soup.id },
              { group_id: g2!.id, dish_id: w.main.id },
              { group_id: g3!.id, dish_id: w.dessert.id },
            ],
          },
        ],
        payment_type: 'cash',
        terms: true,
      },
      c.auth,
    );
    expect(res.statusCode).toBe(200);
    const [o] = await ordersOf(c.user.id);
    expect(o!.amountCents).toBe(2 * (300 + 400 + 100));
    const [item] = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, o!.id));
    expect(item).toMatchObject({ dishId: w.set.complex.id, qty: 2, unitPriceCents: 800 });
    const opts = await ctx.db.select().from(orderItemOptions).where(eq(orderItemOptions.orderItemId, item!.id));
    expect(opts.map((x) => [x.dishId, x.priceCents])).toEqual([
      [w.soup.id, 300],
      [w.main.id, 400],
      [w.dessert.id, 100],
    ]);
    // Soup stock is consumed through the complex.
    expect(await balanceOf(w.menu.id, w.soup.id)).toBe(3);
    const read = (await get(`/app/order/${o!.id}?lang=lv`, c.auth)).json();
    expect(read.items[0]).toMatchObject({ dish: { id: w.set.complex.id, title: 'Komplekss' }, qty: 2, price: 8, total: 16 });
    expect(read.items[0].complex.map((x: { dish: { title: string } }) => x.dish.title)).toEqual([
      'Skābeņu zupa',
      'Cūkgaļas karbonāde',
      'Maizes zupa',
    ]);
  });

  it('refuses invalid complex selections', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = await customerAt(ctx.db, now);
    const [g1, g2, g3] = w.set.groups;
    const tryWith = (complex: { group_id: number; dish_id: number }[]) =>
      post(
        '/app/order/create?lang=en',
        { dishlist_id: w.menu.id, items: [{ id: w.set.complex.id, qty: 1, complex }], payment_type: 'cash', terms: true },
        c.auth,
      );
    const missing = await tryWith([{ group_id: g1!.id, dish_id: w.soup.id }]);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors['items.0.complex'][0]).toMatch(/exactly one option/);
    const two = await tryWith([
      { group_id: g1!.id, dish_id: w.soup.id },
      { group_id: g2!.id, dish_id: w.main.id },
      { group_id: g2!.id, dish_id: w.dessert.id },
    ]);
    expect(two.json().errors).toHaveProperty(['items.0.complex']);
    const foreign = await tryWith([
      { group_id: g1!.id, dish_id: w.main.id },
      { group_id: g2!.id, dish_id: w.main.id },
    ]);
    expect(foreign.json().errors).toHaveProperty(['items.0.complex']);
    const okOptional = await tryWith([
      { group_id: g1!.id, dish_id: w.soup.id },
      { group_id: g2!.id, dish_id: w.dessert.id },
    ]);
    expect(okOptional.statusCode).toBe(200);
    const withOptional = await tryWith([
      { group_id: g1!.id, dish_id: w.soup.id },
      { group_id: g2!.id, dish_id: w.dessert.id },
      { group_id: g3!.id, dish_id: w.dessert.id },
    ]);
    expect(withOptional.statusCode).toBe(200);
    const plainWithOptions = await post(
      '/app/order/create',
      {
        dishlist_id: w.menu.id,
        items: [{ id: w.soup.id, qty: 1, complex: [{ group_id: g1!.id, dish_id: w.soup.id }] }],
        payment_type: 'cash',
        terms: true,
      },
      c.auth,
    );
    expect(plainWithOptions.json().errors).toHaveProperty(['items.0.complex']);
  });

  it('refuses closed menus, foreign dishes and every checkout rule, changing nothing', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now, { cardEnabled: false });
    const c = await customerAt(ctx.db, now, { disableCash: true });
    const shift = await makeShift(ctx.db, c.location.id);
    const otherLocation = await customerAt(ctx.db, now);
    const foreignShift = await makeShift(ctx.db, otherLocation.location.id);
    const other = await menuWorld(ctx.db, now);
    const base = {
      dishlist_id: w.menu.id,
      items: [{ id: w.soup.id, qty: 1 }],
      payment_type: 'bank',
      bank: 'seb',
      shift_id: shift.id,
      terms: true,
    };
    const errorsOf = async (body: object) => {
      const res = await post('/app/order/create?lang=en', { ...base, ...body }, c.auth);
      expect(res.statusCode).toBe(422);
      return res.json().errors as Record<string, string[]>;
    };
    expect(await errorsOf({ items: [{ id: other.soup.id, qty: 1 }] })).toEqual({ 'items.0.id': ['Dish was removed'] });
    expect(Object.keys(await errorsOf({ payment_type: 'cash' }))).toEqual(['payment_type']);
    expect((await errorsOf({ payment_type: 'card' })).payment_type).toEqual(['Card payment is not available.']);
    expect((await errorsOf({ bank: 'nordea' })).bank).toBeDefined();
    expect((await errorsOf({ bank: null })).bank).toBeDefined();
    expect((await errorsOf({ shift_id: null })).shift_id).toEqual(['Choose a shift.']);
    expect((await errorsOf({ shift_id: foreignShift.id })).shift_id).toBeDefined();
    expect((await errorsOf({ terms: false })).terms).toEqual(['You must agree to the terms of service.']);
    expect((await errorsOf({ terms: undefined })).terms).toBeDefined();
    expect((await errorsOf({ dishlist_id: 999999 })).dishlist_id).toBeDefined();
    expect((await errorsOf({ items: [] })).items).toBeDefined();
    expect((await errorsOf({ items: [{ id: w.soup.id, qty: 0 }] }))['items.0.qty']).toBeDefined();
    ctx.clock.advance(2 * 3600_000 + 1);
    try {
      expect((await errorsOf({})).dishlist_id).toEqual(['Ordering from this menu has closed.']);
    } finally {
      ctx.clock.advance(-(2 * 3600_000 + 1));
    }
    expect(await ordersOf(c.user.id)).toHaveLength(0);
    expect(await balanceOf(w.menu.id, w.soup.id)).toBe(5);
    // The same order is fine once every rule is met.
    expect((await post('/app/order/create', base, c.auth)).statusCode).toBe(200);
  });

  it('lets cash through disable_cash when nothing is left to pay', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = await customerAt(ctx.db, now, { disableCash: true, fullSubsidy: true });
    const res = await post(
      '/app/order/create',
      { dishlist_id: w.menu.id, items: [{ id: w.soup.id, qty: 1 }], payment_type: 'cash', terms: true },
      c.auth,
    );
    expect(res.statusCode).toBe(200);
  });

  it('names the stock left with the plural form of the number in lv and ru (9, 21) and says sold out at 0', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = await customerAt(ctx.db, now);
    const shortBy = async (left: number, lang: string) => {
      await setBalance(ctx.db, w.menu.id, w.main.id, left);
      const res = await post(
        `/app/order/create?lang=${lang}`,
        { dishlist_id: w.menu.id, items: [{ id: w.main.id, qty: left + 1 }], payment_type: 'cash', terms: true },
        c.auth,
      );
      expect(res.statusCode).toBe(422);
      return res.json().errors[`balance.${w.main.id}`][0] as string;
    };
    expect(await shortBy(9, 'lv')).toBe('Cūkgaļas karbonāde: atlikušas tikai 9 porcijas.');
    expect(await shortBy(21, 'lv')).toBe('Cūkgaļas karbonāde: atlikusi tikai 21 porcija.');
    expect(await shortBy(11, 'lv')).toBe('Cūkgaļas karbonāde: atlikušas tikai 11 porcijas.');
    expect(await shortBy(9, 'ru')).toBe('Cūkgaļas karbonāde: осталось только 9 порций.');
    expect(await shortBy(21, 'ru')).toBe('Cūkgaļas karbonāde: осталась только 21 порция.');
    expect(await shortBy(2, 'ru')).toBe('Cūkgaļas karbonāde: осталось только 2 порции.');
    expect(await shortBy(9, 'en')).toBe('Pork chop: only 9 left.');
    expect(await shortBy(0, 'lv')).toBe('Cūkgaļas karbonāde: vairs nav pieejams.');
    expect(await ordersOf(c.user.id)).toHaveLength(0);
  });

  it('refuses a line short of stock with balance.<dishId>, and changes nothing', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    await setBalance(ctx.db, w.menu.id, w.main.id, 1);
    const c = await customerAt(ctx.db, now);
    const res = await post(
      '/app/order/create?lang=en',
      {
        dishlist_id: w.menu.id,
        items: [
          { id: w.main.id, qty: 1 },
          { id: w.soup.id, qty: 6 },
        ],
        payment_type: 'cash',
        terms: true,
      },
      c.auth,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Some items you ordered are not available.');
    expect(res.json().errors).toEqual({ [`balance.${w.soup.id}`]: ['Sorrel soup: only 5 left.'] });
    expect(await balanceOf(w.menu.id, w.main.id)).toBe(1);
    expect(await balanceOf(w.menu.id, w.soup.id)).toBe(5);
    expect(await ordersOf(c.user.id)).toHaveLength(0);
  });

  it('counts a complex against its options and its own balance', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    await setBalance(ctx.db, w.menu.id, w.set.complex.id, 2);
    const c = await customerAt(ctx.db, now);
    const [g1, g2] = w.set.groups;
    const line = (qty: number) => ({
      id: w.set.complex.id,
      qty,
      complex: [
        { group_id: g1!.id, dish_id: w.soup.id },
        { group_id: g2!.id, dish_id: w.main.id },
      ],
    });
    const tooMany = await post(
      '/app/order/create',
      { dishlist_id: w.menu.id, items: [line(3)], payment_type: 'cash', terms: true },
      c.auth,
    );
    expect(Object.keys(tooMany.json().errors)).toEqual([`balance.${w.set.complex.id}`]);
    // Soup: 5; two sets + four plain soups = 6 > 5.
    const mixed = await post(
      '/app/order/create',
      { dishlist_id: w.menu.id, items: [line(2), { id: w.soup.id, qty: 4 }], payment_type: 'cash', terms: true },
      c.auth,
    );
    expect(Object.keys(mixed.json().errors)).toEqual([`balance.${w.soup.id}`]);
    const ok = await post(
      '/app/order/create',
      { dishlist_id: w.menu.id, items: [line(2), { id: w.soup.id, qty: 3 }], payment_type: 'cash', terms: true },
      c.auth,
    );
    expect(ok.statusCode).toBe(200);
    expect(await balanceOf(w.menu.id, w.soup.id)).toBe(0);
    expect(await balanceOf(w.menu.id, w.set.complex.id)).toBe(0);
  });

  it('200 parallel orders against stock 50 give exactly 50 orders and balance 0', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    await setBalance(ctx.db, w.menu.id, w.main.id, 50);
    const customers = [];
    for (let i = 0; i < 200; i++) customers.push(await signedIn(ctx.db, { role: 'customer' }, now));
    const results = await Promise.all(
      customers.map((c) =>
        post(
          '/app/order/create',
          { dishlist_id: w.menu.id, items: [{ id: w.main.id, qty: 1 }], payment_type: 'cash', terms: true },
          c.auth,
        ),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(50);
    expect(codes.filter((s) => s === 422)).toHaveLength(150);
    for (const r of results.filter((x) => x.statusCode === 422)) expect(Object.keys(r.json().errors)).toEqual([`balance.${w.main.id}`]);
    expect(await balanceOf(w.menu.id, w.main.id)).toBe(0);
    const stored = await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.menuId, w.menu.id));
    expect(stored.map((o) => o.id).sort()).toEqual(
      results
        .filter((r) => r.statusCode === 200)
        .map((r) => r.json().order_id)
        .sort(),
    );
  });

  it('creates one order per idempotency key (header or body), also when repeated in parallel', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = await customerAt(ctx.db, now);
    const body = { dishlist_id: w.menu.id, items: [{ id: w.soup.id, qty: 1 }], payment_type: 'card', terms: true };
    const first = await post('/app/order/create', body, { ...c.auth, 'idempotency-key': 'k-1' });
    const again = await post('/app/order/create', body, { ...c.auth, 'idempotency-key': 'k-1' });
    expect(again.json()).toEqual(first.json());
    expect(first.json().payment_link).toBeDefined();
    // On another menu: a new order on this one would release the unpaid card order (decision 045).
    const other = await menuWorld(ctx.db, now);
    const cashBody = { ...body, dishlist_id: other.menu.id, items: [{ id: other.soup.id, qty: 1 }], payment_type: 'cash' };
    const parallel = await Promise.all([1, 2, 3, 4].map(() => post('/app/order/create', { ...cashBody, idempotency_key: 'k-2' }, c.auth)));
    const ids = new Set(parallel.map((r) => r.json().order_id));
    expect(parallel.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(ids.size).toBe(1);
    expect(await ordersOf(c.user.id)).toHaveLength(2);
    expect(await balanceOf(w.menu.id, w.soup.id)).toBe(4);
    expect(await balanceOf(other.menu.id, other.soup.id)).toBe(4);
    // A repeat after the deadline still answers the order placed before it.
    ctx.clock.advance(3 * 3600_000);
    try {
      const late = await post('/app/order/create', body, { ...c.auth, 'idempotency-key': 'k-1' });
      expect(late.json()).toEqual(first.json());
    } finally {
      ctx.clock.advance(-3 * 3600_000);
    }
  });
});

describe('staff orders', () => {
  it('orders for a chosen user in cash, with that user’s shifts, and keeps roles apart', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = await customerAt(ctx.db, now, { subsidyCents: 100 });
    const shift = await makeShift(ctx.db, c.location.id);
    const admin = await signedIn(ctx.db, { role: 'admin' }, now);
    const body = { dishlist_id: w.menu.id, items: [{ id: w.main.id, qty: 1 }], user_id: c.user.id, shift_id: shift.id };
    const card = await post('/app/order/create-for-user?lang=en', { ...body, payment_type: 'card' }, admin.auth);
    expect(card.json().errors.payment_type).toEqual(['Orders placed on behalf of a user are paid in cash.']);
    const noShift = await post('/app/order/create-for-user', { ...body, shift_id: undefined }, admin.auth);
    expect(noShift.json().errors.shift_id).toBeDefined();
    const ok = await post('/app/order/create-for-user', body, admin.auth);
    expect(ok.json()).toEqual({ success: true, order_id: expect.any(Number) });
    const [o] = await ordersOf(c.user.id);
    expect(o).toMatchObject({ createdById: admin.user.id, paymentType: 'cash', status: 2, subsidyCents: 100, shiftId: shift.id });
    expect((await post('/app/order/create', { ...body, payment_type: 'cash' }, admin.auth)).statusCode).toBe(403);
    expect((await post('/app/order/create-for-user', body, c.auth)).statusCode).toBe(403);
    const inactive = await signedIn(ctx.db, { role: 'customer', active: false }, now);
    const bad = await post('/app/order/create-for-user', { ...body, user_id: inactive.user.id, shift_id: undefined }, admin.auth);
    expect(Object.keys(bad.json().errors)).toEqual(['user_id']);
  });

  it('lists selectable users for staff only, searchable by name, e-mail or phone', async () => {
    const now = ctx.clock.now();
    const c = await customerAt(
      ctx.db,
      now,
      { title: 'Birojs Ķīpsala' },
      { firstName: 'Līga Ozoliņa', phone: '+371 2999 1234', email: `liga-${Date.now()}@ex.lv` },
    );
    const shift = await makeShift(ctx.db, c.location.id, 'Rīts');
    const kitchen = await signedIn(ctx.db, { role: 'kitchen' }, now);
    const byName = (await get('/app/users/list?search=ozoliņa', kitchen.auth)).json();
    expect(byName.data).toEqual([
      expect.objectContaining({
        id: c.user.id,
        name: 'Līga Ozoliņa',
        phone: '+371 2999 1234',
        location: { id: c.location.id, title: 'Birojs Ķīpsala' },
        shifts: [{ id: shift.id, title: 'Rīts' }],
      }),
    ]);
    expect((await get('/app/users/list?search=2999%201234', kitchen.auth)).json().data.map((u: { id: number }) => u.id)).toEqual([
      c.user.id,
    ]);
    expect((await get(`/app/users/list?search=${encodeURIComponent(c.user.email)}`, kitchen.auth)).json().total).toBe(1);
    expect((await get('/app/users/list', c.auth)).statusCode).toBe(403);
  });
});

describe('reading and managing orders', () => {
  it('shows an order to its owner and staff only', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const owner = await customerAt(ctx.db, now);
    const stranger = await customerAt(ctx.db, now);
    const staff = await signedIn(ctx.db, { role: 'kitchen' }, now);
    const { order_id } = (
      await post(
        '/app/order/create',
        { dishlist_id: w.menu.id, items: [{ id: w.soup.id, qty: 2 }], payment_type: 'cash', terms: true },
        owner.auth,
      )
    ).json();
    const mine = await get(`/app/order/${order_id}`, owner.auth);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      id: order_id,
      user: { id: owner.user.id, first_name: 'Jānis', location: { id: owner.location.id } },
      items: [{ dish: { id: w.soup.id }, qty: 2, price: 3, total: 6, complex: [] }],
      amount: 6,
      amount_to_pay: 6,
      payment_type: 'cash',
      status: 2,
      accepted: 0,
      payment_link: null,
      dishlist: { id: w.menu.id },
    });
    expect((await get(`/app/order/${order_id}`, stranger.auth)).statusCode).toBe(403);
    expect((await get(`/app/order/${order_id}`, staff.auth)).statusCode).toBe(200);
    expect((await get('/app/order/99999999', owner.auth)).statusCode).toBe(404);
  });

  it('lists a menu’s orders per location with totals, accepts, and deletes giving stock back', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const a = await customerAt(ctx.db, now, { title: 'A birojs', subsidyCents: 100 });
    const b = await customerAt(ctx.db, now, { title: 'B birojs' });
    const staff = await signedIn(ctx.db, { role: 'admin' }, now);
    const o1 = (
      await post(
        '/app/order/create',
        { dishlist_id: w.menu.id, items: [{ id: w.soup.id, qty: 2 }], payment_type: 'cash', terms: true },
        a.auth,
      )
    ).json().order_id;
    const o2 = (
      await post(
        '/app/order/create',
        { dishlist_id: w.menu.id, items: [{ id: w.main.id, qty: 1 }], payment_type: 'card', terms: true },
        b.auth,
      )
    ).json().order_id;
    await ctx.db.update(orders).set({ status: 2 }).where(eq(orders.id, o2));
    const list = await get(`/app/order?filter[dishlist_id]=${w.menu.id}&filter[status]=2&per_page=all&full=1`, staff.auth);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.dishlist.id).toBe(w.menu.id);
    expect(body.data.map((g: { location: { title: string } }) => g.location.title)).toEqual(['A birojs', 'B birojs']);
    expect(body.data[0].totals).toEqual({ cash: 5, card: 0, subsidy: 1, bonus: 0, total: 6, count: 1 });
    expect(body.data[1].totals).toEqual({ cash: 0, card: 5.75, subsidy: 0, bonus: 0, total: 5.5, count: 1 });
    expect(body.totals).toEqual({ cash: 5, card: 5.75, subsidy: 1, bonus: 0, total: 11.5, count: 2 });

    const accept = await ctx.app.inject({ method: 'PUT', url: `/app/order/${o1}?accepted=1`, headers: staff.auth });
    expect(accept.json()).toMatchObject({ id: o1, accepted: 1 });
    const news = (await get(`/app/order?filter[dishlist_id]=${w.menu.id}&filter[status]=2&filter[accepted]=0&full=1`, staff.auth)).json();
    expect(news.data.flatMap((g: { orders: { id: number }[] }) => g.orders.map((o) => o.id))).toEqual([o2]);
    expect((await ctx.app.inject({ method: 'PUT', url: `/app/order/${o1}?accepted=1`, headers: a.auth })).statusCode).toBe(403);

    const paged = (await get(`/app/order?filter[dishlist_id]=${w.menu.id}&per_page=1`, staff.auth)).json();
    expect(paged).toMatchObject({ total: 2, per_page: 1, last_page: 2, current_page: 1 });

    expect(await balanceOf(w.menu.id, w.soup.id)).toBe(3);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/app/order/${o1}`, headers: a.auth })).statusCode).toBe(403);
    const del = await ctx.app.inject({ method: 'DELETE', url: `/app/order/${o1}`, headers: staff.auth });
    expect(del.json()).toEqual({ success: true });
    expect(await balanceOf(w.menu.id, w.soup.id)).toBe(5);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/app/order/${o1}`, headers: staff.auth })).statusCode).toBe(404);
  });

  it('gives the bonus back when an order is deleted', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = await customerAt(ctx.db, now, {}, { bonusCents: 200 });
    const staff = await signedIn(ctx.db, { role: 'admin' }, now);
    const id = (
      await post(
        '/app/order/create',
        { dishlist_id: w.menu.id, items: [{ id: w.soup.id, qty: 1 }], payment_type: 'cash', terms: true },
        c.auth,
      )
    ).json().order_id;
    await ctx.app.inject({ method: 'DELETE', url: `/app/order/${id}`, headers: staff.auth });
    const [u] = await ctx.db.select({ bonus: users.bonusCents }).from(users).where(eq(users.id, c.user.id));
    expect(u!.bonus).toBe(200);
  });
});

describe('review fixes', () => {
  const cashBody = (menuId: number, dishId: number, extra: object = {}) => ({
    dishlist_id: menuId,
    items: [{ id: dishId, qty: 1 }],
    payment_type: 'cash',
    terms: true,
    ...extra,
  });

  it('two orders waiting on the same user lock share one subsidy (no double spend)', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = await customerAt(ctx.db, now, { subsidyCents: 500 });
    const holder = await ctx.deps.database.pool.connect();
    let results;
    let committed = false;
    try {
      await holder.query('begin');
      await holder.query('select 1 from users where id = $1 for update', [c.user.id]);
      const pending = [1, 2].map(() => post('/app/order/create', cashBody(w.menu.id, w.main.id), c.auth));
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
    const stored = await ordersOf(c.user.id);
    expect(stored.map((o) => o.subsidyCents).sort((a, b) => a - b)).toEqual([0, 500]);
    expect(stored.reduce((sum, o) => sum + o.subsidyCents, 0)).toBeLessThanOrEqual(500);
  });

  it('parallel orders of one user spend the subsidy once and the bonus at most once', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = await customerAt(ctx.db, now, { subsidyCents: 300 }, { bonusCents: 400 });
    // Each order is a 5.50 main: the first takes 3.00 subsidy and 2.50 bonus, the second the
    // remaining 1.50 bonus, every other one pays in full.
    const results = await Promise.all(Array.from({ length: 8 }, () => post('/app/order/create', cashBody(w.menu.id, w.main.id), c.auth)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const stored = await ordersOf(c.user.id);
    expect(stored).toHaveLength(8);
    expect(stored.reduce((sum, o) => sum + o.subsidyCents, 0)).toBe(300);
    expect(stored.reduce((sum, o) => sum + o.bonusCents, 0)).toBe(400);
    const [u] = await ctx.db.select({ bonus: users.bonusCents }).from(users).where(eq(users.id, c.user.id));
    expect(u!.bonus).toBe(0);
  });

  it('an order priced before a give-back of bonus is priced again with the bonus returned', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = await customerAt(ctx.db, now, {}, { bonusCents: 200 });
    const staff = await signedIn(ctx.db, { role: 'admin' }, now);
    const first = (await post('/app/order/create', cashBody(w.menu.id, w.main.id), c.auth)).json().order_id;
    // Deleting the first order gives its 2.00 bonus back while the second is placed.
    const [second] = await Promise.all([
      post('/app/order/create', cashBody(w.menu.id, w.main.id), c.auth),
      ctx.app.inject({ method: 'DELETE', url: `/app/order/${first}`, headers: staff.auth }),
    ]);
    expect(second.statusCode).toBe(200);
    const stored = await ordersOf(c.user.id);
    const [u] = await ctx.db.select({ bonus: users.bonusCents }).from(users).where(eq(users.id, c.user.id));
    // Whatever the interleaving, bonus is never created or lost: left + used by stored orders = 2.00.
    expect(u!.bonus + stored.reduce((sum, o) => sum + o.bonusCents, 0)).toBe(200);
    expect(u!.bonus).toBeGreaterThanOrEqual(0);
  });

  it('ids beyond the database range are a 422, never a 500', async () => {
    const now = ctx.clock.now();
    const c = await customerAt(ctx.db, now);
    const staff = await signedIn(ctx.db, { role: 'admin' }, now);
    const huge = '99999999999';
    const calls = [
      ctx.app.inject({ url: `/app/order/${huge}`, headers: c.auth }),
      ctx.app.inject({ url: `/app/order/${huge}`, headers: staff.auth }),
      ctx.app.inject({ method: 'PUT', url: `/app/order/${huge}?accepted=1`, headers: staff.auth }),
      ctx.app.inject({ method: 'DELETE', url: `/app/order/${huge}`, headers: staff.auth }),
      ctx.app.inject({ url: `/app/order/create/${huge}`, headers: c.auth }),
      ctx.app.inject({ url: `/app/dishlists/history/${huge}`, headers: staff.auth }),
      ctx.app.inject({ url: `/app/dishlists/history/${c.location.id}/${huge}`, headers: c.auth }),
      ctx.app.inject({ url: `/app/dishlists/history/${huge}/${huge}/pdf`, headers: staff.auth }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toBeDefined();
    }
    // The largest valid id is simply unknown.
    expect((await ctx.app.inject({ url: '/app/order/2147483647', headers: staff.auth })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/app/dishlists/history/2147483647', headers: staff.auth })).statusCode).toBe(404);
  });

  it('refuses to delete an order whose card payment is pending or paid (409); a failed one can go', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = await customerAt(ctx.db, now);
    const staff = await signedIn(ctx.db, { role: 'admin' }, now);
    const card = () => post('/app/order/create', { ...cashBody(w.menu.id, w.soup.id), payment_type: 'card' }, c.auth);
    const del = (id: number) => ctx.app.inject({ method: 'DELETE', url: `/app/order/${id}?lang=en`, headers: staff.auth });
    const pendingId = (await card()).json().order_id as number;
    const refused = await del(pendingId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/payment that is paid or still in progress/);
    const lv = await ctx.app.inject({ method: 'DELETE', url: `/app/order/${pendingId}?lang=lv`, headers: staff.auth });
    expect(lv.json().message).toMatch(/nevar dzēst/);
    await ctx.db.update(payments).set({ status: 'paid' }).where(eq(payments.orderId, pendingId));
    await ctx.db.update(orders).set({ status: 2 }).where(eq(orders.id, pendingId));
    expect((await del(pendingId)).statusCode).toBe(409);
    expect(await ctx.db.select().from(payments).where(eq(payments.orderId, pendingId))).toHaveLength(1);
    expect(await balanceOf(w.menu.id, w.soup.id)).toBe(4);
    const failedId = (await card()).json().order_id as number;
    const [p] = await ctx.db.select().from(payments).where(eq(payments.orderId, failedId));
    await ctx.app.inject({
      method: 'POST',
      url: `/app/payments/sandbox/${p!.reference}/decline`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect((await del(failedId)).statusCode).toBe(200);
  });

  it('a retry with the key of an order that failed places a new order', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = await customerAt(ctx.db, now);
    const body = { ...cashBody(w.menu.id, w.soup.id), payment_type: 'card' };
    const first = (await post('/app/order/create', body, { ...c.auth, 'idempotency-key': 'retry-1' })).json();
    const [p] = await ctx.db.select().from(payments).where(eq(payments.orderId, first.order_id));
    await ctx.app.inject({
      method: 'POST',
      url: `/app/payments/sandbox/${p!.reference}/decline`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const retry = await post('/app/order/create', body, { ...c.auth, 'idempotency-key': 'retry-1' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ success: true, order_id: expect.any(Number), payment_link: expect.any(String) });
    expect(retry.json().order_id).not.toBe(first.order_id);
    // The repeat of the new order answers the new order.
    expect((await post('/app/order/create', body, { ...c.auth, 'idempotency-key': 'retry-1' })).json()).toEqual(retry.json());
    // A failed order that still holds its key (stored before keys were freed) is a 409, not a success.
    const old = (await post('/app/order/create', cashBody(w.menu.id, w.main.id), { ...c.auth, 'idempotency-key': 'retry-2' })).json();
    await ctx.db.update(orders).set({ status: 0 }).where(eq(orders.id, old.order_id));
    const conflict = await post('/app/order/create?lang=en', cashBody(w.menu.id, w.main.id), { ...c.auth, 'idempotency-key': 'retry-2' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().message).toBe('This order failed and was not placed. Please place the order again.');
  });

  it('staff may order cash for a user whose location disables cash', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = await customerAt(ctx.db, now, { disableCash: true });
    const kitchen = await signedIn(ctx.db, { role: 'kitchen' }, now);
    const res = await post(
      '/app/order/create-for-user',
      { dishlist_id: w.menu.id, items: [{ id: w.main.id, qty: 1 }], user_id: c.user.id },
      kitchen.auth,
    );
    expect(res.json()).toEqual({ success: true, order_id: expect.any(Number) });
    expect((await ordersOf(c.user.id))[0]).toMatchObject({
      paymentType: 'cash',
      status: 2,
      amountToPayCents: 550,
      createdById: kitchen.user.id,
    });
    // The customer themselves still cannot.
    const own = await post('/app/order/create', cashBody(w.menu.id, w.main.id), c.auth);
    expect(Object.keys(own.json().errors)).toEqual(['payment_type']);
  });

  it('refuses an order too large for the books with a 422, not a 500', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    await ctx.db
      .update(menuDishes)
      .set({ priceCents: 2_000_000_000 })
      .where(and(eq(menuDishes.menuId, w.menu.id), eq(menuDishes.dishId, w.main.id)));
    const c = await customerAt(ctx.db, now);
    const res = await post('/app/order/create?lang=en', { ...cashBody(w.menu.id, w.main.id), items: [{ id: w.main.id, qty: 3 }] }, c.auth);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ items: ['The order total is too large.'] });
    expect(await ordersOf(c.user.id)).toHaveLength(0);
  });

  it('accepts only placed orders (409 for pending or failed)', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = await customerAt(ctx.db, now);
    const staff = await signedIn(ctx.db, { role: 'kitchen' }, now);
    const id = (await post('/app/order/create', { ...cashBody(w.menu.id, w.soup.id), payment_type: 'card' }, c.auth)).json().order_id;
    const put = (accepted: number) =>
      ctx.app.inject({ method: 'PUT', url: `/app/order/${id}?accepted=${accepted}&lang=en`, headers: staff.auth });
    const pending = await put(1);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe('Only placed orders can be accepted.');
    await ctx.db.update(orders).set({ status: 0 }).where(eq(orders.id, id));
    expect((await put(1)).statusCode).toBe(409);
    expect((await ordersOf(c.user.id))[0]!.accepted).toBe(0);
    await ctx.db.update(orders).set({ status: 2 }).where(eq(orders.id, id));
    expect((await put(1)).json()).toMatchObject({ id, accepted: 1 });
  });

  it('names the provider’s time zone with every menu summary, so the web shows deadlines in it', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now, { timezone: 'Europe/London' });
    const c = await customerAt(ctx.db, now);
    const staff = await signedIn(ctx.db, { role: 'admin' }, now);
    expect((await get(`/app/order/dishlists?provider_id=${w.provider.id}`, c.auth)).json().dishlists[0]).toMatchObject({
      id: w.menu.id,
      timezone: 'Europe/London',
    });
    const page = (await get(`/app/order/create/${w.menu.id}`, c.auth)).json();
    expect(page.dishlist.timezone).toBe('Europe/London');
    expect(page.dishlists[0].timezone).toBe('Europe/London');
    const id = (await post('/app/order/create', cashBody(w.menu.id, w.soup.id), c.auth)).json().order_id;
    expect((await get(`/app/order/${id}`, c.auth)).json().dishlist.timezone).toBe('Europe/London');
    expect((await get(`/app/order?filter[dishlist_id]=${w.menu.id}&full=1`, staff.auth)).json().dishlist.timezone).toBe('Europe/London');
    const history = (await get(`/app/dishlists/history/${c.location.id}?per_page=all`, c.auth)).json();
    expect(history.data[0].timezone).toBe('Europe/London');
  });

  it('an inactive provider is never resolved and takes no orders', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now, { status: false });
    const c = await customerAt(ctx.db, now);
    const staff = await signedIn(ctx.db, { role: 'admin' }, now);
    const listed = (await get(`/app/order/dishlists?provider_id=${w.provider.id}`, c.auth)).json();
    expect(listed.dishlists.map((d: { provider_id: number }) => d.provider_id)).not.toContain(w.provider.id);
    expect((await get(`/app/order/create?provider_id=${w.provider.id}`, c.auth)).json().dishlist?.provider_id).not.toBe(w.provider.id);
    expect((await get(`/app/order/create/${w.menu.id}`, c.auth)).statusCode).toBe(404);
    const staffPage = (await get(`/app/order/create/${w.menu.id}`, staff.auth)).json();
    expect(staffPage.open).toBe(false);
    const res = await post('/app/order/create?lang=en', cashBody(w.menu.id, w.soup.id), c.auth);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.dishlist_id).toEqual(['This menu is not available.']);
    const forUser = await post(
      '/app/order/create-for-user',
      { dishlist_id: w.menu.id, items: [{ id: w.soup.id, qty: 1 }], user_id: c.user.id },
      staff.auth,
    );
    expect(forUser.json().errors).toHaveProperty('dishlist_id');
    expect(await ordersOf(c.user.id)).toHaveLength(0);
  });
});

describe('placing an order with the read cache on (as in production)', () => {
  let live: TestContext;
  beforeAll(async () => {
    live = await createTestApp({ NODE_ENV: 'production' });
  });
  afterAll(() => live.close());

  it('charges a price changed a moment ago and refuses a dish or menu withdrawn a moment ago', async () => {
    const now = live.clock.now();
    const w = await menuWorld(live.db, now);
    const c = await customerAt(live.db, now);
    const page = () => live.app.inject({ url: `/app/order/create/${w.menu.id}`, headers: c.auth });
    const order = (dishId: number) =>
      live.app.inject({
        method: 'POST',
        url: '/app/order/create?lang=en',
        headers: c.auth,
        payload: { dishlist_id: w.menu.id, items: [{ id: dishId, qty: 1 }], payment_type: 'cash', terms: true },
      });
    const mainPrice = async () =>
      (await page()).json().dishlist.categories[0].dishes.find((d: { id: number }) => d.id === w.main.id).price as number;
    expect(await mainPrice()).toBe(5.5);
    await live.db
      .update(menuDishes)
      .set({ priceCents: 700 })
      .where(and(eq(menuDishes.menuId, w.menu.id), eq(menuDishes.dishId, w.main.id)));
    // The page may still show the cached price for up to a second; the order may not.
    const repriced = await order(w.main.id);
    expect(repriced.statusCode).toBe(200);
    const [stored] = await live.db.select().from(orders).where(eq(orders.id, repriced.json().order_id));
    expect(stored!.amountCents).toBe(700);

    await page();
    await live.db.delete(menuDishes).where(and(eq(menuDishes.menuId, w.menu.id), eq(menuDishes.dishId, w.dessert.id)));
    expect((await order(w.dessert.id)).json().errors).toEqual({ 'items.0.id': ['Dish was removed'] });

    await page();
    await live.db.update(menus).set({ status: false }).where(eq(menus.id, w.menu.id));
    const unpublished = await order(w.soup.id);
    expect(unpublished.statusCode).toBe(422);
    expect(unpublished.json().errors.dishlist_id).toBeDefined();

    await live.db
      .update(menus)
      .set({ status: true, to: new Date(now.getTime() - 1000) })
      .where(eq(menus.id, w.menu.id));
    expect((await order(w.soup.id)).json().errors.dishlist_id).toEqual(['Ordering from this menu has closed.']);
  });
});

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
    const c = await customerAt(ctx.db, now);
    expect((await post('/app/order/create', body(w.menu.id, w.main.id))).statusCode).toBe(401);
    expect((await post('/app/order/create', body(w.menu.id, w.main.id), { authorization: 'Bearer not-a-token' })).statusCode).toBe(401);
    const [s] = await ctx.db.select().from(sessions).where(eq(sessions.userId, c.user.id));
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(now.getTime() - 1000) })
      .where(eq(sessions.id, s!.id));
    expect((await post('/app/order/create', body(w.menu.id, w.main.id), c.auth)).statusCode).toBe(401);
    // Idle past the limit (remembered sessions: 14 days): refused, and the session is ended.
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(now.getTime() + 20 * 86400_000), lastSeenAt: new Date(now.getTime() - 15 * 86400_000) })
      .where(eq(sessions.id, s!.id));
    const idle = await post('/app/order/create', body(w.menu.id, w.main.id), c.auth);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().message).toBeTruthy();
    expect(await ctx.db.select().from(sessions).where(eq(sessions.id, s!.id))).toHaveLength(0);
    expect(await ordersOf(c.user.id)).toHaveLength(0);
  });

  it('refuses a deactivated customer (401) and staff (403), whether or not the session is cached', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const gone = await customerAt(ctx.db, now, {}, { active: false });
    expect((await post('/app/order/create', body(w.menu.id, w.main.id), gone.auth)).statusCode).toBe(401);
    const kitchen = await signedIn(ctx.db, { role: 'kitchen' }, now);
    expect((await post('/app/order/create', body(w.menu.id, w.main.id), kitchen.auth)).statusCode).toBe(403);
    // A call elsewhere caches the kitchen session; the order route still refuses it.
    expect((await get('/app/me', kitchen.auth)).statusCode).toBe(200);
    expect((await post('/app/order/create', body(w.menu.id, w.main.id), kitchen.auth)).statusCode).toBe(403);
    expect(await ctx.db.select().from(orders).where(eq(orders.userId, kitchen.user.id))).toHaveLength(0);
  });

  it('places the order of a valid session and keeps the session for the next call', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = await customerAt(ctx.db, now);
    const first = await post('/app/order/create', body(w.menu.id, w.main.id), c.auth);
    expect(first.statusCode).toBe(200);
    const second = await post('/app/order/create', body(w.menu.id, w.main.id), c.auth);
    expect(second.statusCode).toBe(200);
    expect((await ordersOf(c.user.id)).map((o) => o.id).sort()).toEqual([first.json().order_id, second.json().order_id].sort());
    // Logout ends it at once on this instance, cached or not.
    expect((await post('/app/logout', {}, c.auth)).statusCode).toBeLessThan(300);
    expect((await post('/app/order/create', body(w.menu.id, w.main.id), c.auth)).statusCode).toBe(401);
  });
});
