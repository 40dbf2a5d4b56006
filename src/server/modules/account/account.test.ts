import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { signedIn, TEST_PASSWORD } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Client } from '../../test/client.js';
import { PASSWORD_CHANGE_LIMITS } from './account.service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const change = (who: Client, oldPassword: string, lang = 'en') =>
  who.post(`/app/me/password/change?lang=${lang}`, {
    old_password: oldPassword,
    password: 'brand-new-pass',
    password_confirmation: 'brand-new-pass',
  });

describe('POST /app/me/password/change limits guesses of the current password', () => {
  it('refuses with 429 and Retry-After after the limit, even with the right password, per user', async () => {
    const me = ctx.as(await signedIn(ctx.db));
    const other = ctx.as(await signedIn(ctx.db));
    for (let i = 0; i < PASSWORD_CHANGE_LIMITS.perUser; i++) expect((await change(me, `guess-${i}`)).statusCode).toBe(422);
    const blocked = await change(me, TEST_PASSWORD, 'lv');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(blocked.json().errors.old_password).toEqual(['Pārāk daudz mēģinājumu. Lūdzu, brīdi uzgaidiet un mēģiniet vēlreiz.']);
    // Another user is not affected.
    expect((await change(other, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('counts parallel guesses, so at most the limit reach a password check', async () => {
    const me = ctx.as(await signedIn(ctx.db));
    const codes = (await Promise.all(Array.from({ length: 12 }, (_, i) => change(me, `guess-${i}`)))).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 422)).toHaveLength(PASSWORD_CHANGE_LIMITS.perUser);
    expect(codes.filter((c) => c === 429)).toHaveLength(12 - PASSWORD_CHANGE_LIMITS.perUser);
  });

  it('forgets earlier wrong guesses once the right password is given', async () => {
    const me = ctx.as(await signedIn(ctx.db));
    for (let i = 0; i < PASSWORD_CHANGE_LIMITS.perUser - 1; i++) expect((await change(me, `guess-${i}`)).statusCode).toBe(422);
    expect((await change(me, TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < PASSWORD_CHANGE_LIMITS.perUser; i++) expect((await change(me, `guess-${i}`)).statusCode).toBe(422);
  });
});

describe('the language a user uses the app in (what reminders are written in)', () => {
  it('is remembered at sign-in and when the app loads the profile in another language', async () => {
    const { user } = await signedIn(ctx.db, { email: `lang-${Date.now()}@example.com` });
    const langOf = async () => (await ctx.db.select({ lang: users.lang }).from(users).where(eq(users.id, user.id)))[0]!.lang;
    expect(await langOf()).toBe('lv');
    const login = await ctx.anon.post('/app/login?lang=ru', { email: user.email, password: TEST_PASSWORD, rememberme: false });
    expect(login.statusCode, login.body).toBe(200);
    expect(await langOf()).toBe('ru');
    const signedInNow = ctx.as({ token: login.json().token as string });
    expect((await signedInNow.get('/app/me?lang=en')).statusCode).toBe(200);
    expect(await langOf()).toBe('en');
    // A failed sign-in changes nothing.
    await ctx.anon.post('/app/login?lang=lv', { email: user.email, password: 'wrong-password' });
    expect(await langOf()).toBe('en');
  });
});
