import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { connect } from '../db/client.js';
import { loadEnv } from '../env.js';
import { createTestDb } from '../test/harness.js';
import type { Deps } from './context.js';
import { createMailer } from './mail.js';
import { gracefulShutdown } from './shutdown.js';

/** A plain GET on a new connection: the status, or the socket error's code. */
function get(port: number, path: string): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
  });
}

let testDb: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  // The test's own pools were closed by the shutdown; the harness one is closed by drop().
  await testDb.drop();
});

async function listeningApp(slowMs: number) {
  const database = connect(testDb.url, 4);
  const env = { ...loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS: 'false', PAYMENT_SECRET: 'test-payment-secret-0123456789' }) };
  const mailer = createMailer(database.db, { from: env.MAIL_FROM });
  const deps: Deps = { env, database, mailer, now: () => new Date() };
  const app = await buildApp(deps, { serveWeb: false, logger: false });
  let started!: () => void;
  const inFlight = new Promise<void>((r) => (started = r));
  // A slow call that uses the database at its end, as a real one does.
  app.get('/slow-for-test', { schema: { hide: true } }, async () => {
    started();
    await new Promise((r) => setTimeout(r, slowMs));
    const { rows } = await database.pool.query<{ one: number }>('select 1 as one');
    return { one: rows[0]!.one };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, database, port: (app.server.address() as AddressInfo).port, inFlight };
}

describe('graceful shutdown', () => {
  it('stops taking connections, answers /ready 503, finishes the request in flight, then closes the pool', async () => {
    const { app, database, port, inFlight } = await listeningApp(600);
    expect(await get(port, '/ready')).toMatchObject({ status: 200 });
    const slow = get(port, '/slow-for-test');
    await inFlight;
    const stopping = gracefulShutdown({ app, runner: null, database, timeoutMs: 10_000 });
    expect(app.lifecycle.shuttingDown).toBe(true);
    // A new connection is refused (or, caught while the socket closes, dropped unserved as idle),
    // or if its request got in, told the instance is not ready.
    const probe = await get(port, '/ready');
    if ('status' in probe) expect(probe.status).toBe(503);
    else expect(['ECONNREFUSED', 'ECONNRESET']).toContain(probe.error);
    expect(database.pool.ended).toBe(false);
    // The request in flight completes, with the database still there.
    expect(await slow).toEqual({ status: 200, body: '{"one":1}' });
    expect(await stopping).toEqual({ forced: false });
    expect(database.pool.ended).toBe(true);
    expect(await get(port, '/health')).toEqual({ error: 'ECONNREFUSED' });
  });

  it('cuts requests still running after the time limit and still closes the pool', async () => {
    const { app, database, port, inFlight } = await listeningApp(5_000);
    const slow = get(port, '/slow-for-test');
    await inFlight;
    const began = Date.now();
    expect(await gracefulShutdown({ app, runner: null, database, timeoutMs: 200 })).toEqual({ forced: true });
    expect(Date.now() - began).toBeLessThan(3_000);
    expect(await slow).toEqual({ error: 'ECONNRESET' });
    expect(database.pool.ended).toBe(true);
  });
});
