import { buildApp } from './app.js';
import { connect } from './db/client.js';
import { startEmbedded, type EmbeddedServer } from './db/embedded.js';
import { runMigrations } from './db/migrate.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, seedDemo } from './db/seed/demo.js';
import { loadEnv } from './env.js';
import type { App, Deps } from './lib/context.js';
import { startJobs, type JobRunner } from './lib/jobs.js';
import { gracefulShutdown } from './lib/shutdown.js';
import { storedPaymentSecret } from './lib/settings.js';
import { createMailer } from './lib/mail.js';
import { jobs } from './modules/jobs.js';

const say = (m: string) => process.stdout.write(`${m}\n`);

async function main() {
  const started = Date.now();
  const env = loadEnv();
  for (const w of env.warnings) process.stderr.write(`Warning: ${w}\n`);
  let embedded: EmbeddedServer | null = null;
  let url = env.DATABASE_URL;
  if (!url) {
    say(`Starting the embedded PostgreSQL (data in ${env.DATA_DIR}) ...`);
    embedded = await startEmbedded({ dataDir: env.DATA_DIR, port: env.EMBEDDED_PG_PORT, ephemeral: env.EMBEDDED_PG_THROWAWAY });
    url = embedded.url;
  }
  const database = connect(url, env.DATABASE_POOL_SIZE);
  let runner: JobRunner | null = null;
  let app: App | null = null;
  let closing = false;
  const shutdown = async (code: number) => {
    if (closing) return;
    closing = true;
    say('Stopping: finishing the requests in flight ...');
    const { forced } = await gracefulShutdown({ app, runner, database, timeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000 });
    if (forced) say(`Requests still running after ${env.SHUTDOWN_TIMEOUT_SECONDS} s were cut off.`);
    await embedded?.stop().catch(() => undefined);
    process.exit(code);
  };
  process.once('SIGINT', () => void shutdown(0));
  process.once('SIGTERM', () => void shutdown(0));

  await runMigrations(database);
  let seeded = false;
  if (embedded && env.SEED_DEMO && (await isDatabaseEmpty(database.db))) {
    await seedDemo(database.db, new Date(), { minOpenMinutes: env.DEMO_MIN_OPEN_MINUTES });
    seeded = true;
  }
  if (!env.PAYMENT_SECRET) env.PAYMENT_SECRET = await storedPaymentSecret(database.db);
  const mailer = createMailer(database.db, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  const deps: Deps = { env, database, mailer, now: () => new Date() };
  const server = await buildApp(deps);
  app = server;
  // Jobs publish what they change (expired orders, refunds) on this instance's bus.
  if (env.JOBS) runner = await startJobs({ ...deps, changes: server.changes }, url, jobs, (m) => closing || server.log.warn(m));
  await server.listen({ port: env.PORT, host: env.HOST });

  const shown = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  say(`\nLunch service is serving on http://${shown}:${env.PORT} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (embedded) {
    say(seeded ? 'Demo data was seeded into the new database.' : 'Using the existing database.');
    say(`Demo accounts (password: ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) say(`  ${a.email.padEnd(18)} ${a.note}`);
  }
  say('Press Ctrl-C to stop.');
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
