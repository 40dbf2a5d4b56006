import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Client } from '../../test/client.js';
import { makeProvider, signedIn } from '../../test/factories.js';
import { resolveProviderId } from './providers.service.js';

let ctx: TestContext;
let admin: Client;
let kitchen: Client;
let customer: Client;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
  kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }));
  customer = ctx.as(await signedIn(ctx.db, { role: 'customer' }));
});
afterAll(() => ctx.close());

describe('providers: the default provider', () => {
  it('is a 422 on provider_id while there is none, then the first active provider by id (own database)', async () => {
    // A database of its own: "no provider yet" and "the first one" must not depend on what other tests created.
    const own = await createTestApp();
    try {
      const ownAdmin = own.as(await signedIn(own.db, { role: 'admin' }));
      await expect(resolveProviderId(own.db, {})).rejects.toMatchObject({
        status: 422,
        errors: { provider_id: ['No provider exists yet; add one first.'] },
      });
      expect((await ownAdmin.get('/app/providers')).json()).toEqual({ data: [], active_provider_id: null });

      const sleeping = (await ownAdmin.post('/app/providers', { title: 'Sleeping', status: false })).json();
      await expect(resolveProviderId(own.db, {})).rejects.toMatchObject({ status: 422 });
      const a = (await ownAdmin.post('/app/providers', { title: 'Virtuve A' })).json();
      await ownAdmin.post('/app/providers', { title: 'Virtuve B' });
      const list = (await ownAdmin.get('/app/providers')).json();
      expect(list.data.map((p: { title: string }) => p.title)).toEqual(['Sleeping', 'Virtuve A', 'Virtuve B']);
      expect(list.active_provider_id).toBe(a.id);
      expect(await resolveProviderId(own.db, {})).toBe(a.id);
      // Asked for by id, an inactive provider is fine (staff manage it).
      expect(await resolveProviderId(own.db, { provider_id: String(sleeping.id) })).toBe(sleeping.id);
    } finally {
      await own.close();
    }
  });
});

describe('providers', () => {
  it('creates, lists and edits providers', async () => {
    const inactive = await admin.post('/app/providers', { title: 'Sleeping', status: false });
    expect(inactive.statusCode).toBe(201);
    const a = await admin.post('/app/providers', { title: 'Virtuve A', phone: '+371 20000000', email: 'a@virtuve.lv' });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({
      title: 'Virtuve A',
      phone: '+371 20000000',
      email: 'a@virtuve.lv',
      status: true,
      timezone: 'Europe/Riga',
    });
    const b = (await admin.post('/app/providers', { title: 'Virtuve B' })).json();

    const mine = new Set([inactive.json().id, a.json().id, b.id]);
    const list = (await admin.get('/app/providers')).json();
    expect(list.data.filter((p: { id: number }) => mine.has(p.id)).map((p: { title: string }) => p.title)).toEqual([
      'Sleeping',
      'Virtuve A',
      'Virtuve B',
    ]);
    expect((await kitchen.get(`/app/providers?provider_id=${b.id}`)).json().active_provider_id).toBe(b.id);
    expect(await resolveProviderId(ctx.db, { provider_id: String(b.id) })).toBe(b.id);
    expect(await resolveProviderId(ctx.db, { provider_id: String(inactive.json().id) })).toBe(inactive.json().id);

    const put = await admin.put(`/app/providers/${b.id}`, { title: 'Virtuve B2', timezone: 'Europe/Tallinn' });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ id: b.id, title: 'Virtuve B2', timezone: 'Europe/Tallinn', phone: '' });
  });

  it('customers see active providers only and cannot change them', async () => {
    const active = await makeProvider(ctx.db, { title: 'Open kitchen' });
    const closed = await makeProvider(ctx.db, { title: 'Closed kitchen', status: false });
    const list = (await customer.get('/app/providers')).json();
    const ids = list.data.map((p: { id: number }) => p.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(closed.id);
    expect(list.data.every((p: { status: boolean }) => p.status)).toBe(true);
    // A customer asking for an inactive provider gets the default one instead.
    expect((await customer.get(`/app/providers?provider_id=${closed.id}`)).json().active_provider_id).toBe(list.active_provider_id);
    expect(list.active_provider_id).not.toBe(closed.id);
    expect((await customer.post('/app/providers', { title: 'X' })).statusCode).toBe(403);
    expect((await customer.put(`/app/providers/${active.id}`, { title: 'X' })).statusCode).toBe(403);
    expect((await kitchen.put(`/app/providers/${active.id}`, { title: 'X' })).statusCode).toBe(403);
    expect((await ctx.anon.get('/app/providers')).statusCode).toBe(401);
    expect((await admin.get(`/app/providers`)).json().data.find((p: { id: number }) => p.id === active.id).title).toBe('Open kitchen');
  });

  it('validates in the request language and refuses unknown ids', async () => {
    const bad = await admin.post('/app/providers?lang=lv', { title: ' ', email: 'nope', timezone: 'Mars/Base' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      title: ['Šis lauks ir obligāts.'],
      email: ['Ievadiet derīgu e-pasta adresi.'],
      timezone: ['Šī vērtība nav derīga.'],
    });
    expect((await admin.put('/app/providers/999999', { title: 'X' })).statusCode).toBe(404);
    const unknown = await admin.get('/app/providers?provider_id=999999&lang=ru');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.provider_id).toEqual(['Такого поставщика не существует.']);
    await expect(resolveProviderId(ctx.db, { provider_id: 'abc' })).rejects.toMatchObject({ status: 422 });
  });
});

describe('OpenAPI', () => {
  it('documents the catalogue, locations, providers and menus calls', async () => {
    const res = await ctx.anon.get('/app/openapi.json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/app/providers',
      '/app/categories',
      '/app/dishes/{id}',
      '/app/dishes/{id}/image',
      '/app/locations/token/{hash}',
      '/app/dishlists/{id}/balance',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
