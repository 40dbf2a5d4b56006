import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/harness.js';
import { signedIn } from './test/factories.js';

/*
 * The API description (/app/openapi.json) must say what the API really does: the error answers
 * of every call in the shared shape, which calls need no sign-in, and 405 (not 404) for a known
 * address asked with a method it does not answer. The walk in api-walk.test.ts holds every call
 * to the statuses declared here.
 */

type Operation = { security?: unknown[]; responses: Record<string, { content?: Record<string, { schema: unknown }>; headers?: object }> };
let ctx: TestContext;
let doc: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

beforeAll(async () => {
  ctx = await createTestApp();
  doc = (await ctx.anon.get('/app/openapi.json')).json();
});
afterAll(() => ctx.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

describe('OpenAPI document', () => {
  it('declares the shared error answers on every call, in one error shape', () => {
    expect(doc.components.schemas.ApiError).toMatchObject({ required: ['message', 'errors'] });
    const errorRef = { $ref: '#/components/schemas/ApiError' };
    for (const { path, method, op } of operations()) {
      const where = `${method} ${path}`;
      for (const status of ['404', '409', '422', '429']) {
        expect(op.responses[status]?.content?.['application/json']?.schema, `${where} ${status}`).toEqual(errorRef);
      }
      expect(
        Object.keys(op.responses).some((s) => Number(s) < 400),
        `${where} declares its success`,
      ).toBe(true);
    }
    const me = doc.paths['/app/me']!.get!.responses;
    expect(Object.keys(me).sort()).toEqual(['200', '401', '403', '404', '409', '422', '429', '503']);
    expect(doc.paths['/app/dishes']!.post!.responses).toHaveProperty('415');
    expect(doc.paths['/app/login']!.post!.responses['429']!.headers).toHaveProperty('retry-after');
  });

  it('marks the public calls as needing no token, and the others as needing the bearer token', async () => {
    expect(doc.paths['/app/login']!.post!.security).toEqual([]);
    expect(doc.paths['/app/translations']!.get!.security).toEqual([]);
    expect(doc.paths['/app/dishes/{id}/image']!.get!.security).toEqual([]);
    // Not public: the document's default (bearer) applies.
    expect(doc.paths['/app/me']!.get!.security).toBeUndefined();
    expect((doc as unknown as { security: unknown }).security).toEqual([{ bearer: [] }]);
    // A public call answers without a token, as declared.
    expect((await ctx.anon.get('/app/translations')).statusCode).toBe(200);
  });

  it('declares files, pages and redirects with their media types', () => {
    expect(Object.keys(doc.paths['/app/laps/print-report/{lapId}/{menuId}']!.get!.responses['200']!.content!)).toEqual(['application/pdf']);
    expect(Object.keys(doc.paths['/app/order/export/location/{id}']!.get!.responses['200']!.content!)).toEqual(['text/csv']);
    expect(doc.paths['/app/dishes/{id}/image']!.get!.responses).toHaveProperty('304');
    expect(doc.paths['/app/payments/sandbox/{reference}/{decision}']!.post!.responses['303']!.headers).toHaveProperty('location');
  });
});

describe('unsupported methods', () => {
  it('answer 405 with Allow on a known address, 404 on an unknown one', async () => {
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    const patch = await admin.patch('/app/dishes/12?lang=en');
    expect(patch.statusCode).toBe(405);
    expect(patch.headers.allow).toBe('DELETE, GET, HEAD, PUT');
    expect(patch.json()).toEqual({ message: 'This address does not accept this kind of request.', errors: {} });

    const del = await ctx.anon.delete('/app/login?lang=lv');
    expect(del.statusCode).toBe(405);
    expect(del.headers.allow).toBe('POST');
    expect(del.json().message).toBe('Šī adrese nepieņem šāda veida pieprasījumu.');

    // The report download has no HEAD (it would spend the one-time token).
    const head = await ctx.anon.request('HEAD', '/app/order/export/location/3');
    expect(head.statusCode).toBe(405);
    expect(head.headers.allow).toBe('GET');

    expect((await ctx.anon.patch('/app/no-such-thing')).statusCode).toBe(404);
    expect((await ctx.anon.get('/app/dishes/12/nothing')).statusCode).toBe(404);
  });
});

describe('addresses the router refuses', () => {
  it('answer in the shared error shape, in the asked language, with the API headers', async () => {
    const long = await ctx.anon.get(`/app/locations/token/${'x'.repeat(300)}?lang=en`);
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ message: 'This address is too long.', errors: {} });
    expect(long.headers['x-content-type-options']).toBe('nosniff');
    // Within the schema's 200 characters the value reaches its own check: an unknown token.
    expect((await ctx.anon.get(`/app/locations/token/${'x'.repeat(150)}?lang=en`)).statusCode).toBe(404);

    const broken = await ctx.anon.get('/app/dishes/%E0%A4%A/image?lang=ru');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: 'Этот адрес недействителен.', errors: {} });
    expect(doc.paths['/app/dishes/{id}/image']!.get!.responses).toHaveProperty('414');
  });
});

/** The document without its prose: descriptions and summaries may be reworded, nothing else. */
function withoutProse(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutProse);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'description' && key !== 'summary')
      .map(([key, v]) => [key, withoutProse(v)]),
  );
}

describe('the API contract', () => {
  it('stays as recorded: a change to a call, a field or a status shows here and is made on purpose', async () => {
    // To record a deliberate change: `npx vitest run src/server/openapi.test.ts -u`, and review the diff.
    await expect(`${JSON.stringify(withoutProse(doc), null, 2)}\n`).toMatchFileSnapshot('./__snapshots__/openapi.json');
  });
});
