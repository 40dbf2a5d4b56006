import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users, userTokens } from '../../db/schema/index.js';
import { settled } from '../../lib/after-answer.js';
import { hashToken } from '../../lib/tokens.js';
import { makeLocation, makeUser, signedIn, TEST_PASSWORD } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { RESET_LIMITS, RESET_TTL_MS, SIGNUP_LIMITS } from './password.service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://lunch.example' });
});
afterAll(() => ctx.close());

const answer = (url: string, payload: object, ip = '10.9.0.1') => ctx.anon.post(`${url}?lang=en`, payload, { remoteAddress: ip });
/** Posts and waits for the work done after the answer (reset mails). */
const post = async (url: string, payload: object, ip = '10.9.0.1') => {
  const res = await answer(url, payload, ip);
  await settled();
  return res;
};

async function lastMailTo(email: string) {
  const rows = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id)).limit(1);
  return rows[0];
}

describe('password reset', () => {
  it('mails a single-use link that sets a new password and ends old sessions', async () => {
    const user = await makeUser(ctx.db, { email: 'reset-me@test.lv' });
    const old = ctx.as(await signedIn(ctx.db, { email: 'other@test.lv' }));
    const session = await post('/app/login', { email: user.email, password: TEST_PASSWORD });
    const oldToken = session.json().token;

    const res = await post('/app/password/email', { email: 'Reset-Me@test.lv' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Password request link is sent to provided email');
    const mail = await lastMailTo(user.email);
    expect(mail?.status).toBe('kept'); // no SMTP_URL: kept in the outbox
    const link = /https:\/\/lunch\.example\/password\/reset\/([A-Za-z0-9_-]+)/.exec(mail!.text);
    expect(link).not.toBeNull();
    const token = link![1]!;
    // Only the hash is stored.
    const stored = await ctx.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.tokenHash, hashToken(token)));
    expect(stored).toHaveLength(1);

    const wrongEmail = await post('/app/password/reset', {
      email: 'someone@test.lv',
      token,
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    });
    expect(wrongEmail.statusCode).toBe(422);
    const mismatch = await post('/app/password/reset', {
      email: user.email,
      token,
      password: 'new-password-1',
      password_confirmation: 'nope',
    });
    expect(mismatch.json().errors.password_confirmation).toEqual(['The password confirmation does not match.']);

    const ok = await post('/app/password/reset', {
      email: user.email,
      token,
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    });
    expect(ok.statusCode).toBe(200);
    expect((await ctx.as({ token: oldToken }).get('/app/me')).statusCode).toBe(401);
    expect((await old.get('/app/me')).statusCode).toBe(200);
    expect((await post('/app/login', { email: user.email, password: 'new-password-1' })).statusCode).toBe(200);

    const again = await post('/app/password/reset', {
      email: user.email,
      token,
      password: 'new-password-2',
      password_confirmation: 'new-password-2',
    });
    expect(again.statusCode).toBe(422);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toEqual(['This password reset link is invalid or has expired.']);
  });

  it('uses up the other outstanding links when one is used, and builds links from PUBLIC_URL, never the Host header', async () => {
    const user = await makeUser(ctx.db);
    for (const ip of ['10.9.3.1', '10.9.3.2']) {
      await ctx.anon.post(
        '/app/password/email',
        { email: user.email },
        { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' }, remoteAddress: ip },
      );
    }
    await settled();
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(mails).toHaveLength(2);
    for (const m of mails) {
      expect(m.text).toContain('https://lunch.example/password/reset/');
      expect(m.text).not.toContain('evil.example');
    }
    const [first, second] = mails.map((m) => /reset\/([A-Za-z0-9_-]+)/.exec(m.text)![1]!);
    expect(
      (
        await post('/app/password/reset', {
          email: user.email,
          token: second!,
          password: 'new-password-1',
          password_confirmation: 'new-password-1',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await post('/app/password/reset', {
          email: user.email,
          token: first!,
          password: 'new-password-2',
          password_confirmation: 'new-password-2',
        })
      ).statusCode,
    ).toBe(422);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = await ctx.db.select().from(mailOutbox);
    const res = await post('/app/password/email', { email: 'nobody-here@test.lv' }, '10.9.0.2');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Password request link is sent to provided email');
    expect(await ctx.db.select().from(mailOutbox)).toHaveLength(before.length);
  });

  it('answers before the token and the mail are written, so its time does not tell who has an account', async () => {
    const user = await makeUser(ctx.db);
    const mailsTo = async () => (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email))).length;
    // Another transaction holds the token and outbox tables: a request that waited for its
    // token or mail write would wait for this transaction too.
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`lock table user_tokens, mail_outbox in exclusive mode`);
      const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000));
      const [known, unknown] = await Promise.all([
        Promise.race([answer('/app/password/email', { email: user.email }, '10.9.4.1'), timeout]),
        Promise.race([answer('/app/password/email', { email: 'no-account-here@test.lv' }, '10.9.4.2'), timeout]),
      ]);
      expect(known?.statusCode).toBe(200);
      expect(unknown?.statusCode).toBe(200);
      expect(known?.json()).toEqual(unknown?.json());
    });
    // The link is still sent, once the work after the answer is done.
    await settled();
    expect(await mailsTo()).toBe(1);
  });

  it('expires links', async () => {
    const user = await makeUser(ctx.db);
    await post('/app/password/email', { email: user.email }, '10.9.0.3');
    const token = /reset\/([A-Za-z0-9_-]+)/.exec((await lastMailTo(user.email))!.text)![1]!;
    ctx.clock.advance(RESET_TTL_MS + 1000);
    const res = await post('/app/password/reset', {
      email: user.email,
      token,
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    });
    expect(res.statusCode).toBe(422);
    ctx.clock.set(new Date());
  });

  it('rate limits requests per e-mail', async () => {
    const user = await makeUser(ctx.db);
    for (let i = 0; i < RESET_LIMITS.perAccount; i++)
      expect((await post('/app/password/email', { email: user.email }, `10.9.1.${i}`)).statusCode).toBe(200);
    expect((await post('/app/password/email', { email: user.email }, '10.9.2.1')).statusCode).toBe(429);
  });
});

