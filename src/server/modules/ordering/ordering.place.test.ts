import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItemOptions, orderItems, users } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { balanceOf, customerAt, menuWorld, ordersOf, setComplexPrice } from './ordering.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('placing an order: server prices, subsidy, bonus, payment link and set meals', () => {
  it('places a cash order at once with server prices, subsidy and bonus', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now, { subsidyCents: 200 }, { bonusCents: 150 }));
    const res = await c.post('/app/order/create', {
      dishlist_id: w.menu.id,
      items: [
        { id: w.soup.id, qty: 2 },
        { id: w.main.id, qty: 1 },
      ],
      payment_type: 'cash',
      terms: true,
      comment: ' bez sīpoliem ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, order_id: expect.any(Number) });
    const [o] = await ordersOf(ctx.db, c.user.id);
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
    expect(await balanceOf(ctx.db, w.menu.id, w.soup.id)).toBe(3);
    const [u] = await ctx.db.select({ bonus: users.bonusCents }).from(users).where(eq(users.id, c.user.id));
    expect(u!.bonus).toBe(0);
    // The subsidy is per menu: a second order on the same menu gets none.
    const page = (await c.get(`/app/order/create/${w.menu.id}`)).json();
    expect(page.userData).toEqual({ bonus: 0, subsidy: 0, full_subsidy: false });
    await c.post('/app/order/create', { dishlist_id: w.menu.id, items: [{ id: w.main.id, qty: 1 }], payment_type: 'cash', terms: true });
    const second = (await ordersOf(ctx.db, c.user.id)).find((x) => x.id !== o!.id)!;
    expect(second).toMatchObject({ subsidyCents: 0, amountToPayCents: 550 });
  });

  it('answers a payment link for card and bank, with the commission added', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    const card = await c.post('/app/order/create?lang=en', {
      dishlist_id: w.menu.id,
      items: [{ id: w.main.id, qty: 1 }],
      payment_type: 'card',
      terms: true,
    });
    expect(card.statusCode).toBe(200);
    expect(card.json()).toEqual({
      success: true,
      order_id: expect.any(Number),
      payment_link: expect.stringMatching(/^\/app\/payments\/sandbox\/[\w-]+\?lang=en$/),
    });
    const b = ctx.as(await customerAt(ctx.db, now));
    const bank = await b.post('/app/order/create', {
      dishlist_id: w.menu.id,
      items: [{ id: w.main.id, qty: 1 }],
      payment_type: 'bank',
      bank: 'seb',
      terms: true,
    });
    expect(bank.json().payment_link).toBeDefined();
    expect((await ordersOf(ctx.db, c.user.id)).find((o) => o.id === card.json().order_id)).toMatchObject({
      status: 1,
      paymentType: 'card',
      commissionCents: 25,
      amountToPayCents: 575,
    });
    expect((await ordersOf(ctx.db, b.user.id)).find((o) => o.id === bank.json().order_id)).toMatchObject({
      status: 1,
      paymentType: 'bank',
      bankCode: 'seb',
      amountToPayCents: 565,
    });
  });

  it('records subsidy or bonus when nothing is left to pay, and full subsidy pays all', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const full = ctx.as(await customerAt(ctx.db, now, { fullSubsidy: true }));
    const res = await full.post('/app/order/create', {
      dishlist_id: w.menu.id,
      items: [{ id: w.main.id, qty: 2 }],
      payment_type: 'card',
      terms: true,
    });
    expect(res.json()).toEqual({ success: true, order_id: expect.any(Number) });
    expect((await ordersOf(ctx.db, full.user.id))[0]).toMatchObject({
      status: 2,
      paymentType: 'subsidy',
      subsidyCents: 1100,
      amountToPayCents: 0,
      commissionCents: 0,
    });
    const rich = ctx.as(await customerAt(ctx.db, now, { subsidyCents: 300 }, { bonusCents: 1000 }));
    await rich.post('/app/order/create', { dishlist_id: w.menu.id, items: [{ id: w.main.id, qty: 1 }], payment_type: 'cash', terms: true });
    expect((await ordersOf(ctx.db, rich.user.id))[0]).toMatchObject({
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
    const c = ctx.as(await customerAt(ctx.db, now));
    const [g1, g2, g3] = w.set.groups;
    const res = await c.post('/app/order/create', {
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
    });
    expect(res.statusCode).toBe(200);
    const [o] = await ordersOf(ctx.db, c.user.id);
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
    expect(await balanceOf(ctx.db, w.menu.id, w.soup.id)).toBe(3);
    const read = (await c.get(`/app/order/${o!.id}?lang=lv`)).json();
    expect(read.items[0]).toMatchObject({ dish: { id: w.set.complex.id, title: 'Komplekss' }, qty: 2, price: 8, total: 16 });
    expect(read.items[0].complex.map((x: { dish: { title: string } }) => x.dish.title)).toEqual([
      'Skābeņu zupa',
      'Cūkgaļas karbonāde',
      'Maizes zupa',
    ]);
  });

  it('lets cash through disable_cash when nothing is left to pay', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now, { disableCash: true, fullSubsidy: true }));
    const res = await c.post('/app/order/create', {
      dishlist_id: w.menu.id,
      items: [{ id: w.soup.id, qty: 1 }],
      payment_type: 'cash',
      terms: true,
    });
    expect(res.statusCode).toBe(200);
  });
});
