import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { SignJWT } from 'jose';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, logRequest } from '../app.js';
import { mailOutbox } from '../db/schema/index.js';
import { loadEnv } from '../env.js';
import { makeUser, TEST_PASSWORD } from '../test/factories.js';
import { createTestDb } from '../test/harness.js';
import { settled } from './after-answer.js';
import type { App, Deps } from './context.js';
import { createMailer } from './mail.js';
import { signSandbox } from './payments/sandbox.js';
import { reminderSigner, unsubscribeToken } from '../modules/reminders/reminders.service.js';

/*
 * Calls stay raw app.inject here: they test what reaches the log at the transport level (a
 * session sent as a Bearer header, as ?bearer= and as a cookie, a reset token in a path, signed
 * gateway notes), on apps built with their own log stream rather than the harness's app.
 */
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

  it("never hold Montonio's order token, sent to the notify route or as ?order-token= on the return route", async () => {
    const lines2: string[] = [];
    const sink2 = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines2.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const SECRET_KEY = 'log-test-montonio-secret-0123456789abcdef';
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'trace',
      JOBS: 'false',
      PAYMENT_SECRET,
      PAYMENT_GATEWAY: 'montonio',
      MONTONIO_ACCESS_KEY: 'log-test-access-key',
      MONTONIO_SECRET_KEY: SECRET_KEY,
      // Nothing listens there: these routes only check tokens, they call no Montonio API.
      MONTONIO_API_URL: 'http://127.0.0.1:9/api',
      PUBLIC_URL: 'https://lunch.example',
    });
    const montonio = await buildApp({ ...deps, env }, { serveWeb: false, logStream: sink2 });
    await montonio.ready();
    try {
      const sign = (secret: string, claims: Record<string, unknown>) => {
        const iat = Math.floor(Date.now() / 1000);
        return new SignJWT(claims)
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setIssuedAt(iat)
          .setExpirationTime(iat + 3600)
          .sign(new TextEncoder().encode(secret));
      };
      const claims = {
        uuid: randomUUID(),
        accessKey: 'log-test-access-key',
        merchantReference: 'no-such-payment-ref',
        paymentStatus: 'PAID',
        grandTotal: 5.15,
        currency: 'EUR',
      };
      const valid = await sign(SECRET_KEY, claims);
      const forged = await sign('an-attacker-secret-0123456789abcdefgh', claims);
      const garbage = `garbage-${randomUUID()}`;
      const tooLong = `long-${randomUUID()}-${'x'.repeat(9000)}`;
      const tokens = [valid, forged, garbage, tooLong];
      for (const token of tokens) {
        await montonio.inject({ method: 'POST', url: '/app/payments/notify/montonio', payload: { orderToken: token } });
        await montonio.inject({ url: `/app/payments/montonio/return?order-token=${token}` });
        await montonio.inject({ url: `/app/payments/montonio/return?order-token=${token}&lang=en` });
        // A malformed query and an address no route has.
        await montonio.inject({ url: `/app/payments/montonio/return?order-token=${token}%zz` });
        await montonio.inject({ url: `/app/no-such-route?order-token=${token}` });
        await montonio.inject({
          method: 'POST',
          url: `/app/payments/notify/montonio?order-token=${token}`,
          payload: 'not json',
          headers: { 'content-type': 'application/json' },
        });
      }
      const all = lines2.join('\n');
      expect(lines2.length).toBeGreaterThan(10);
      for (const token of tokens) {
        expect(all.includes(token.slice(0, 60)), `an order token is in the log: ${token.slice(0, 20)}…`).toBe(false);
        // Not even its signature part.
        expect(all.includes(token.split('.').at(-1)!.slice(0, 30))).toBe(false);
      }
      // No request line of any route prints a query string.
      expect(lines2.some((l) => /order-token=/.test(l))).toBe(false);
    } finally {
      await montonio.close();
    }
  });

  it('a request a log line carries shows its route pattern or its path, never the query string', () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJ1dWlkIjoiYSJ9.c2lnbmF0dXJlLXNlY3JldA';
    const raw = { method: 'GET', url: `/app/payments/montonio/return?order-token=${token}&lang=en`, ip: '10.0.0.1' };
    expect(JSON.stringify(logRequest(raw))).not.toContain(token);
    expect(logRequest(raw).url).toBe('/app/payments/montonio/return?[redacted]');
    expect(logRequest({ ...raw, routeOptions: { url: '/app/payments/montonio/return' } }).url).toBe('/app/payments/montonio/return');
    expect(logRequest({ ...raw, url: `/app/reminders/unsubscribe?token=${token}` }).url).not.toContain(token);
    expect(logRequest({ ...raw, url: `/app/user/token/${token}`, routeOptions: { url: '/app/user/token/:hash' } }).url).not.toContain(
      token,
    );
  });
});
