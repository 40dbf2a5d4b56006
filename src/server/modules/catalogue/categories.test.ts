import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Client } from '../../test/client.js';
import { makeProvider } from '../../test/factories.js';
import { makeCategory, makeComplex, makeDish } from './catalogue.factories.js';

let ctx: TestContext;
let admin: Client;
let kitchen: Client;
let customer: Client;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.as('admin');
  kitchen = await ctx.as('kitchen');
  customer = await ctx.as('customer');
});
afterAll(() => ctx.close());

describe('categories', () => {
  it('creates with defaults, reads, edits and deletes', async () => {
    const p = await makeProvider(ctx.db);
    const res = await admin.post(`/app/categories?provider_id=${p.id}`, { title: { lv: 'Zupas', en: 'Soups' } });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      title: { lv: 'Zupas', en: 'Soups', ru: '' },
      status: true,
      simple: false,
      group_name: '',
      position: 0,
      dishes_count: 0,
    });
    expect(new Date(created.created_at).toISOString()).toBe(created.created_at);
    const second = (
      await admin.post(`/app/categories?provider_id=${p.id}`, { title: { lv: 'Deserti' }, simple: true, group_name: 'Aukstie' })
    ).json();
    expect(second).toMatchObject({ position: 1, simple: true, group_name: 'Aukstie' });

    const put = await admin.put(`/app/categories/${created.id}?provider_id=${p.id}`, {
      title: { lv: 'Zupas', ru: 'Супы' },
      status: false,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ id: created.id, title: { lv: 'Zupas', en: '', ru: 'Супы' }, status: false, position: 0 });
    expect((await kitchen.get(`/app/categories/${created.id}?provider_id=${p.id}`)).json().title.ru).toBe('Супы');

    const del = await admin.delete(`/app/categories/${created.id}?provider_id=${p.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true });
    expect((await admin.get(`/app/categories/${created.id}?provider_id=${p.id}`)).statusCode).toBe(404);
    expect((await admin.put(`/app/categories/${created.id}?provider_id=${p.id}`, { status: true })).statusCode).toBe(404);
  });

  it('scopes to the provider: another provider cannot see or change the category', async () => {
    const p1 = await makeProvider(ctx.db);
    const p2 = await makeProvider(ctx.db);
    const c = await makeCategory(ctx.db, p1.id);
    expect((await admin.get(`/app/categories/${c.id}?provider_id=${p2.id}`)).statusCode).toBe(404);
    expect((await admin.delete(`/app/categories/${c.id}?provider_id=${p2.id}`)).statusCode).toBe(404);
    expect((await admin.put(`/app/categories/${c.id}?provider_id=${p2.id}`, { title: { lv: 'Svešs' }, status: false })).statusCode).toBe(
      404,
    );
    expect((await admin.get(`/app/categories/${c.id}?provider_id=${p1.id}`)).json()).toMatchObject({
      title: c.title,
      status: true,
    });
    const list = (await admin.get(`/app/categories?provider_id=${p2.id}`)).json();
    expect(list.total).toBe(0);
  });

  it('refuses to delete a category in use, naming the dishes (409)', async () => {
    const p = await makeProvider(ctx.db);
    const c = await makeCategory(ctx.db, p.id);
    await makeDish(ctx.db, p.id, c.id, { title: { lv: 'Borščs', en: 'Borscht' } });
    await makeCategory(ctx.db, p.id); // an empty neighbour must not change the count
    expect((await admin.get(`/app/categories/${c.id}?provider_id=${p.id}`)).json().dishes_count).toBe(1);
    const res = await admin.delete(`/app/categories/${c.id}?provider_id=${p.id}&lang=en`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The category cannot be deleted: it is used by 1 dish: Borscht. Move or delete it first.');
    const lv = await admin.delete(`/app/categories/${c.id}?provider_id=${p.id}&lang=lv`);
    expect(lv.json().message).toContain('Borščs');

    // Used only as the category of a set meal's group.
    const groupCat = await makeCategory(ctx.db, p.id);
    const soup = await makeDish(ctx.db, p.id, c.id);
    const sets = await makeCategory(ctx.db, p.id);
    await makeComplex(ctx.db, p.id, sets.id, [{ categoryId: groupCat.id, dishIds: [soup.id] }], { title: { lv: 'Komplekss' } });
    const res2 = await admin.delete(`/app/categories/${groupCat.id}?provider_id=${p.id}&lang=lv`);
    expect(res2.statusCode).toBe(409);
    expect(res2.json().message).toContain('Komplekss');
  });

  it('lists with paging, per_page=all, sorting, status filter and search', async () => {
    const p = await makeProvider(ctx.db);
    const titles = ['Zupas', 'Salāti', 'Deserti', 'Dzērieni', 'Pamatēdieni'];
    for (const [i, lv] of titles.entries()) {
      await makeCategory(ctx.db, p.id, {
        title: { lv, en: `EN ${lv}`, ru: `RU ${lv}` },
        position: 10 - i,
        status: i !== 2,
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      });
    }
    const get = (q: string) => admin.get(`/app/categories?provider_id=${p.id}&${q}`);

    const page1 = (await get('per_page=2')).json();
    expect(page1).toMatchObject({ current_page: 1, last_page: 3, per_page: 2, total: 5 });
    expect(page1.data.map((c: { title: { lv: string } }) => c.title.lv)).toEqual(['Pamatēdieni', 'Dzērieni']); // default: position
    const page3 = (await get('per_page=2&page=3')).json();
    expect(page3.data).toHaveLength(1);
    expect((await get('per_page=2&page=9')).json()).toMatchObject({ data: [], current_page: 9, last_page: 3 });

    const all = (await get('per_page=all&sort[created_at]=desc')).json();
    expect(all).toMatchObject({ per_page: 'all', current_page: 1, last_page: 1, total: 5 });
    expect(all.data.map((c: { title: { lv: string } }) => c.title.lv)).toEqual([...titles].reverse());
    const byTitle = (await get('per_page=all&sort[title]=asc&lang=en')).json();
    expect(byTitle.data.map((c: { title: { en: string } }) => c.title.en)).toEqual([
      'EN Deserti',
      'EN Dzērieni',
      'EN Pamatēdieni',
      'EN Salāti',
      'EN Zupas',
    ]);

    const active = (await get('filter[status]=1&per_page=all')).json();
    expect(active.total).toBe(4);
    expect((await get('filter[status]=0')).json().data.map((c: { title: { lv: string } }) => c.title.lv)).toEqual(['Deserti']);

    expect((await get('search=zup')).json().data.map((c: { title: { lv: string } }) => c.title.lv)).toEqual(['Zupas']);
    expect((await get('search=en%20salāti')).json().total).toBe(1);
    const ru = await makeCategory(ctx.db, p.id, { title: { lv: 'Maize', ru: 'Хлеб' } });
    expect((await get('search=хЛЕБ')).json().data.map((c: { id: number }) => c.id)).toEqual([ru.id]);
    expect((await get('search=%25')).json().total).toBe(0); // % is literal

    const bad = await get('sort[colour]=asc&filter[status]=maybe&per_page=0&lang=en');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['per_page']);
    const bad2 = await get('sort[colour]=asc&filter[status]=maybe&lang=en');
    expect(bad2.json().errors).toEqual({ 'sort[colour]': ['This value is not valid.'], 'filter[status]': ['This value is not valid.'] });
  });

  it('validates bodies with per-field errors in the request language', async () => {
    const p = await makeProvider(ctx.db);
    const res = await admin.post(`/app/categories?provider_id=${p.id}&lang=ru`, {
      title: { lv: '' },
      position: -1,
      status: 'yes',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'title.lv': ['Это поле обязательно.'],
      position: ['Значение должно быть не меньше 0.'],
      status: ['У этого значения неверный тип.'],
    });
    const missing = await admin.post(`/app/categories?provider_id=${p.id}&lang=lv`, {});
    expect(missing.json().errors).toEqual({ title: ['Šis lauks ir obligāts.'] });
  });

  it('lets kitchen manage categories (spec 1: staff), and customers neither read nor write', async () => {
    const p = await makeProvider(ctx.db);
    const c = await makeCategory(ctx.db, p.id);
    expect((await kitchen.get(`/app/categories?provider_id=${p.id}`)).statusCode).toBe(200);
    const created = await kitchen.post(`/app/categories?provider_id=${p.id}`, { title: { lv: 'Virtuves' } });
    expect(created.statusCode).toBe(201);
    const put = await kitchen.put(`/app/categories/${created.json().id}?provider_id=${p.id}`, { status: false });
    expect(put.statusCode).toBe(200);
    expect(put.json().status).toBe(false);
    expect((await kitchen.delete(`/app/categories/${created.json().id}?provider_id=${p.id}`)).statusCode).toBe(200);
    for (const [m, u] of [
      ['GET', '/app/categories'],
      ['GET', `/app/categories/${c.id}`],
      ['POST', '/app/categories'],
      ['PUT', `/app/categories/${c.id}`],
      ['DELETE', `/app/categories/${c.id}`],
    ] as const) {
      expect(
        (await customer.request(m, `${u}?provider_id=${p.id}`, m === 'GET' || m === 'DELETE' ? undefined : { title: { lv: 'X' } }))
          .statusCode,
      ).toBe(403);
    }
    expect((await ctx.anon.get(`/app/categories?provider_id=${p.id}`)).statusCode).toBe(401);
  });
});
