import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { makeProvider, signedIn } from '../../test/factories.js';
import { makeCategory, makeDish } from './catalogue.factories.js';

let ctx: TestContext;
let kitchen: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestApp();
  kitchen = (await signedIn(ctx.db, { role: 'kitchen' })).auth;
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: kitchen, ...(payload === undefined ? {} : { payload: payload as object }) });

// Issue 15: dishes carry diet tags, and the list can tell dishes whose allergens nobody confirmed.
describe('dish diet tags and confirmed allergens', () => {
  it('saves diet tags (known ones, once, in list order) and refuses unknown ones', async () => {
    const p = await makeProvider(ctx.db);
    const cat = await makeCategory(ctx.db, p.id);
    const res = await call('POST', `/app/dishes?provider_id=${p.id}`, {
      title: { lv: 'Zupa' },
      category_id: cat.id,
      diets: ['spicy', 'vegan', 'spicy'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ diets: ['vegan', 'spicy'] });
    const id = res.json().id;
    expect((await call('PUT', `/app/dishes/${id}?provider_id=${p.id}`, { diets: ['pork'] })).json().diets).toEqual(['pork']);
    expect((await call('PUT', `/app/dishes/${id}?provider_id=${p.id}`, { diets: ['keto'] })).statusCode).toBe(422);
  });

  it('allergens count as confirmed once saved, an empty list included; never saved: not confirmed', async () => {
    const p = await makeProvider(ctx.db);
    const cat = await makeCategory(ctx.db, p.id);
    const created = await call('POST', `/app/dishes?provider_id=${p.id}`, { title: { lv: 'Maize' }, category_id: cat.id });
    expect(created.json().allergens_confirmed).toBe(false);
    const id = created.json().id;
    expect((await call('PUT', `/app/dishes/${id}?provider_id=${p.id}`, { price: 2 })).json().allergens_confirmed).toBe(false);
    expect((await call('PUT', `/app/dishes/${id}?provider_id=${p.id}`, { allergens: [] })).json().allergens_confirmed).toBe(true);
    const old = await makeDish(ctx.db, p.id, cat.id);
    expect((await call('GET', `/app/dishes/${old.id}?provider_id=${p.id}`)).json().allergens_confirmed).toBe(false);
  });
});
