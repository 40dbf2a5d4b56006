import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Client } from '../../test/client.js';
import { makeProvider } from '../../test/factories.js';
import { makeCategory, makeDish } from './catalogue.factories.js';

/*
 * Ids are PostgreSQL integers (at most 2147483647). A larger id can name nothing; it must be a
 * 422 keyed by the field, never a 500 from the database (error 22003, out of range).
 */

const HUGE = 99999999999;
const TOO_BIG = 'The value may not be greater than 2147483647.';

let ctx: TestContext;
let admin: Client;
let customer: Client;
let q: string;
let categoryId: number;
let dishId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.as('admin');
  customer = await ctx.as('customer');
  const p = await makeProvider(ctx.db);
  q = `provider_id=${p.id}&lang=en`;
  categoryId = (await makeCategory(ctx.db, p.id)).id;
  dishId = (await makeDish(ctx.db, p.id, categoryId)).id;
});
afterAll(() => ctx.close());

describe('ids beyond the database range', () => {
  it('are a 422 on the path id, also on the public image route', async () => {
    const image = await ctx.anon.get(`/app/dishes/${HUGE}/image?lang=en`);
    expect(image.statusCode).toBe(422);
    expect(image.json().errors).toEqual({ id: [TOO_BIG] });
    // The largest id is fine: it is simply not there.
    expect((await ctx.anon.get(`/app/dishes/2147483647/image?lang=en`)).statusCode).toBe(404);

    for (const url of [
      `/app/categories/${HUGE}`,
      `/app/dishes/${HUGE}`,
      `/app/locations/${HUGE}`,
      `/app/dishlists/${HUGE}`,
      `/app/dishlists/${HUGE}/balance`,
    ]) {
      const res = await admin.get(`${url}?${q}`);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors, url).toEqual({ id: [TOO_BIG] });
    }
    expect((await admin.put(`/app/providers/${HUGE}?lang=en`, { title: 'X' })).statusCode).toBe(422);
    expect((await admin.delete(`/app/dishlists/${HUGE}?${q}`)).statusCode).toBe(422);
  });

  it('are a 422 in list filters', async () => {
    const res = await admin.get(`/app/dishes?${q}&filter[category_id]=${HUGE}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'filter[category_id]': ['This value is not valid.'] });
    expect((await admin.get(`/app/dishes?${q}&filter[category_id]=${categoryId}`)).json().total).toBe(1);
  });

  it('are a 422 on body ids (dishes, menus, locations)', async () => {
    const dish = await admin.post(`/app/dishes?${q}`, { title: { lv: 'X' }, category_id: HUGE, allergens: [HUGE] });
    expect(dish.statusCode).toBe(422);
    expect(dish.json().errors).toEqual({ category_id: [TOO_BIG], 'allergens.0': [TOO_BIG] });

    const set = await admin.post(`/app/dishes?${q}`, {
      title: { lv: 'X' },
      category_id: categoryId,
      type: 'complex',
      complex: [{ id: HUGE, category_id: HUGE, dishes: [{ id: HUGE }] }],
    });
    expect(set.json().errors).toEqual({
      'complex.0.id': [TOO_BIG],
      'complex.0.category_id': [TOO_BIG],
      'complex.0.dishes.0.id': [TOO_BIG],
    });

    const menu = await admin.post(`/app/dishlists?${q}`, {
      title: 'M',
      from: '2026-03-02T08:00',
      to: '2026-03-02T10:00',
      selectedDishes: [{ id: dishId, category_id: HUGE, complex: [{ id: HUGE, price: 1, category_id: HUGE }] }, { id: HUGE }],
    });
    expect(menu.statusCode).toBe(422);
    expect(menu.json().errors).toEqual({
      'selectedDishes.0.category_id': [TOO_BIG],
      'selectedDishes.0.complex.0.id': [TOO_BIG],
      'selectedDishes.0.complex.0.category_id': [TOO_BIG],
      'selectedDishes.1.id': [TOO_BIG],
    });

    const location = await admin.post(`/app/locations?${q}`, { title: 'L', shifts: [{ id: HUGE, title: 'S' }] });
    expect(location.json().errors).toEqual({ 'shifts.0.id': [TOO_BIG] });
  });

  it('are a 422 in an order payload', async () => {
    const res = await customer.post('/app/order/create?lang=en', {
      dishlist_id: HUGE,
      items: [{ id: HUGE, qty: 1, complex: [{ group_id: HUGE, dish_id: 1 }] }],
      shift_id: HUGE,
      payment_type: 'cash',
      terms: true,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      dishlist_id: [TOO_BIG],
      'items.0.id': [TOO_BIG],
      'items.0.complex.0.group_id': [TOO_BIG],
      shift_id: [TOO_BIG],
    });
  });
});
