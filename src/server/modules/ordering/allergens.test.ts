/**
 * Allergens and diets on the order path (issue 15, decision 034): the shared menu answer carries
 * them, the profile keeps "I avoid" / "I eat", an order stores a snapshot of what its lines
 * contained and flags the allergens its eater avoids, for the kitchen.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dishAllergens, dishes } from '../../db/schema/index.js';
import { pdfText } from '../../lib/pdf/pdf-text.js';
import { signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Client } from '../../test/client.js';
import { makeAllergen } from '../catalogue/catalogue.factories.js';
import { customerAt, menuWorld } from './ordering.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** The menu world with gluten in the main (pork chop, breaded) and milk in the soup. */
async function world() {
  const now = ctx.clock.now();
  const w = await menuWorld(ctx.db, now);
  const gluten = await makeAllergen(ctx.db);
  const milk = await makeAllergen(ctx.db);
  await ctx.db.insert(dishAllergens).values([
    { dishId: w.main.id, allergenId: gluten.id },
    { dishId: w.soup.id, allergenId: milk.id },
  ]);
  await ctx.db
    .update(dishes)
    .set({ diets: ['pork'] })
    .where(eq(dishes.id, w.main.id));
  await ctx.db
    .update(dishes)
    .set({ diets: ['vegan', 'gluten_free'] })
    .where(eq(dishes.id, w.dessert.id));
  return { ...w, now, gluten, milk };
}

/** The set meal with the soup and the given second-group choice. */
function setItem(w: Awaited<ReturnType<typeof world>>, second: number) {
  return {
    id: w.set.complex.id,
    qty: 1,
    complex: [
      { group_id: w.set.groups[0]!.id, dish_id: w.soup.id },
      { group_id: w.set.groups[1]!.id, dish_id: second },
    ],
  };
}

