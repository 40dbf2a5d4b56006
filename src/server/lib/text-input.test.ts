import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler.js';
import { createTestApp, type TestContext } from '../test/harness.js';
import type { Client } from '../test/client.js';
import { makeProvider, signedIn } from '../test/factories.js';

/*
 * PostgreSQL cannot store NUL in text and refuses the whole statement (22021). A NUL in any value
 * a caller sends must be a 422 on that field, the project's validation answer, never a 500: the
 * shared text() schema refuses it before the database sees it, and the error handler maps the
 * database's character errors to 422 for anything the schemas miss.
 *
 * Raw app.inject stays only for the bare Fastify app with the error handler alone (rawApp): it is
 * not the app the harness builds, so it has no ctx.as / ctx.anon.
 */

let ctx: TestContext;
let auth: Record<'admin' | 'kitchen' | 'customer' | 'none', Client>;
let q = '';

beforeAll(async () => {
  ctx = await createTestApp();
  auth = {
    admin: ctx.as(await signedIn(ctx.db, { role: 'admin' })),
    kitchen: ctx.as(await signedIn(ctx.db, { role: 'kitchen' })),
    customer: ctx.as(await signedIn(ctx.db, { role: 'customer' })),
    none: ctx.anon,
  };
  q = `provider_id=${(await makeProvider(ctx.db)).id}`;
});
afterAll(() => ctx.close());

const NUL = '\u0000';
const nulQ = '%00';

type Case = [who: keyof typeof auth, method: 'GET' | 'POST' | 'PUT', url: () => string, body: unknown, field: string];
const cases: Case[] = [
  // Public calls: sign-in, token look-ups, texts.
  ['none', 'POST', () => '/app/login', { email: `a${NUL}@x.lv`, password: 'secret-password' }, 'email'],
  ['none', 'POST', () => '/app/login', { email: 'a@x.lv', password: `secret${NUL}` }, 'password'],
  ['none', 'POST', () => '/app/password/email', { email: `a${NUL}b@x.lv` }, 'email'],
  ['none', 'GET', () => `/app/user/token/abc${nulQ}def`, undefined, 'hash'],
  ['none', 'GET', () => `/app/locations/token/abc${nulQ}def`, undefined, 'hash'],
  ['none', 'GET', () => `/app/block/terms${nulQ}`, undefined, 'key'],
  [
    'none',
    'POST',
    () => '/app/password/create',
    { token: `t${NUL}`, password: 'long-enough-1', password_confirmation: 'long-enough-1' },
    'token',
  ],
  // Every list's search=.
  ['kitchen', 'GET', () => `/app/dishlists?${q}&search=a${nulQ}b`, undefined, 'search'],
  ['admin', 'GET', () => `/app/dishes?${q}&search=a${nulQ}b`, undefined, 'search'],
  ['admin', 'GET', () => `/app/categories?${q}&search=a${nulQ}b`, undefined, 'search'],
  ['admin', 'GET', () => `/app/locations?search=a${nulQ}b`, undefined, 'search'],
  ['admin', 'GET', () => `/app/users/list?${q}&search=a${nulQ}b`, undefined, 'search'],
  // Bodies of signed-in calls.
  ['kitchen', 'POST', () => `/app/dishlists?${q}`, { title: `Menu${NUL}`, from: '2026-03-02T08:00Z', to: '2026-03-02T11:00Z' }, 'title'],
  ['admin', 'POST', () => `/app/categories?${q}`, { title: { lv: `Zupas${NUL}` } }, 'title.lv'],
  ['customer', 'POST', () => '/app/me', { first_name: `Anna${NUL}`, phone: '' }, 'first_name'],
  ['customer', 'POST', () => '/app/review/send', { message: `Good${NUL}` }, 'message'],
];

describe('a NUL character in any value a caller sends', () => {
  it.each(cases)('%s %s %s answers 422 on its field', async (who, method, url, body, field) => {
    const res = await auth[who].request(method, url(), body as object | undefined, { headers: { 'accept-language': 'en' } });
    expect(res.statusCode, res.body).toBe(422);
    const json = res.json();
    expect(json.message).toBe('The given data was invalid.');
    expect(json.errors[field]).toContain('This value contains a character that is not allowed.');
  });

  it('speaks the caller language', async () => {
    for (const [lang, text] of [
      ['lv', 'Šī vērtība satur neatļautu rakstzīmi.'],
      ['ru', 'Это значение содержит недопустимый символ.'],
    ] as const) {
      const res = await ctx.anon.post(`/app/login?lang=${lang}`, { email: `a${NUL}@x.lv`, password: 'x' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.email).toContain(text);
    }
  });
});

describe('the error handler as a safety net', () => {
  // Routes the schemas do not guard: whatever the database refuses must still be a 422.
  async function rawApp(lang?: 'en') {
    const app = Fastify();
    if (lang) app.addHook('onRequest', async (req) => void (req.lang = lang));
    app.setErrorHandler(errorHandler);
    app.get('/text', async (req) => {
      await ctx.db.execute(sql`select ${(req.query as { v: string }).v}::text`);
      return { ok: true };
    });
    app.get('/time', async (req) => {
      await ctx.db.execute(sql`select ${(req.query as { v: string }).v}::timestamptz`);
      return { ok: true };
    });
    await app.ready();
    return app;
  }

  it.each([
    ['/text?v=a%00b', 'This value contains a character that is not allowed.'], // 22021
    ['/time?v=2026-13-45', 'This value is not valid.'], // 22008
    ['/time?v=yesterday-ish', 'This value is not valid.'], // 22007
  ])('%s answers 422, not 500', async (url, text) => {
    const app = await rawApp();
    const res = await app.inject({ method: 'GET', url });
    await app.close();
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ message: 'Norādītie dati nav derīgi.', errors: { request: [expect.any(String)] } });
    const en = await rawApp('en');
    expect((await en.inject({ method: 'GET', url })).json().errors.request).toEqual([text]);
    await en.close();
  });
});
