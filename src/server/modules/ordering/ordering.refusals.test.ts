import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuDishes } from '../../db/schema/index.js';
import { makeShift } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { balanceOf, cashOrder, customerAt, menuWorld, ordersOf } from './ordering.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('what placing an order refuses (422, changing nothing)', () => {
  it('refuses invalid complex selections', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    const [g1, g2, g3] = w.set.groups;
    const tryWith = (complex: { group_id: number; dish_id: number }[]) =>
      c.post('/app/order/create?lang=en', {
        dishlist_id: w.menu.id,
        items: [{ id: w.set.complex.id, qty: 1, complex }],
        payment_type: 'cash',
        terms: true,
      });
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
    const plainWithOptions = await c.post('/app/order/create', {
      dishlist_id: w.menu.id,
      items: [{ id: w.soup.id, qty: 1, complex: [{ group_id: g1!.id, dish_id: w.soup.id }] }],
      payment_type: 'cash',
      terms: true,
    });
    expect(plainWithOptions.json().errors).toHaveProperty(['items.0.complex']);
  });

  it('refuses closed menus, foreign dishes and every checkout rule, changing nothing', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now, { cardEnabled: false });
    const c = ctx.as(await customerAt(ctx.db, now, { disableCash: true }));
    const shift = await makeShift(ctx.db, c.location.id);
    const otherLocation = ctx.as(await customerAt(ctx.db, now));
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
      const res = await c.post('/app/order/create?lang=en', { ...base, ...body });
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
    expect(await ordersOf(ctx.db, c.user.id)).toHaveLength(0);
    expect(await balanceOf(ctx.db, w.menu.id, w.soup.id)).toBe(5);
    // The same order is fine once every rule is met.
    expect((await c.post('/app/order/create', base)).statusCode).toBe(200);
  });

  it('refuses an order too large for the books with a 422, not a 500', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    await ctx.db
      .update(menuDishes)
      .set({ priceCents: 2_000_000_000 })
      .where(and(eq(menuDishes.menuId, w.menu.id), eq(menuDishes.dishId, w.main.id)));
    const c = ctx.as(await customerAt(ctx.db, now));
    const res = await c.post('/app/order/create?lang=en', { ...cashOrder(w.menu.id, w.main.id), items: [{ id: w.main.id, qty: 3 }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ items: ['The order total is too large.'] });
    expect(await ordersOf(ctx.db, c.user.id)).toHaveLength(0);
  });
});
