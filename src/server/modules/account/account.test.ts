import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { signedIn, TEST_PASSWORD } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { PASSWORD_CHANGE_LIMITS } from './account.service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const change = (auth: Record<string, string>, oldPassword: string, lang = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: `/app/me/password/change?lang=${lang}`,
    headers: auth,
    payload: { old_password: oldPassword, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' },
  });

describe('POST /app/me/password/change limits guesses of the current password', () => {
  it('refuses with 429 and Retry-After after the limit, even with the right password, per user', async () => {
    const { auth } = await signedIn(ctx.db);
    const other = await signedIn(ctx.db);
    for (let i = 0; i < PASSWORD_CHANGE_LIMITS.perUser; i++) expect((await change(auth, `guess-${i}`)).statusCode).toBe(422);
    const blocked = await change(auth, TEST_PASSWORD, 'lv');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(blocked.json().errors.old_password).toEqual(['Pārāk daudz mēģinājumu. Lūdzu, brīdi uzgaidiet un mēģiniet vēlreiz.']);
    // Another user is not affected.
    expect((await change(other.auth, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('counts parallel guesses, so at most the limit reach a password check', async () => {
    const { auth } = await signedIn(ctx.db);
    const codes = (await Promise.all(Array.from({ length: 12 }, (_, i) => change(auth, `guess-${i}`)))).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 422)).toHaveLength(PASSWORD_CHANGE_LIMITS.perUser);
    expect(codes.filter((c) => c === 429)).toHaveLength(12 - PASSWORD_CHANGE_LIMITS.perUser);
  });

  it('forgets earlier wrong guesses once the right password is given', async () => {
    const { auth } = await signedIn(ctx.db);
    for (let i = 0; i < PASSWORD_CHANGE_LIMITS.perUser - 1; i++) expect((await change(auth, `guess-${i}`)).statusCode).toBe(422);
    expect((await change(auth, TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < PASSWORD_CHANGE_LIMITS.perUser; i++) expect((await change(auth, `guess-${i}`)).statusCode).toBe(422);
  });
});

describe('the language a user uses the app in (what reminders are written in)', () => {
  it('is remembered at sign-in and when the app loads the profile in another language', async () => {
    const { user } = await signedIn(ctx.db, { email: `lang-${Date.now()}@example.com` });
    const langOf = async () => (await ctx.db.select({ lang: users.lang }).from(users).where(eq(users.id, user.id)))[0]!.lang;
    expect(await langOf()).toBe('lv');
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/app/login?lang=ru',
      payload: { email: user.email, password: TEST_PASSWORD, rememberme: false },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(await langOf()).toBe('ru');
    const auth = { authorization: `Bearer ${login.json().token}` };
    expect((await ctx.app.inject({ url: '/app/me?lang=en', headers: auth })).statusCode).toBe(200);
    expect(await langOf()).toBe('en');
    // A failed sign-in changes nothing.
    await ctx.app.inject({ method: 'POST', url: '/app/login?lang=lv', payload: { email: user.email, password: 'wrong-password' } });
    expect(await langOf()).toBe('en');
  });
});
