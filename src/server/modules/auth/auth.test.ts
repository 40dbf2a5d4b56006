import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.js';
import { SESSION_CACHE_MS, SESSION_IDLE_MS, SESSION_TTL_MS, settleTouches } from '../../lib/auth.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { makeUser, signedIn, TEST_PASSWORD } from '../../test/factories.js';
import { LOGIN_LIMITS } from './auth.service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const login = (email: string, password: string, extra: Record<string, unknown> = {}, ip = '10.0.0.1', lang = 'en') =>
  ctx.anon.post(`/app/login?lang=${lang}`, { email, password, ...extra }, { remoteAddress: ip });

describe('POST /app/login', () => {
  it('returns a token that opens /app/me', async () => {
    const user = await makeUser(ctx.db, { email: 'Maija@Test.lv', firstName: 'Maija' });
    const res = await login('maija@test.lv', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await ctx.as({ token }).get('/app/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, email: 'Maija@Test.lv', first_name: 'Maija', role: 'customer', is_customer: true });
  });

  it('stores only a hash of the token', async () => {
    const user = await makeUser(ctx.db);
    const { token } = (await login(user.email, TEST_PASSWORD)).json();
    const rows = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers 422 with the same errors.email text for a wrong password and an unknown e-mail', async () => {
    const user = await makeUser(ctx.db);
    const wrong = await login(user.email, 'not-the-password');
    const unknown = await login('nobody@test.lv', 'whatever');
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(wrong.json().errors.email[0]).toBe('These credentials do not match our records.');
    expect(unknown.json().errors.email[0]).toBe(wrong.json().errors.email[0]);
  });

  it('answers in the requested language', async () => {
    const res = await login('nobody@test.lv', 'x', {}, '10.0.0.2', 'lv');
    expect(res.json().errors.email[0]).toBe('Šie pieteikšanās dati neatbilst mūsu ierakstiem.');
    const ru = await login('nobody@test.lv', 'x', {}, '10.0.0.2', 'ru');
    expect(ru.json().errors.email[0]).toBe('Эти учётные данные не совпадают с нашими записями.');
  });

  it('refuses a deactivated user', async () => {
    const user = await makeUser(ctx.db, { active: false });
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(422);
  });

  it('never locks the owner out at their own address, whatever others guess from elsewhere', async () => {
    const user = await makeUser(ctx.db);
    // Many addresses, a few guesses each, and one address guessing past its free attempts.
    for (let i = 0; i < 30; i++) expect((await login(user.email, 'wrong', {}, `10.1.0.${i}`)).statusCode).toBe(422);
    for (let i = 0; i < LOGIN_LIMITS.perPair.free; i++) expect((await login(user.email, 'wrong', {}, '10.1.2.1')).statusCode).toBe(422);
    expect((await login(user.email, 'wrong', {}, '10.1.2.1')).statusCode).toBe(429);
    expect((await login(user.email, TEST_PASSWORD, {}, '10.1.1.1')).statusCode).toBe(200);
  });

  it('makes one address wait longer and longer for one account after its free attempts', async () => {
    const user = await makeUser(ctx.db);
    const ip = '10.1.3.1';
    const key = `login:pair:${ip}:${user.email.toLowerCase()}`;
    /** Moves the pair's last attempt into the past, as if `ms` had gone by (windows run on the database's clock). */
    const wait = (ms: number) =>
      ctx.db.execute(sql`update rate_limits set reset_at = reset_at - ${`${ms} milliseconds`}::interval where key = ${key}`);
    for (let i = 0; i < LOGIN_LIMITS.perPair.free; i++) expect((await login(user.email, 'wrong', {}, ip)).statusCode).toBe(422);
    const first = await login(user.email, TEST_PASSWORD, {}, ip);
    expect(first.statusCode).toBe(429);
    expect(first.headers['retry-after']).toBe('1');
    expect(first.json().errors.email).toEqual(['Too many login attempts. Please try again in 1 s.']);
    await wait(1000);
    expect((await login(user.email, 'wrong', {}, ip)).statusCode).toBe(422);
    // The next wait is twice as long, and a refused attempt does not shorten or lengthen it.
    const second = await login(user.email, 'wrong', {}, ip);
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe('2');
    await wait(1000);
    expect((await login(user.email, TEST_PASSWORD, {}, ip)).statusCode).toBe(429);
    await wait(1000);
    // The owner gets in after the wait, and a success forgets the failures.
    expect((await login(user.email, TEST_PASSWORD, {}, ip)).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_LIMITS.perPair.free; i++) expect((await login(user.email, 'wrong', {}, ip)).statusCode).toBe(422);
  });

  it('caps the wait at 15 minutes and says so in minutes, in the request language', async () => {
    const user = await makeUser(ctx.db);
    const ip = '10.1.4.1';
    const key = `login:pair:${ip}:${user.email.toLowerCase()}`;
    await ctx.db.execute(sql`insert into rate_limits (key, count, reset_at) values (${key}, 40, now() + interval '1 hour')`);
    const res = await login(user.email, TEST_PASSWORD, {}, ip, 'lv');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBe(15 * 60);
    expect(res.json().errors.email).toEqual(['Pārāk daudz pieteikšanās mēģinājumu. Mēģiniet vēlreiz pēc 15 min.']);
    expect((await login(user.email, TEST_PASSWORD, {}, ip, 'ru')).json().message).toBe(
      'Слишком много попыток входа. Попробуйте снова через 15 мин.',
    );
  });

  it('rate limits failed attempts per address across accounts', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      expect((await login(`ghost${i}@test.lv`, 'wrong', {}, '10.2.0.1')).statusCode).toBe(422);
    }
    const user = await makeUser(ctx.db);
    expect((await login(user.email, TEST_PASSWORD, {}, '10.2.0.1')).statusCode).toBe(429);
    expect((await login(user.email, TEST_PASSWORD, {}, '10.2.0.2')).statusCode).toBe(200);
  });
});

