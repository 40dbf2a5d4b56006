import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { connect } from './db/client.js';
import { loadEnv } from './env.js';
import type { App } from './lib/context.js';
import { createMailer } from './lib/mail.js';
import { LOGIN_LIMITS } from './modules/auth/auth.service.js';
import { makeUser, TEST_PASSWORD } from './test/factories.js';
import { createTestDb } from './test/harness.js';

// Two app instances, each with its own connection pool, on one database: they must behave as one.
let shared: Awaited<ReturnType<typeof createTestDb>>;
let a: App;
let b: App;
const pools: { close(): Promise<void> }[] = [];

async function instance(url: string): Promise<App> {
  const database = connect(url, 5);
  pools.push(database);
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS: 'false', PAYMENT_SECRET: 'test-payment-secret-0123456789' });
  const app = await buildApp(
    { env, database, mailer: createMailer(database.db, { from: env.MAIL_FROM }), now: () => new Date() },
    { serveWeb: false },
  );
  await app.ready();
  return app;
}

beforeAll(async () => {
  shared = await createTestDb();
  a = await instance(shared.url);
  b = await instance(shared.url);
});
afterAll(async () => {
  await a.close();
  await b.close();
  for (const p of pools) await p.close();
  await shared.drop();
});

describe('two instances on one database', () => {
  it('share sessions: a token from one works on the other, and logout on one ends it on both', async () => {
    const user = await makeUser(shared.db);
    const { token } = (
      await a.inject({ method: 'POST', url: '/app/login', payload: { email: user.email, password: TEST_PASSWORD } })
    ).json();
    const auth = { authorization: `Bearer ${token}` };
    expect((await b.inject({ url: '/app/me', headers: auth })).json().id).toBe(user.id);
    expect((await b.inject({ method: 'POST', url: '/app/logout', headers: auth })).statusCode).toBe(200);
    expect((await a.inject({ url: '/app/me', headers: auth })).statusCode).toBe(401);
  });

  it('share login rate limits', async () => {
    const user = await makeUser(shared.db);
    // Failures of one account from one address, alternating instances: the waits are shared.
    for (let i = 0; i < LOGIN_LIMITS.perPair.free; i++) {
      const app = i % 2 ? a : b;
      expect((await app.inject({ method: 'POST', url: '/app/login', payload: { email: user.email, password: 'bad' } })).statusCode).toBe(
        422,
      );
    }
    expect(
      (await a.inject({ method: 'POST', url: '/app/login', payload: { email: user.email, password: TEST_PASSWORD } })).statusCode,
    ).toBe(429);
    expect(
      (await b.inject({ method: 'POST', url: '/app/login', payload: { email: user.email, password: TEST_PASSWORD } })).statusCode,
    ).toBe(429);
  });

  it('share maintenance mode: switched on one, the other answers 503 within a second', async () => {
    const admin = await makeUser(shared.db, { role: 'admin' });
    const { token } = (
      await a.inject({ method: 'POST', url: '/app/login', payload: { email: admin.email, password: TEST_PASSWORD } })
    ).json();
    const auth = { authorization: `Bearer ${token}` };
    expect((await b.inject({ url: '/app/translations' })).statusCode).toBe(200);
    await a.inject({ method: 'PUT', url: '/app/admin/maintenance', headers: auth, payload: { maintenance: true } });
    await new Promise((r) => setTimeout(r, 1100));
    expect((await b.inject({ url: '/app/translations' })).statusCode).toBe(503);
    await b.inject({ method: 'PUT', url: '/app/admin/maintenance', headers: auth, payload: { maintenance: false } });
    await new Promise((r) => setTimeout(r, 1100));
    expect((await a.inject({ url: '/app/translations' })).statusCode).toBe(200);
  });
});
