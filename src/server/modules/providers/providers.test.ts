import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { signedIn } from '../../test/factories.js';
import { resolveProviderId } from './providers.service.js';

let ctx: TestContext;
let admin: Record<string, string>;
let kitchen: Record<string, string>;
let customer: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signedIn(ctx.db, { role: 'admin' })).auth;
  kitchen = (await signedIn(ctx.db, { role: 'kitchen' })).auth;
  customer = (await signedIn(ctx.db, { role: 'customer' })).auth;
});
afterAll(() => ctx.close());

describe('providers', () => {
  it('answers 422 on provider_id when there is no provider yet, and the default once there is one', async () => {
    await expect(resolveProviderId(ctx.db, {}, 'en')).rejects.toMatchObject({ status: 422, errors: { provider_id: ['No provider exists yet; add one first.'] } });
    const list = await ctx.app.inject({ url: '/app/providers', headers: admin });
    expect(list.json()).toEqual({ data: [], active_provider_id: null });
  });

  it('creates, lists and edits providers; the first active one is the default', async () => {
    const inactive = await ctx.app.inject({ method: 'POST', url: '/app/providers', headers: admin, payload: { title: 'Sleeping', status: false } });
    expect(inactive.statusCode).toBe(201);
    const a = await ctx.app.inject({ method: 'POST', url: '/app/providers', headers: admin, payload: { title: 'Virtuve A', phone: '+371 20000000', email: 'a@virtuve.lv' } });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({ title: 'Virtuve A', phone: '+371 20000000', email: 'a@virtuve.lv', status: true, timezone: 'Europe/Riga' });
    const b = (await ctx.app.inject({ method: 'POST', url: '/app/providers', headers: admin, payload: { title: 'Virtuve B' } })).json();

    const list = (await ctx.app.inject({ url: '/app/providers', headers: admin })).json();
    expect(list.data.map((p: { title: string }) => p.title)).toEqual(['Sleeping', 'Virtuve A', 'Virtuve B']);
    expect(list.active_provider_id).toBe(a.json().id);
    expect((await ctx.app.inject({ url: `/app/providers?provider_id=${b.id}`, headers: kitchen })).json().active_provider_id).toBe(b.id);
    expect(await resolveProviderId(ctx.db, { provider_id: String(b.id) })).toBe(b.id);
    expect(await resolveProviderId(ctx.db, { provider_id: String(inactive.json().id) })).toBe(inactive.json().id);

    const put = await ctx.app.inject({ method: 'PUT', url: `/app/providers/${b.id}`, headers: admin, payload: { title: 'Virtuve B2', timezone: 'Europe/Tallinn' } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ id: b.id, title: 'Virtuve B2', timezone: 'Europe/Tallinn', phone: '' });
  });

  it('customers see active providers only and cannot change them', async () => {
    const list = (await ctx.app.inject({ url: '/app/providers', headers: customer })).json();
    expect(list.data.every((p: { status: boolean }) => p.status)).toBe(true);
    expect((await ctx.app.inject({ method: 'POST', url: '/app/providers', headers: customer, payload: { title: 'X' } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'PUT', url: `/app/providers/${list.data[0].id}`, headers: kitchen, payload: { title: 'X' } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/app/providers' })).statusCode).toBe(401);
  });

  it('validates in the request language and refuses unknown ids', async () => {
    const bad = await ctx.app.inject({ method: 'POST', url: '/app/providers?lang=lv', headers: admin, payload: { title: ' ', email: 'nope', timezone: 'Mars/Base' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ title: ['Šis lauks ir obligāts.'], email: ['Ievadiet derīgu e-pasta adresi.'], timezone: ['Šī vērtība nav derīga.'] });
    expect((await ctx.app.inject({ method: 'PUT', url: '/app/providers/999999', headers: admin, payload: { title: 'X' } })).statusCode).toBe(404);
    const unknown = await ctx.app.inject({ url: '/app/providers?provider_id=999999&lang=ru', headers: admin });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.provider_id).toEqual(['Такого поставщика не существует.']);
    await expect(resolveProviderId(ctx.db, { provider_id: 'abc' })).rejects.toMatchObject({ status: 422 });
  });
});

describe('OpenAPI', () => {
  it('documents the catalogue, locations, providers and menus calls', async () => {
    const res = await ctx.app.inject({ url: '/app/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of ['/app/providers', '/app/categories', '/app/dishes/{id}', '/app/dishes/{id}/image', '/app/locations/token/{hash}', '/app/dishlists/{id}/balance']) {
      expect(paths).toContain(p);
    }
  });
});