describe('login limits under concurrency', () => {
  it('counts parallel guesses, so at most the free attempts get through to a password check', async () => {
    const user = await makeUser(ctx.db);
    const results = await Promise.all(Array.from({ length: 24 }, (_, i) => login(user.email, `wrong-${i}`, {}, '10.4.0.1')));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 422)).toHaveLength(LOGIN_LIMITS.perPair.free);
    expect(codes.filter((c) => c === 429)).toHaveLength(24 - LOGIN_LIMITS.perPair.free);
    const blocked = results.find((r) => r.statusCode === 429)!;
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(user.email, TEST_PASSWORD, {}, '10.4.0.1')).statusCode).toBe(429);
    expect((await login(user.email, TEST_PASSWORD, {}, '10.4.1.1')).statusCode).toBe(200);
  });

  it('does not count successful logins against a shared address', async () => {
    const user = await makeUser(ctx.db);
    for (let i = 0; i < LOGIN_LIMITS.perAddress + 5; i++) {
      expect((await login(user.email, TEST_PASSWORD, {}, '10.5.0.1')).statusCode).toBe(200);
    }
  });
});

describe('session lifetime', () => {
  it('expires a short session after 12 hours and a remembered one after 30 days', async () => {
    const user = await makeUser(ctx.db);
    const start = new Date('2026-03-02T08:00:00Z');
    ctx.clock.set(start);
    const short = (await login(user.email, TEST_PASSWORD, { rememberme: false }, '10.3.0.1')).json().token;
    const long = (await login(user.email, TEST_PASSWORD, { rememberme: true }, '10.3.0.1')).json().token;
    const me = (token: string) => ctx.as({ token }).get('/app/me');
    // Keep both sessions active so only the lifetime matters.
    for (let h = 1; h <= 12; h++) {
      ctx.clock.set(new Date(start.getTime() + h * 3600_000 - 60_000));
      expect((await me(short)).statusCode).toBe(200);
      expect((await me(long)).statusCode).toBe(200);
    }
    ctx.clock.set(new Date(start.getTime() + SESSION_TTL_MS.short + 1000));
    expect((await me(short)).statusCode).toBe(401);
    expect((await me(long)).statusCode).toBe(200);
    ctx.clock.set(new Date(start.getTime() + SESSION_TTL_MS.remember + 1000));
    expect((await me(long)).statusCode).toBe(401);
    ctx.clock.set(new Date());
  });

  it('ends a session left idle', async () => {
    const start = new Date('2026-04-01T08:00:00Z');
    const me = ctx.as(await signedIn(ctx.db, {}, start));
    ctx.clock.set(new Date(start.getTime() + SESSION_IDLE_MS.remember + 60_000));
    expect((await me.get('/app/me')).statusCode).toBe(401);
    ctx.clock.set(new Date());
  });

  it('keeps sessions in use alive: the touches of parallel calls are written (decision 059)', async () => {
    const start = new Date('2026-04-02T08:00:00Z');
    const clients = await Promise.all(Array.from({ length: 5 }, () => signedIn(ctx.db, {}, start)));
    // Past the touch interval: each call has its session's last_seen_at written, without waiting for it.
    const used = new Date(start.getTime() + 10 * 60_000);
    ctx.clock.set(used);
    const answers = await Promise.all(clients.map((c) => ctx.as(c).get('/app/me')));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    await settleTouches(ctx.db);
    const ids = clients.map((c) => c.user.id);
    const rows = await ctx.db
      .select()
      .from(sessions)
      .where(sql`${sessions.userId} = any(${`{${ids.join(',')}}`}::int[])`);
    expect(rows.map((r) => r.lastSeenAt.toISOString())).toEqual(Array(5).fill(used.toISOString()));
    // Idle from the touch, not from the sign-in: still open where the sign-in alone would have ended it.
    ctx.clock.set(new Date(used.getTime() + SESSION_IDLE_MS.remember - 60_000));
    expect((await ctx.as(clients[0]!).get('/app/me')).statusCode).toBe(200);
    ctx.clock.set(new Date());
  });

  it('revokes the token on logout (GET or POST)', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const me = ctx.as(await signedIn(ctx.db));
      expect((await me.get('/app/me')).statusCode).toBe(200);
      const out = await me.request(method, '/app/logout');
      expect(out.statusCode).toBe(200);
      expect((await me.get('/app/me')).statusCode).toBe(401);
    }
  });

  it('answers 401 without a token or with a made-up one', async () => {
    expect((await ctx.anon.get('/app/me')).statusCode).toBe(401);
    const res = await ctx.anon.get('/app/me', { headers: { authorization: 'Bearer made-up' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: expect.any(String), errors: {} });
  });
});

