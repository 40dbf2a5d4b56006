import { Writable } from 'node:stream';
import { buildApp } from '../app.js';
import { loadEnv } from '../env.js';
import type { App } from '../lib/context.js';
import { createMailer } from '../lib/mail.js';
import { createTestDb } from './harness.js';

/**
 * The whole app logging at its most talkative level into captured lines, on a fresh database:
 * for tests that a secret (a link's token in a path) never reaches a log line (decisions 077, 079).
 */
export async function loggedApp(): Promise<{
  app: App;
  db: Awaited<ReturnType<typeof createTestDb>>['db'];
  lines: string[];
  close(): Promise<void>;
}> {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const testDb = await createTestDb();
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'trace', JOBS: 'false', PAYMENT_SECRET: 'test-payment-secret-0123456789' });
  const mailer = createMailer(testDb.db, { from: env.MAIL_FROM });
  const app = await buildApp({ env, database: testDb, mailer, now: () => new Date() }, { serveWeb: false, logStream: sink });
  await app.ready();
  return {
    app,
    db: testDb.db,
    lines,
    async close() {
      await app.close();
      mailer.close();
      await testDb.drop();
    },
  };
}

/** The "request completed" lines: one per request, naming its route pattern and status. */
export const completedRequests = (lines: string[]) =>
  lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request completed');
