import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadEnv } from '../../env.js';
import type { App } from '../../lib/context.js';
import { createMailer } from '../../lib/mail.js';
import { makeClient } from '../../test/client.js';
import { createTestDb } from '../../test/harness.js';
import { visitorWorld } from './visitors.factories.js';

/*
 * A visitor link's token is its only key, and the public routes take it in the path: no log line
 * may hold it. An app of its own, logging at the most talkative level into a captured stream.
 */
const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

let testDb: Awaited<ReturnType<typeof createTestDb>>;
let app: App;
beforeAll(async () => {
  testDb = await createTestDb();
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'trace', JOBS: 'false', PAYMENT_SECRET: 'test-payment-secret-0123456789' });
  const mailer = createMailer(testDb.db, { from: env.MAIL_FROM });
  app = await buildApp({ env, database: testDb, mailer, now: () => new Date() }, { serveWeb: false, logStream: sink });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

it("never writes a visitor link's token to the log, whatever path or answer it comes with", async () => {
  const w = await visitorWorld(testDb.db, new Date());
  const host = makeClient(app, w.manager.token, w.manager.user);
  const anon = makeClient(app, null);
  const created = await host.post('/app/visitor-links', { menu_id: w.menu.id, guest_name: 'Ieva' });
  expect(created.statusCode).toBe(201);
  const token = /\/visit\/([A-Za-z0-9_-]+)$/.exec(created.json<{ url: string }>().url)![1]!;

  expect((await anon.get(`/app/visit/${token}`)).statusCode).toBe(200);
  // A refused pick (a dish not on the menu), a pick, a second pick, and paths no route matches.
  expect((await anon.post(`/app/visit/${token}/order`, { items: [{ id: 2147483000 }] })).statusCode).toBe(422);
  await anon.post(`/app/visit/${token}/order`, { items: [{ id: w.soup.id }] });
  await anon.post(`/app/visit/${token}/order`, { items: [{ id: w.soup.id }] });
  expect((await anon.get(`/app/visit/${token}/nothing-here`)).statusCode).toBe(404);
  expect((await anon.get(`/app/visit/${token}?lang=en`)).statusCode).toBeGreaterThanOrEqual(200);
  await anon.post(`/app/visit/${token}/order`, 'not json', { headers: { 'content-type': 'application/json' } });
  expect((await host.get('/app/visitor-links')).statusCode).toBe(200);

  const all = lines.join('\n');
  expect(all.includes(token), 'the token is in the log').toBe(false);
  // The capture works: the public routes' lines are there, by their pattern.
  const done = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request completed');
  expect(done).toContainEqual(expect.objectContaining({ route: '/app/visit/:token', status: 200 }));
  expect(done).toContainEqual(expect.objectContaining({ route: '/app/visit/:token/order', status: 422 }));
});
