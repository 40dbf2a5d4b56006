import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadEnv } from '../env.js';
import type { App } from '../lib/context.js';
import { createMailer } from '../lib/mail.js';
import { makeClient } from '../test/client.js';
import { makeProvider, makeUser, TEST_PASSWORD } from '../test/factories.js';
import { connect, type Database } from './client.js';
import { freePort, startEmbedded, type EmbeddedServer } from './embedded.js';
import { runMigrations } from './migrate.js';

/*
 * The database goes away under a running app (its own embedded server here, stopped and started
 * again): calls answer 503 with Retry-After and a body that says the database is unavailable
 * (not maintenance), and the app serves again by itself once the database is back.
 */

let dir: string;
let port: number;
let server: EmbeddedServer;
let database: Database;
let app: App;
let menusUrl: string;
let email: string;

const start = () => startEmbedded({ dataDir: path.join(dir, 'pg'), port, database: 'lunch', ephemeral: false });

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'lunch-unreachable-'));
  const { chmod } = await import('node:fs/promises');
  await chmod(dir, 0o755);
  port = await freePort();
  server = await start();
  database = connect(server.url, 4);
  await runMigrations(database);
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS: 'false', PAYMENT_SECRET: 'test-payment-secret-0123456789' });
  const mailer = createMailer(database.db, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  app = await buildApp({ env, database, mailer, now: () => new Date() }, { serveWeb: false, logger: false });
  await app.ready();
  const p = await makeProvider(database.db);
  email = (await makeUser(database.db, { role: 'admin' })).email;
  menusUrl = `/app/dishlists?provider_id=${p.id}&lang=en`;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close().catch(() => undefined);
  await server?.stop().catch(() => undefined);
  if (dir) await rm(dir, { recursive: true, force: true });
}, 60_000);

async function login() {
  return makeClient(app, null).post('/app/login?lang=en', { email, password: TEST_PASSWORD });
}

describe('when the database goes away', () => {
  it('answers 503 with Retry-After while it is down and recovers by itself when it is back', async () => {
    const first = await login();
    expect(first.statusCode, first.body).toBe(200);
    const signedIn = makeClient(app, first.json().token as string);
    expect((await signedIn.get(menusUrl)).statusCode).toBe(200);

    await server.stop();
    for (const res of [await signedIn.get(menusUrl), await login(), await signedIn.get(menusUrl)]) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        message: 'The service is temporarily unavailable. Please try again in a moment.',
        errors: {},
        unavailable: 'database',
      });
    }

    server = await start();
    const back = await signedIn.get(menusUrl);
    expect(back.statusCode, back.body).toBe(200);
    expect((await login()).statusCode).toBe(200);
  }, 90_000);
});
