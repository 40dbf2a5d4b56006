import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticSecurityHeaders } from '../../app.js';
import { frontendExceptions, reviews } from '../../db/schema/index.js';
import { signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { FEEDBACK_LIMIT } from './admin.routes.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('reviews and front-end reports', () => {
  it('stores a review from a signed-in user and lists it for admins', async () => {
    const me = ctx.as(await signedIn(ctx.db));
    const { user } = me;
    const res = await me.post('/app/review/send', { message: '  Great soup!  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const rows = await ctx.db.select().from(reviews);
    expect(rows.at(-1)).toMatchObject({ userId: user.id, message: 'Great soup!' });
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    const list = await admin.get('/app/admin/reviews');
    expect(list.json().data[0]).toMatchObject({ message: 'Great soup!', email: user.email });
  });

  it('rejects an empty review with a field error', async () => {
    const me = ctx.as(await signedIn(ctx.db));
    const res = await me.post('/app/review/send?lang=en', { message: '   ' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.message).toEqual(['This field is required.']);
  });

  it('stores a front-end exception report', async () => {
    const me = ctx.as(await signedIn(ctx.db));
    const { user } = me;
    const payload = { environment: 'production', boundary: 'AppShell', error: 'TypeError: x is undefined', errorInfo: 'at Foo' };
    const res = await me.post('/app/frontend-exception', payload, { headers: { 'user-agent': 'test-agent' } });
    expect(res.statusCode).toBe(200);
    const rows = await ctx.db.select().from(frontendExceptions);
    expect(rows.at(-1)).toMatchObject({
      userId: user.id,
      boundary: 'AppShell',
      error: 'TypeError: x is undefined',
      userAgent: 'test-agent',
    });
  });

  it('limits how many reviews one user can send', async () => {
    const me = ctx.as(await signedIn(ctx.db));
    for (let i = 0; i < FEEDBACK_LIMIT.count; i++) {
      expect((await me.post('/app/review/send', { message: `r${i}` })).statusCode).toBe(200);
    }
    expect((await me.post('/app/review/send', { message: 'one more' })).statusCode).toBe(429);
  });

  it('does not accept reports without a token', async () => {
    const res = await ctx.anon.post('/app/frontend-exception', { error: 'x' });
    expect(res.statusCode).toBe(401);
  });
});

describe('maintenance mode', () => {
  it('answers 503 on every /app call while on, lets the admin switch it off, and comes back', async () => {
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    const customer = ctx.as(await signedIn(ctx.db));
    const on = await admin.put('/app/admin/maintenance', { maintenance: true });
    expect(on.statusCode).toBe(200);
    for (const req of [
      { who: customer, method: 'GET' as const, url: '/app/me' },
      { who: ctx.anon, method: 'GET' as const, url: '/app/translations' },
      { who: ctx.anon, method: 'GET' as const, url: '/app/nope' },
      { who: ctx.anon, method: 'POST' as const, url: '/app/login', payload: { email: 'a@b.lv', password: 'x' } },
    ]) {
      const res = await req.who.request(req.method, `${req.url}${req.url.includes('?') ? '&' : '?'}lang=en`, req.payload);
      expect(res.statusCode, req.url).toBe(503);
      expect(res.json().message).toBe('Website is under maintenance');
    }
    const customerTry = await customer.put('/app/admin/maintenance', { maintenance: false });
    expect(customerTry.statusCode).toBe(403);
    const off = await admin.put('/app/admin/maintenance', { maintenance: false });
    expect(off.statusCode).toBe(200);
    expect((await customer.get('/app/me')).statusCode).toBe(200);
  });
});

describe('bad input never causes a 500', () => {
  it('answers malformed JSON with 400 and an errors object', async () => {
    const res = await ctx.anon.post('/app/login?lang=en', '{"email": ', { headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The request body is not valid JSON.',
      errors: { body: ['The request body is not valid JSON.'] },
    });
  });

  it('answers wrong types and missing fields with 422 per field', async () => {
    const res = await ctx.anon.post('/app/login?lang=en', { email: 42, rememberme: 'yes' });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toBe('The given data was invalid.');
    expect(body.errors.email).toEqual(['This value has the wrong type.']);
    expect(body.errors.password).toEqual(['This field is required.']);
    expect(body.errors.rememberme).toBeDefined();
    expect(JSON.stringify(body)).not.toMatch(/stack|at \//);
  });

  it('answers a non-JSON content type with a 4xx JSON error', async () => {
    const res = await ctx.anon.post('/app/login', '<a/>', { headers: { 'content-type': 'text/xml' } });
    expect(res.statusCode).toBe(415);
    expect(res.json().errors).toBeDefined();
  });

  it('answers unknown /app routes with 404 JSON', async () => {
    const res = await ctx.anon.get('/app/does-not-exist?lang=en');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.', errors: {} });
  });
});

describe('developer role switcher', () => {
  it('does not exist outside development', async () => {
    const me = ctx.as(await signedIn(ctx.db));
    for (const name of ['switch-admin', 'switch-kitchen', 'switch-customer']) {
      expect((await me.post(`/app/develop/${name}`)).statusCode).toBe(404);
      expect((await me.get(`/app/develop/${name}`)).statusCode).toBe(404);
    }
  });

  it("switches the caller's role in development", async () => {
    const dev = await createTestApp({ NODE_ENV: 'development' });
    try {
      const me = dev.as(await signedIn(dev.db));
      const res = await me.post('/app/develop/switch-kitchen');
      expect(res.statusCode).toBe(200);
      expect(res.json().role).toBe('kitchen');
      expect((await me.get('/app/me')).json().role).toBe('kitchen');
    } finally {
      await dev.close();
    }
  });
});

describe('OpenAPI document', () => {
  it('describes the routes from their schemas', async () => {
    const res = await ctx.anon.get('/app/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/app/login', '/app/me', '/app/navigation', '/app/review/send']));
    expect(doc.paths['/app/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
  });
});

describe('validation texts', () => {
  it('asks for a whole number where one is required', async () => {
    const { z } = await import('zod');
    const { validatorCompiler } = await import('fastify-type-provider-zod');
    const { validationErrors } = await import('../../lib/validation.js');
    const check = validatorCompiler({ schema: z.object({ qty: z.number().int() }), method: 'POST', url: '/x', httpPart: 'body' });
    const result = check({ qty: 1.5 }) as { error?: import('fastify').FastifySchemaValidationError[] };
    expect(validationErrors(result.error!, 'body', 'en')).toEqual({ qty: ['Enter a whole number.'] });
  });
});

describe('security headers', () => {
  it('sends the API set on every /app answer, errors included: nothing may load or frame it', async () => {
    for (const url of ['/app/translations', '/app/does-not-exist', '/app/me']) {
      const res = await ctx.anon.get(url);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['strict-transport-security']).toContain('max-age=');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });

  it('keeps the strict document policy for pages a browser renders', async () => {
    const document = await staticSecurityHeaders();
    const csp = document['content-security-policy']!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(document['x-content-type-options']).toBe('nosniff');
    // The sandbox payment page (an /app route marked `document`) is checked in payments.test.ts.
  });
});
