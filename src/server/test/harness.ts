import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { connect, type Database } from '../db/client.js';
import { loadEnv, type Env } from '../env.js';
import type { App, Deps } from '../lib/context.js';
import { createMailer } from '../lib/mail.js';
import { TEMPLATE_DB, withDatabase } from './global-setup.js';
import type { JobDeps } from '../lib/jobs.js';
import { makeClient, signIns, type Client } from './client.js';

/**
 * A fresh database cloned from the migrated template, or with `empty` an unmigrated one (for the
 * migration tests themselves), or with `template` a copy of another test database (one with data
 * a file's tests each need fresh: made once, copied per test; it must have no open connection).
 */
export async function createTestDb(
  options: { empty?: boolean; template?: string } = {},
): Promise<Database & { url: string; name: string; drop(): Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${options.template ?? (options.empty ? 'template0' : TEMPLATE_DB)}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const database = connect(url, 30);
  return {
    ...database,
    url,
    name,
    async drop() {
      // Closed already when it served as another test database's template.
      if (!database.pool.ended) await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A movable clock for deadline and expiry tests. */
export function testClock(start = new Date()) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (d: Date) => {
      current = d.getTime();
    },
    advance: (ms: number) => {
      current += ms;
    },
  };
}

export interface TestContext {
  app: App;
  deps: Deps;
  /** What a scheduled job gets: the deps and the app's change bus. */
  jobDeps: JobDeps;
  db: Database['db'];
  clock: ReturnType<typeof testClock>;
  /**
   * A client signed in as `who`: a role (one user of that role per test app, signed in once), a user
   * row a factory made (signed in once), or what signedIn/customerAt answer (already signed in, so
   * the client comes at once). `const admin = await t.as('admin'); await admin.post(url, body)`.
   */
  as: ReturnType<typeof signIns>;
  /** A client with no session. */
  anon: Client;
  close(): Promise<void>;
}

/** The whole app on a fresh database, in memory (app.inject), no listening socket. */
export async function createTestApp(
  overrides: Partial<Env> = {},
  injected: Pick<Deps, 'pushServices' | 'streamSessionRecheckMs'> = {},
): Promise<TestContext> {
  const database = await createTestDb();
  const env = {
    ...loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS: 'false', PAYMENT_SECRET: 'test-payment-secret-0123456789' }),
    ...overrides,
  };
  const clock = testClock();
  const mailer = createMailer(database.db, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  const deps: Deps = { env, database, mailer, now: clock.now, ...injected };
  const app = await buildApp(deps, { serveWeb: false, logger: false });
  await app.ready();
  return {
    app,
    deps,
    jobDeps: { ...deps, changes: app.changes },
    db: database.db,
    clock,
    as: signIns(app, database.db, clock.now),
    anon: makeClient(app, null),
    async close() {
      await app.close();
      mailer.close();
      await database.drop();
    },
  };
}
