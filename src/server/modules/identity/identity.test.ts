import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityProviders, oidcLogins, users } from '../../db/schema/index.js';
import { makeLocation, makeUser, signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Client } from '../../test/client.js';
import { startTestIdp, type IdpAccount, type TestIdp } from '../../test/oidc-idp.js';

const PUBLIC_URL = 'http://lunch.test';
const CALLBACK = `${PUBLIC_URL}/app/login/company/callback`;

let ctx: TestContext;
let idp: TestIdp;
let admin: Client;
let providerId: number;
let locationId: number;

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL });
  idp = await startTestIdp([CALLBACK]);
  admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
  locationId = (await makeLocation(ctx.db, { title: 'Acme birojs' })).id;
  const res = await admin.post('/app/admin/identity-providers', {
    name: 'Acme',
    issuer: idp.issuer,
    client_id: idp.clientId,
    client_secret: idp.clientSecret,
    allowed_domains: ['ACME.lv'],
    location_id: locationId,
  });
  expect(res.statusCode).toBe(201);
  providerId = res.json().id;
});
afterAll(async () => {
  await ctx?.close();
  await idp?.close();
});

/** The whole browser round trip: start, the provider's redirects, our callback; answers where the browser ends. */
async function signInAtProvider(account: IdpAccount, claims: Record<string, unknown> = {}) {
  idp.signInAs(account, claims);
  const start = await ctx.anon.post(`/app/login/company/${providerId}`, { remember: false });
  expect(start.statusCode).toBe(200);
  const authorizeUrl = new URL(start.json().url as string);
  expect(authorizeUrl.origin).toBe(idp.issuer);
  expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
  const back = await idp.authorize(authorizeUrl.toString(), CALLBACK);
  const callback = await ctx.anon.get(`${back.pathname}${back.search}`);
  expect(callback.statusCode).toBe(302);
  return { back, location: String(callback.headers.location) };
}

const exchange = (code: string) => ctx.anon.post('/app/login/company/exchange', { code });
const me = (token: string) => ctx.as({ token }).get('/app/me');
const usersWith = (email: string) =>
  ctx.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);

