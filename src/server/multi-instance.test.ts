import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { connect } from './db/client.js';
import { loadEnv } from './env.js';
import type { App } from './lib/context.js';
import { createMailer } from './lib/mail.js';
import { LOGIN_LIMITS } from './modules/auth/auth.service.js';
import { makeClient } from './test/client.js';
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
    const { token } = (await makeClient(a, null).post('/app/login', { email: user.email, password: TEST_PASSWORD })).json();
    expect((await makeClient(b, token).get('/app/me')).json().id).toBe(user.id);
    expect((await makeClient(b, token).post('/app/logout')).statusCode).toBe(200);
    expect((await makeClient(a, token).get('/app/me')).statusCode).toBe(401);
  });

  it('share login rate limits', async () => {
    const user = await makeUser(shared.db);
    // Failures of one account from one address, alternating instances: the waits are shared.
    for (let i = 0; i < LOGIN_LIMITS.perPair.free; i++) {
      const app = i % 2 ? a : b;
      expect((await makeClient(app, null).post('/app/login', { email: user.email, password: 'bad' })).statusCode).toBe(422);
    }
    expect((await makeClient(a, null).post('/app/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(429);
    expect((await makeClient(b, null).post('/app/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(429);
  });

  it('share maintenance mode: switched on one, the other answers 503 within a second', async () => {
    const admin = await makeUser(shared.db, { role: 'admin' });
    const { token } = (await makeClient(a, null).post('/app/login', { email: admin.email, password: TEST_PASSWORD })).json();
    expect((await makeClient(b, null).get('/app/translations')).statusCode).toBe(200);
    await makeClient(a, token).put('/app/admin/maintenance', { maintenance: true });
    await new Promise((r) => setTimeout(r, 1100));
    expect((await makeClient(b, null).get('/app/translations')).statusCode).toBe(503);
    await makeClient(b, token).put('/app/admin/maintenance', { maintenance: false });
    await new Promise((r) => setTimeout(r, 1100));
    expect((await makeClient(a, null).get('/app/translations')).statusCode).toBe(200);
  });
});
