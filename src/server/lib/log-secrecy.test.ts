import { Writable } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { mailOutbox } from '../db/schema/index.js';
import { loadEnv } from '../env.js';
import { makeUser, TEST_PASSWORD } from '../test/factories.js';
import { createTestDb } from '../test/harness.js';
import { settled } from './after-answer.js';
import type { App, Deps } from './context.js';
import { createMailer } from './mail.js';
import { signSandbox } from './payments/sandbox.js';
import { reminderSigner, unsubscribeToken } from '../modules/reminders/reminders.service.js';

const PAYMENT_SECRET = 'log-test-payment-secret-0123456789';
const NEW_PASSWORD = 'brand-new-password-77';

/** Every line the app logs, at the most talkative level, through a custom destination stream. */
const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

let testDb: Awaited<ReturnType<typeof createTestDb>>;
let app: App;
let deps: Deps;
beforeAll(async () => {
  testDb = await createTestDb();
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'trace',
    JOBS: 'false',
    PAYMENT_SECRET,
    PAYMENT_GATEWAY: 'sandbox',
    PUBLIC_URL: 'https://lunch.example',
  });
  const mailer = createMailer(testDb.db, { from: env.MAIL_FROM });
  deps = { env, database: testDb, mailer, now: () => new Date() };
  app = await buildApp(deps, { serveWeb: false, logStream: sink });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

describe('logs', () => {
  it('never hold a password, a reset token, a session token, the payment secret or a notification signature', async () => {
    const user = await makeUser(testDb.db, { email: 'log-secrecy@test.lv' });
    const login = await app.inject({ method: 'POST', url: '/app/login', payload: { email: user.email, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(200);
    const session: string = login.json().token;
    // The session token in each place a client may send it.
    await app.inject({ url: '/app/order', headers: { authorization: `Bearer ${session}` } });
    await app.inject({ url: `/app/order?bearer=${session}` });
    await app.inject({ url: '/app/order', headers: { cookie: `token=${session}` } });
    // A wrong password too (a refused sign-in is logged differently).
    await app.inject({ method: 'POST', url: '/app/login', payload: { email: user.email, password: 'wrong-password-secret-1' } });

    expect((await app.inject({ method: 'POST', url: '/app/password/email', payload: { email: user.email } })).statusCode).toBe(200);
    await settled();
    const [mail] = await testDb.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email)).orderBy(desc(mailOutbox.id)).limit(1);
    const resetToken = /password\/reset\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    await app.inject({ url: `/app/user/token/${resetToken}` });
    const reset = await app.inject({
      method: 'POST',
      url: '/app/password/reset',
      payload: { email: user.email, token: resetToken, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);

    const note = signSandbox(PAYMENT_SECRET, {
      reference: 'no-such-payment',
      status: 'approved',
      amount_cents: 100,
      ts: Math.floor(Date.now() / 1000),
    });
    expect((await app.inject({ method: 'POST', url: '/app/payments/notify/sandbox', payload: note })).statusCode).toBe(404);
    const forged = { ...note, signature: 'f'.repeat(64) };
    expect((await app.inject({ method: 'POST', url: '/app/payments/notify/sandbox', payload: forged })).statusCode).toBe(403);

    // A reminder's one-click unsubscribe address carries its signed token in the query (RFC 8058).
    const unsubscribe = unsubscribeToken(await reminderSigner(deps), user.id);
    const oneClick = await app.inject({
      method: 'POST',
      url: `/app/reminders/unsubscribe?token=${unsubscribe}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);

    const all = lines.join('\n');
    for (const [what, secret] of [
      ['password', TEST_PASSWORD],
      ['wrong password', 'wrong-password-secret-1'],
      ['new password', NEW_PASSWORD],
      ['reset token', resetToken],
      ['session token', session],
      ['payment secret', PAYMENT_SECRET],
      ['notification signature', note.signature],
      ['unsubscribe token', unsubscribe],
    ] as const) {
      expect(all.includes(secret), `${what} is in the log`).toBe(false);
    }

    // The capture works: JSON lines, each request's line with its id, route, status and user.
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const done = parsed.filter((l) => l.msg === 'request completed');
    expect(done.length).toBeGreaterThanOrEqual(10);
    expect(done.every((l) => typeof l.reqId === 'string')).toBe(true);
    expect(done).toContainEqual(expect.objectContaining({ route: '/app/order', userId: user.id }));
    expect(done).toContainEqual(expect.objectContaining({ route: '/app/user/token/:hash' }));
  });
});