describe('role guards', () => {
  it('lets an admin read admin lists and gives customers and kitchen 403', async () => {
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    const kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }));
    const customer = ctx.as(await signedIn(ctx.db, { role: 'customer' }));
    for (const url of ['/app/admin/reviews', '/app/admin/frontend-exceptions', '/app/admin/outbox', '/app/admin/maintenance']) {
      expect((await admin.get(url)).statusCode).toBe(200);
      expect((await customer.get(url)).statusCode).toBe(403);
      expect((await kitchen.get(url)).statusCode).toBe(403);
    }
  });

  it('refuses to build a route that does not declare who may call it', async () => {
    const { requireDeclaredAccess } = await import('../../app.js');
    expect(() => requireDeclaredAccess({ method: 'GET', url: '/app/x' })).toThrow('does not declare config.access');
    expect(() => requireDeclaredAccess({ method: 'GET', url: '/app/x', config: { access: 'public' } })).not.toThrow();
    // And the real app registers the check: a route without access cannot be added to it.
    expect(() => ctx.app.get('/app/late-route', async () => 'x')).toThrow();
  });
});

describe('session cache', () => {
  it('stops a revoked session at once on the same instance, and a deactivated user within the cache time', async () => {
    const me = ctx.as(await signedIn(ctx.db));
    const { user } = me;
    expect((await me.get('/app/me')).statusCode).toBe(200);
    const { users } = await import('../../db/schema/index.js');
    await ctx.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    await new Promise((r) => setTimeout(r, SESSION_CACHE_MS + 50));
    expect((await me.get('/app/me')).statusCode).toBe(401);
  });
});