describe('invitations', () => {
  it('answers a sign-up with an address that has an account like a new one, and tells its holder by e-mail to sign in', async () => {
    const home = await makeLocation(ctx.db);
    const holder = await makeUser(ctx.db, { email: 'Holder@test.lv', locationId: home.id, firstName: 'Holder' });
    await makeLocation(ctx.db, { token: 'loc-link-2', title: 'Noliktava' });
    const payload = (email: string) => ({
      name: 'Someone',
      email,
      phone: '+371 20000001',
      password: 'other-password',
      password_confirmation: 'other-password',
      token: 'loc-link-2',
    });
    for (const lang of ['en', 'lv', 'ru']) {
      const url = `/app/register-invited?lang=${lang}`;
      const taken = await ctx.anon.post(url, payload('holder@TEST.lv'), { remoteAddress: `10.9.8.${lang.length}` });
      const fresh = await ctx.anon.post(url, payload(`fresh-${lang}@test.lv`), { remoteAddress: `10.9.8.${lang.length}` });
      expect(taken.statusCode).toBe(200);
      expect(taken.json()).toEqual(fresh.json());
    }
    await settled();
    // The account is unchanged: same location, same password; its holder got a note to sign in.
    const [row] = await ctx.db.select().from(users).where(eq(users.id, holder.id));
    expect(row).toMatchObject({ locationId: home.id, firstName: 'Holder' });
    expect((await post('/app/login', { email: holder.email, password: 'other-password' })).statusCode).toBe(422);
    expect((await post('/app/login', { email: holder.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    const notes = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'holder@TEST.lv'));
    expect(notes).toHaveLength(3);
    expect(notes.map((n) => n.text).join('\n')).toContain('already has a lunch service account');
    expect(notes.map((n) => n.text).join('\n')).toContain('https://lunch.example/login');
    expect(notes.map((n) => n.text).join('\n')).not.toContain('/register-invited/');
  });

  it('shows the invited e-mail and lets the invitee create a password once', async () => {
    const user = await makeUser(ctx.db, { email: 'invited@test.lv', passwordHash: null });
    const token = 'invite-token-123';
    await ctx.db.insert(userTokens).values({
      kind: 'invite',
      userId: user.id,
      email: user.email,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const info = await ctx.anon.get(`/app/user/token/${token}`);
    expect(info.json()).toEqual({ email: 'invited@test.lv' });
    const res = await post('/app/password/create', { token, password: 'first-password', password_confirmation: 'first-password' });
    expect(res.statusCode).toBe(200);
    expect((await post('/app/login', { email: user.email, password: 'first-password' })).statusCode).toBe(200);
    const again = await post('/app/password/create', { token, password: 'first-password', password_confirmation: 'first-password' });
    expect(again.json().errors.token).toEqual(['This link is outdated or invalid']);
    expect((await ctx.anon.get(`/app/user/token/${token}?lang=en`)).json().message).toBe('This link is outdated or invalid');
  });

  it('does not reactivate a member the manager deactivated before the link was used', async () => {
    const user = await makeUser(ctx.db, { email: 'deactivated-invitee@test.lv', passwordHash: null, active: false });
    const token = 'invite-token-456';
    await ctx.db.insert(userTokens).values({
      kind: 'invite',
      userId: user.id,
      email: user.email,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 3600_000),
    });
    expect(
      (await post('/app/password/create', { token, password: 'first-password', password_confirmation: 'first-password' })).statusCode,
    ).toBe(200);
    expect((await post('/app/login', { email: user.email, password: 'first-password' })).statusCode).toBe(422);
  });

  it('registers a customer at the location of a shared invite link', async () => {
    const location = await makeLocation(ctx.db, { token: 'loc-link-1' });
    const payload = {
      name: 'Ilze',
      email: 'ilze@test.lv',
      phone: '+371 20000000',
      password: 'ilze-password',
      password_confirmation: 'ilze-password',
      token: 'loc-link-1',
    };
    const res = await post('/app/register-invited', payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: expect.stringContaining('We have sent an e-mail') });
    const { token } = (await post('/app/login', { email: 'ilze@test.lv', password: 'ilze-password' })).json();
    const me = await ctx.as({ token }).get('/app/me');
    expect(me.json()).toMatchObject({ first_name: 'Ilze', role: 'customer', location: { id: location.id } });
    const welcome = await lastMailTo('ilze@test.lv');
    expect(welcome!.text).toContain('has been created');
    expect(welcome!.text).toContain('https://lunch.example/login');
    const bad = await post('/app/register-invited', { ...payload, email: 'x@test.lv', token: 'nope' });
    expect(bad.json().errors.token).toEqual(['This link is outdated or invalid']);
    const rows = await ctx.db.select().from(users).where(eq(users.email, 'ilze@test.lv'));
    // Sign-ups from one address are limited.
    const answers = [];
    for (let i = 0; i < SIGNUP_LIMITS.perAddress + 1; i++) {
      answers.push((await post('/app/register-invited', { ...payload, email: `burst${i}@test.lv` }, '10.9.9.9')).statusCode);
    }
    expect(answers.slice(0, SIGNUP_LIMITS.perAddress).every((c) => c === 200)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    expect(rows[0]!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });
});
