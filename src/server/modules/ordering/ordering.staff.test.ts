import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeShift, signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { cashOrder, customerAt, menuWorld, ordersOf } from './ordering.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('staff ordering for a user (POST /app/order/create-for-user, GET /app/users/list)', () => {
  it('orders for a chosen user in cash, with that user’s shifts, and keeps roles apart', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now, { subsidyCents: 100 }));
    const shift = await makeShift(ctx.db, c.location.id);
    const admin = await ctx.as('admin');
    const body = { dishlist_id: w.menu.id, items: [{ id: w.main.id, qty: 1 }], user_id: c.user.id, shift_id: shift.id };
    const card = await admin.post('/app/order/create-for-user?lang=en', { ...body, payment_type: 'card' });
    expect(card.json().errors.payment_type).toEqual(['Orders placed on behalf of a user are paid in cash.']);
    const noShift = await admin.post('/app/order/create-for-user', { ...body, shift_id: undefined });
    expect(noShift.json().errors.shift_id).toBeDefined();
    const ok = await admin.post('/app/order/create-for-user', body);
    expect(ok.json()).toEqual({ success: true, order_id: expect.any(Number) });
    const [o] = await ordersOf(ctx.db, c.user.id);
    expect(o).toMatchObject({ createdById: admin.user.id, paymentType: 'cash', status: 2, subsidyCents: 100, shiftId: shift.id });
    expect((await admin.post('/app/order/create', { ...body, payment_type: 'cash' })).statusCode).toBe(403);
    expect((await c.post('/app/order/create-for-user', body)).statusCode).toBe(403);
    const inactive = ctx.as(await signedIn(ctx.db, { role: 'customer', active: false }, now));
    const bad = await admin.post('/app/order/create-for-user', { ...body, user_id: inactive.user.id, shift_id: undefined });
    expect(Object.keys(bad.json().errors)).toEqual(['user_id']);
  });

  it('staff may order cash for a user whose location disables cash', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now, { disableCash: true }));
    const kitchen = await ctx.as('kitchen');
    const res = await kitchen.post('/app/order/create-for-user', {
      dishlist_id: w.menu.id,
      items: [{ id: w.main.id, qty: 1 }],
      user_id: c.user.id,
    });
    expect(res.json()).toEqual({ success: true, order_id: expect.any(Number) });
    expect((await ordersOf(ctx.db, c.user.id))[0]).toMatchObject({
      paymentType: 'cash',
      status: 2,
      amountToPayCents: 550,
      createdById: kitchen.user.id,
    });
    // The customer themselves still cannot.
    const own = await c.post('/app/order/create', cashOrder(w.menu.id, w.main.id));
    expect(Object.keys(own.json().errors)).toEqual(['payment_type']);
  });

  it('lists selectable users for staff only, searchable by name, e-mail or phone', async () => {
    const now = ctx.clock.now();
    const c = ctx.as(
      await customerAt(
        ctx.db,
        now,
        { title: 'Birojs Ķīpsala' },
        { firstName: 'Līga Ozoliņa', phone: '+371 2999 1234', email: `liga-${Date.now()}@ex.lv` },
      ),
    );
    const shift = await makeShift(ctx.db, c.location.id, 'Rīts');
    const kitchen = await ctx.as('kitchen');
    const byName = (await kitchen.get('/app/users/list?search=ozoliņa')).json();
    expect(byName.data).toEqual([
      expect.objectContaining({
        id: c.user.id,
        name: 'Līga Ozoliņa',
        phone: '+371 2999 1234',
        location: { id: c.location.id, title: 'Birojs Ķīpsala' },
        shifts: [{ id: shift.id, title: 'Rīts' }],
      }),
    ]);
    expect((await kitchen.get('/app/users/list?search=2999%201234')).json().data.map((u: { id: number }) => u.id)).toEqual([c.user.id]);
    expect((await kitchen.get(`/app/users/list?search=${encodeURIComponent(c.user.email)}`)).json().total).toBe(1);
    expect((await c.get('/app/users/list')).statusCode).toBe(403);
  });
});
