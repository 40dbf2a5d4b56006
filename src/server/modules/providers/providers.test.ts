import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { makeProvider, signedIn } from '../../test/factories.js';
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

describe('providers: the default provider', () => {
  it('is a 422 on provider_id while there is none, then the first active provider by id (own database)', async () => {
    // A database of its own: "no provider yet" and "the first one" must not depend on what other tests created.
    const own = await createTestApp();
    try {
      const ownAdmin = (await signedIn(own.db, { role: 'admin' })).auth;
      await expect(resolveProviderId(own.db, {})).rejects.toMatchObject({
        status: 422,
        errors: { provider_id: ['No provider exists yet; add one first.'] },
      });
      expect((await own.app.inject({ url: '/app/providers', headers: ownAdmin })).json()).toEqual({ data: [], active_provider_id: null });

      const sleeping = (
        await own.app.inject({ method: 'POST', url: '/app/providers', headers: ownAdmin, payload: { title: 'Sleeping', status: false } })
      ).json();
      await expect(resolveProviderId(own.db, {})).rejects.toMatchObject({ status: 422 });
      const a = (
        await own.app.inject({ method: 'POST', url: '/app/providers', headers: ownAdmin, payload: { title: 'Virtuve A' } })
      ).json();
      await own.app.inject({ method: 'POST', url: '/app/providers', headers: ownAdmin, payload: { title: 'Virtuve B' } });
      const list = (await own.app.inject({ url: '/app/providers', headers: ownAdmin })).json();
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
    const inactive = await ctx.app.inject({
      method: 'POST',
      url: '/app/providers',
      headers: admin,
      payload: { title: 'Sleeping', status: false },
    });
    expect(inactive.statusCode).toBe(201);
    const a = await ctx.app.inject({
      method: 'POST',
      url: '/app/providers',
      headers: admin,
      payload: { title: 'Virtuve A', phone: '+371 20000000', email: 'a@virtuve.lv' },
    });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({
      title: 'Virtuve A',
      phone: '+371 20000000',
      email: 'a@virtuve.lv',
      status: true,
      timezone: 'Europe/Riga',
    });
    const b = (await ctx.app.inject({ method: 'POST', url: '/app/providers', headers: admin, payload: { title: 'Virtuve B' } })).json();

    const mine = new Set([inactive.json().id, a.json().id, b.id]);
    const list = (await ctx.app.inject({ url: '/app/providers', headers: admin })).json();
    expect(list.data.filter((p: { id: number }) => mine.has(p.id)).map((p: { title: string }) => p.title)).toEqual([
      'Sleeping',
      'Virtuve A',
      'Virtuve B',
    ]);
    expect((await ctx.app.inject({ url: `/app/providers?provider_id=${b.id}`, headers: kitchen })).json().active_provider_id).toBe(b.id);
    expect(await resolveProviderId(ctx.db, { provider_id: String(b.id) })).toBe(b.id);
    expect(await resolveProviderId(ctx.db, { provider_id: String(inactive.json().id) })).toBe(inactive.json().id);

    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/app/providers/${b.id}`,
      headers: admin,
      payload: { title: 'Virtuve B2', timezone: 'Europe/Tallinn' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ id: b.id, title: 'Virtuve B2', timezone: 'Europe/Tallinn', phone: '' });
  });

  it('customers see active providers only and cannot change them', async () => {
    const active = await makeProvider(ctx.db, { title: 'Open kitchen' });
    const closed = await makeProvider(ctx.db, { title: 'Closed kitchen', status: false });
    const list = (await ctx.app.inject({ url: '/app/providers', headers: customer })).json();
    const ids = list.data.map((p: { id: number }) => p.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(closed.id);
    expect(list.data.every((p: { status: boolean }) => p.status)).toBe(true);
    // A customer asking for an inactive provider gets the default one instead.
    expect((await ctx.app.inject({ url: `/app/providers?provider_id=${closed.id}`, headers: customer })).json().active_provider_id).toBe(
      list.active_provider_id,
    );
    expect(list.active_provider_id).not.toBe(closed.id);
    expect((await ctx.app.inject({ method: 'POST', url: '/app/providers', headers: customer, payload: { title: 'X' } })).statusCode).toBe(
      403,
    );
    expect(
      (await ctx.app.inject({ method: 'PUT', url: `/app/providers/${active.id}`, headers: customer, payload: { title: 'X' } })).statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'PUT', url: `/app/providers/${active.id}`, headers: kitchen, payload: { title: 'X' } })).statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ url: '/app/providers' })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ url: `/app/providers`, headers: admin })).json().data.find((p: { id: number }) => p.id === active.id).title,
    ).toBe('Open kitchen');
  });

  it('validates in the request language and refuses unknown ids', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/app/providers?lang=lv',
      headers: admin,
      payload: { title: ' ', email: 'nope', timezone: 'Mars/Base' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      title: ['Šis lauks ir obligāts.'],
      email: ['Ievadiet derīgu e-pasta adresi.'],
      timezone: ['Šī vērtība nav derīga.'],
    });
    expect(
      (await ctx.app.inject({ method: 'PUT', url: '/app/providers/999999', headers: admin, payload: { title: 'X' } })).statusCode,
    ).toBe(404);
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
