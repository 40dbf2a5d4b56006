import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Client } from '../../test/client.js';
import { makeProvider } from '../../test/factories.js';
import { makeCategory, makeDish } from './catalogue.factories.js';
import { customerAt, menuWorld } from '../ordering/ordering.factories.js';

let ctx: TestContext;
let kitchen: Client;
beforeAll(async () => {
  ctx = await createTestApp();
  kitchen = await ctx.as('kitchen');
});
afterAll(() => ctx.close());

// Issue 15: dishes carry diet tags, and the list can tell dishes whose allergens nobody confirmed.
describe('dish diet tags and confirmed allergens', () => {
  it('saves diet tags (known ones, once, in list order) and refuses unknown ones', async () => {
    const p = await makeProvider(ctx.db);
    const cat = await makeCategory(ctx.db, p.id);
    const res = await kitchen.post(`/app/dishes?provider_id=${p.id}`, {
      title: { lv: 'Zupa' },
      category_id: cat.id,
      diets: ['spicy', 'vegan', 'spicy'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ diets: ['vegan', 'spicy'] });
    const id = res.json().id;
    expect((await kitchen.put(`/app/dishes/${id}?provider_id=${p.id}`, { diets: ['pork'] })).json().diets).toEqual(['pork']);
    expect((await kitchen.put(`/app/dishes/${id}?provider_id=${p.id}`, { diets: ['keto'] })).statusCode).toBe(422);
  });

  it('allergens count as confirmed once saved, an empty list included; never saved: not confirmed', async () => {
    const p = await makeProvider(ctx.db);
    const cat = await makeCategory(ctx.db, p.id);
    const created = await kitchen.post(`/app/dishes?provider_id=${p.id}`, { title: { lv: 'Maize' }, category_id: cat.id });
    expect(created.json().allergens_confirmed).toBe(false);
    const id = created.json().id;
    expect((await kitchen.put(`/app/dishes/${id}?provider_id=${p.id}`, { price: 2 })).json().allergens_confirmed).toBe(false);
    expect((await kitchen.put(`/app/dishes/${id}?provider_id=${p.id}`, { allergens: [] })).json().allergens_confirmed).toBe(true);
    const old = await makeDish(ctx.db, p.id, cat.id);
    expect((await kitchen.get(`/app/dishes/${old.id}?provider_id=${p.id}`)).json().allergens_confirmed).toBe(false);
  });

  it('keeps energy and an ingredients text per language, refuses impossible energy, and shows both on the order page', async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    const soup = `/app/dishes/${w.soup.id}?provider_id=${w.provider.id}`;
    const saved = await kitchen.put(soup, { kcal: 240, ingredients: { lv: 'Skābenes, kartupeļi, ola', en: 'Sorrel, potatoes, egg' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ kcal: 240, ingredients: { lv: 'Skābenes, kartupeļi, ola', en: 'Sorrel, potatoes, egg', ru: '' } });
    expect((await kitchen.put(soup, { kcal: -1 })).statusCode).toBe(422);
    expect((await kitchen.put(soup, { kcal: 12.5 })).statusCode).toBe(422);
    expect((await kitchen.put(soup, { ingredients: { lv: 'x'.repeat(501) } })).statusCode).toBe(422);
    expect((await kitchen.get(soup)).json().kcal).toBe(240);

    // The order page: the dish and the same dish as a set-meal option, in the asked language.
    const customer = ctx.as(await customerAt(ctx.db, ctx.clock.now()));
    const page = await customer.get(`/app/order/create/${w.menu.id}?lang=en`);
    expect(page.statusCode).toBe(200);
    const dishes = page.json().dishlist.categories.flatMap((c: { dishes: unknown[] }) => c.dishes) as {
      id: number;
      kcal: number | null;
      ingredients: string;
      complex: { dishes: { id: number; kcal: number | null; ingredients: string }[] }[];
    }[];
    expect(dishes.find((d) => d.id === w.soup.id)).toMatchObject({ kcal: 240, ingredients: 'Sorrel, potatoes, egg' });
    expect(dishes.find((d) => d.id === w.main.id)).toMatchObject({ kcal: null, ingredients: '' });
    const option = dishes.find((d) => d.id === w.set.complex.id)!.complex[0]!.dishes.find((o) => o.id === w.soup.id);
    expect(option).toMatchObject({ kcal: 240, ingredients: 'Sorrel, potatoes, egg' });

    // Allergens confirmed (saved, here as none) or not: the page tells "none" from "unknown".
    expect((await kitchen.put(soup, { allergens: [] })).statusCode).toBe(200);
    const again = (await customer.get(`/app/order/create/${w.menu.id}?lang=en`)).json();
    const shown = again.dishlist.categories.flatMap((c: { dishes: unknown[] }) => c.dishes) as {
      id: number;
      allergens_unknown?: true;
      complex: { dishes: { id: number; allergens_unknown?: true }[] }[];
    }[];
    expect(shown.find((d) => d.id === w.soup.id)!.allergens_unknown).toBeUndefined();
    expect(shown.find((d) => d.id === w.main.id)!.allergens_unknown).toBe(true);
    // A set meal's own flag is not sent: its options carry what it contains.
    expect(shown.find((d) => d.id === w.set.complex.id)!.allergens_unknown).toBeUndefined();
    const shownOption = shown.find((d) => d.id === w.set.complex.id)!.complex[0]!.dishes.find((o) => o.id === w.soup.id);
    expect(shownOption!.allergens_unknown).toBeUndefined();

    // Cleared: null energy, empty texts.
    expect((await kitchen.put(soup, { kcal: null, ingredients: { lv: '' } })).json()).toMatchObject({
      kcal: null,
      ingredients: { lv: '' },
    });
  });
});