describe('company sign-in (OpenID Connect)', () => {
  it('creates a customer at the configured location from a verified e-mail; the one-time code gives the session token once', async () => {
    const { location } = await signInAtProvider('ilze');
    expect(location).toMatch(/^\/login\/company#code=[\w-]{40,}$/);
    const code = decodeURIComponent(location.split('#code=')[1]!);
    const res = await exchange(code);
    expect(res.statusCode).toBe(200);
    const token = res.json().token as string;
    const profile = (await me(token)).json();
    expect(profile).toMatchObject({ email: 'ilze.berzina@acme.lv', first_name: 'Ilze', role: 'customer', location: { id: locationId } });
    expect((await exchange(code)).statusCode).toBe(422);
    // Signing in again finds the same person (matched by e-mail), no second account.
    const again = await signInAtProvider('ilze');
    expect((await exchange(decodeURIComponent(again.location.split('#code=')[1]!))).statusCode).toBe(200);
    expect(await usersWith('ilze.berzina@acme.lv')).toHaveLength(1);
  });

  it('signs an existing account in with its own role and location', async () => {
    const kitchen = await makeUser(ctx.db, { email: 'Chef@Acme.lv', role: 'kitchen' });
    const { location } = await signInAtProvider('chef', { email: 'chef@acme.lv', email_verified: true });
    const token = (await exchange(decodeURIComponent(location.split('#code=')[1]!))).json().token as string;
    expect((await me(token)).json()).toMatchObject({ id: kitchen.id, role: 'kitchen' });
  });

  it('refuses an e-mail outside the allowed domains, an unverified e-mail and a deactivated account, creating no one', async () => {
    expect((await signInAtProvider('outsider')).location).toBe('/login#sso_error=domain');
    expect(await usersWith('eve@elsewhere.lv')).toHaveLength(0);
    expect((await signInAtProvider('unverified')).location).toBe('/login#sso_error=unverified');
    expect(await usersWith('maris@acme.lv')).toHaveLength(0);
    await makeUser(ctx.db, { email: 'gone@acme.lv', active: false });
    expect((await signInAtProvider('gone', { email: 'gone@acme.lv', email_verified: true })).location).toBe('/login#sso_error=inactive');
  });

  it('takes each state once: a replayed callback is refused, and so is an unknown or expired state', async () => {
    const first = await signInAtProvider('ilze');
    expect(first.location).toMatch(/^\/login\/company#code=/);
    const replay = await ctx.anon.get(`${first.back.pathname}${first.back.search}`);
    expect(replay.headers.location).toBe('/login#sso_error=expired');
    const forged = await ctx.anon.get(`/app/login/company/callback?code=x&state=${'a'.repeat(43)}`);
    expect(forged.headers.location).toBe('/login#sso_error=expired');
    // Nothing of the sign-in stays behind once used.
    expect(await ctx.db.select().from(oidcLogins)).toHaveLength(0);
    // A sign-in left at the provider longer than ten minutes has expired.
    idp.signInAs('ilze');
    const start = await ctx.anon.post(`/app/login/company/${providerId}`);
    const back = await idp.authorize(start.json().url as string, CALLBACK);
    ctx.clock.advance(11 * 60_000);
    expect((await ctx.anon.get(`${back.pathname}${back.search}`)).headers.location).toBe('/login#sso_error=expired');
  });

  it('says company sign-in is unavailable when the provider cannot be reached, storing nothing', async () => {
    const down = await admin.post('/app/admin/identity-providers', {
      name: 'Down',
      issuer: 'http://127.0.0.1:9',
      client_id: 'c',
      client_secret: 's',
      allowed_domains: ['down.lv'],
      location_id: locationId,
    });
    const before = (await ctx.db.select().from(oidcLogins)).length;
    const res = await ctx.anon.post(`/app/login/company/${down.json().id}?lang=en`);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/not available right now/);
    expect(await ctx.db.select().from(oidcLogins)).toHaveLength(before);
    await admin.delete(`/app/admin/identity-providers/${down.json().id}`);
  });

  it('a code exchanged after a minute is refused', async () => {
    const { location } = await signInAtProvider('ilze');
    ctx.clock.advance(61_000);
    expect((await exchange(decodeURIComponent(location.split('#code=')[1]!))).statusCode).toBe(422);
  });

  it('lets only administrators manage providers, never shows the client secret and keeps it encrypted', async () => {
    const customer = ctx.as(await signedIn(ctx.db, { role: 'customer' }));
    const kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }));
    for (const who of [customer, kitchen]) {
      expect((await who.get('/app/admin/identity-providers')).statusCode).toBe(403);
      expect((await who.put(`/app/admin/identity-providers/${providerId}`, { enabled: false })).statusCode).toBe(403);
      expect((await who.delete(`/app/admin/identity-providers/${providerId}`)).statusCode).toBe(403);
    }
    expect((await ctx.anon.get('/app/admin/identity-providers')).statusCode).toBe(401);
    const list = await admin.get('/app/admin/identity-providers');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(idp.clientSecret);
    expect(list.json().data[0]).toMatchObject({
      name: 'Acme',
      allowed_domains: ['acme.lv'],
      has_client_secret: true,
      redirect_uri: CALLBACK,
    });
    const [row] = await ctx.db.select().from(identityProviders).where(eq(identityProviders.id, providerId));
    expect(row!.clientSecretEnc).not.toContain(idp.clientSecret);
    expect(row!.clientSecretEnc).toMatch(/^v1:/);
    // The login page lists enabled providers by name only.
    const options = await ctx.anon.get('/app/login/providers');
    expect(options.json()).toEqual({ data: [{ id: providerId, name: 'Acme' }] });
    // A plain-http issuer elsewhere than this machine, an empty domain list, an unknown location: 422.
    const bad = await admin.post('/app/admin/identity-providers?lang=en', {
      name: 'X',
      issuer: 'http://idp.example.com',
      client_id: 'c',
      client_secret: 's',
      allowed_domains: [],
      location_id: 999999,
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['allowed_domains', 'issuer']);
    // Disabled: no button, and a sign-in cannot start.
    const off = await admin.put(`/app/admin/identity-providers/${providerId}`, { enabled: false });
    expect(off.json()).toMatchObject({ enabled: false, client_id: idp.clientId });
    expect((await ctx.anon.get('/app/login/providers')).json()).toEqual({ data: [] });
    const refused = await ctx.anon.post(`/app/login/company/${providerId}`);
    expect(refused.statusCode, refused.body).toBe(404);
    await admin.put(`/app/admin/identity-providers/${providerId}`, { enabled: true });
  });
});