describe('allergens and diets on the order path', () => {
  it('the order page gives every dish and option its allergens (named) and diet tags, the same for every user', async () => {
    const w = await world();
    const a = ctx.as(await customerAt(ctx.db, w.now, {}, { avoidedAllergens: [w.gluten.id] }));
    const b = ctx.as(await customerAt(ctx.db, w.now));
    const pageA = (await a.get(`/app/order/create/${w.menu.id}?lang=en`)).json();
    const pageB = (await b.get(`/app/order/create/${w.menu.id}?lang=en`)).json();
    expect(pageA.dishlist).toEqual(pageB.dishlist);
    const dishesById = new Map(
      pageA.dishlist.categories.flatMap((c: { dishes: { id: number }[] }) => c.dishes).map((d: { id: number }) => [d.id, d]),
    );
    expect(dishesById.get(w.main.id)).toMatchObject({ allergens: [{ id: w.gluten.id, title: w.gluten.code }], diets: ['pork'] });
    expect(dishesById.get(w.dessert.id)).toMatchObject({ allergens: [], diets: ['vegan', 'gluten_free'] });
    const set = dishesById.get(w.set.complex.id) as { complex: { dishes: { id: number; allergens: unknown; diets: unknown }[] }[] };
    expect(set.complex[1]!.dishes.map((o) => [o.id, o.allergens, o.diets])).toEqual([
      [w.main.id, [{ id: w.gluten.id, title: w.gluten.code }], ['pork']],
      [w.dessert.id, [], ['vegan', 'gluten_free']],
    ]);
  });

  it('the profile saves "I avoid" and "I eat"; an unknown allergen is refused', async () => {
    const w = await world();
    const c = ctx.as(await customerAt(ctx.db, w.now));
    const saved = await c.post('/app/me', { avoid_allergens: [w.gluten.id, w.gluten.id], diets: ['vegetarian', 'not_spicy'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ avoid_allergens: [w.gluten.id], diets: ['vegetarian', 'not_spicy'] });
    expect((await c.get('/app/me')).json()).toMatchObject({ avoid_allergens: [w.gluten.id], diets: ['vegetarian', 'not_spicy'] });
    const bad = await c.post('/app/me?lang=en', { avoid_allergens: [w.milk.id, 2_000_000] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ 'avoid_allergens.1': ['This allergen does not exist.'] });
    expect((await c.post('/app/me', { diets: ['carnivore'] })).statusCode).toBe(422);
  });

  it('an order keeps what its lines contained (set meal: its chosen options) after the catalogue changes', async () => {
    const w = await world();
    const c = ctx.as(await customerAt(ctx.db, w.now, {}, { avoidedAllergens: [w.gluten.id] }));
    const res = await c.post('/app/order/create?lang=en', {
      dishlist_id: w.menu.id,
      items: [setItem(w, w.main.id), { id: w.dessert.id, qty: 1 }],
      payment_type: 'cash',
      terms: true,
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().order_id;
    const expected = {
      items: [
        { dish: { id: w.set.complex.id }, allergens: [{ id: w.gluten.id }, { id: w.milk.id }] },
        { dish: { id: w.dessert.id }, allergens: [] },
      ],
      allergen_warnings: [{ id: w.gluten.id, title: w.gluten.code }],
    };
    expect((await c.get(`/app/order/${id}?lang=en`)).json()).toMatchObject(expected);
    // The kitchen changes the recipe afterwards: the past order stays as it was.
    await ctx.db.delete(dishAllergens).where(eq(dishAllergens.dishId, w.main.id));
    await ctx.db.insert(dishAllergens).values({ dishId: w.dessert.id, allergenId: w.gluten.id });
    const after = (await c.get(`/app/order/${id}?lang=en`)).json();
    expect(after).toMatchObject(expected);
    expect(after.items[1].allergens).toEqual([]);
  });

  it('an order without an avoided allergen is not flagged; a chosen option decides', async () => {
    const w = await world();
    const c = ctx.as(await customerAt(ctx.db, w.now, {}, { avoidedAllergens: [w.gluten.id] }));
    const res = await c.post('/app/order/create', {
      dishlist_id: w.menu.id,
      items: [setItem(w, w.dessert.id)],
      payment_type: 'cash',
      terms: true,
    });
    const o = (await c.get(`/app/order/${res.json().order_id}`)).json();
    expect(o.items[0].allergens.map((a: { id: number }) => a.id)).toEqual([w.milk.id]);
    expect(o.allergen_warnings).toEqual([]);
  });

  it("staff ordering on a user's behalf: the eater's profile flags the order; the user list gives the profile", async () => {
    const w = await world();
    const c = ctx.as(await customerAt(ctx.db, w.now, {}, { avoidedAllergens: [w.gluten.id], diets: ['no_pork'] }));
    const staff = ctx.as(await signedIn(ctx.db, { role: 'kitchen', avoidedAllergens: [w.milk.id] }, w.now));
    const users = (await staff.get(`/app/users/list?search=${encodeURIComponent(c.user.email)}`)).json();
    expect(users.data[0]).toMatchObject({ id: c.user.id, avoid_allergens: [w.gluten.id], diets: ['no_pork'] });
    const res = await staff.post('/app/order/create-for-user', {
      dishlist_id: w.menu.id,
      items: [
        { id: w.main.id, qty: 1 },
        { id: w.soup.id, qty: 1 },
      ],
      user_id: c.user.id,
    });
    expect(res.statusCode).toBe(200);
    // The kitchen's incoming orders: the flag names the eater's allergen (not the staff member's).
    const list = (await staff.get(`/app/order?filter[dishlist_id]=${w.menu.id}&filter[status]=2&per_page=all&full=1&lang=en`)).json();
    const orders = list.data.flatMap((g: { orders: unknown[] }) => g.orders);
    expect(orders).toHaveLength(1);
    expect(orders[0].allergen_warnings).toEqual([{ id: w.gluten.id, title: w.gluten.code }]);
  });

  it('the kitchen display and the orders print-out flag the order, naming the eater, the dish and the allergen', async () => {
    const w = await world();
    const c = ctx.as(await customerAt(ctx.db, w.now, {}, { avoidedAllergens: [w.gluten.id], firstName: 'Alise' }));
    const calm = ctx.as(await customerAt(ctx.db, w.now, {}, { firstName: 'Bruno' }));
    const place = (who: Client) =>
      who.post('/app/order/create', {
        dishlist_id: w.menu.id,
        items: [
          { id: w.main.id, qty: 1 },
          { id: w.dessert.id, qty: 1 },
        ],
        payment_type: 'cash',
        terms: true,
      });
    const flagged = (await place(c)).json().order_id;
    await place(calm);
    const staff = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }, w.now));
    const kds = await staff.get(`/app/kitchen/${w.menu.id}?provider_id=${w.provider.id}&lang=en`);
    expect(kds.statusCode).toBe(200);
    expect(kds.json().allergen_alerts).toEqual([
      { order_id: flagged, name: 'Alise', location: c.location.title, dishes: ['Pork chop'], allergens: [w.gluten.code] },
    ]);
    const pdf = await staff.get(`/app/dishlists/${w.menu.id}/print-orders?provider_id=${w.provider.id}&lang=en`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(`ALLERGEN ALERT, avoids: ${w.gluten.code}`);
    expect(text.match(/ALLERGEN ALERT/g)).toHaveLength(1);
  });
});
