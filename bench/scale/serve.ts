/**
 * Look at the big caterer as a person does: `npm run bench:scale:serve -- --scale 0.1 [--port 3900]`
 * starts the app (with its built web pages, `npm run build` first) on a generated preset and
 * prints four people to sign in as, with the password given by --password (default
 * demo-password): an administrator, a kitchen cook, a location manager and a customer of
 * location 1 with the whole history of orders. Today's menus are kept open. Stop it with Ctrl-C.
 * It changes only those four people's password hashes and the menus' closing times of today, so
 * the timed reads of `npm run bench:scale` still measure the same data afterwards (pending
 * migrations are applied first, as the timed reads do).
 */
import { parseArgs } from 'node:util';
import { inArray } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { runMigrations } from '../../src/server/db/migrate.js';
import { users } from '../../src/server/db/schema/index.js';
import { loadEnv } from '../../src/server/env.js';
import type { Deps } from '../../src/server/lib/context.js';
import { createMailer } from '../../src/server/lib/mail.js';
import { hashPassword } from '../../src/server/lib/passwords.js';
import { say } from '../support.js';
import { openScaleDb, readMeta } from './generate.js';
import { firstUserOf, kitchenIds, menuIdOf } from './shape.js';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '0.1' },
    port: { type: 'string', default: '3900' },
    password: { type: 'string', default: 'demo-password' },
  },
});

async function main(): Promise<void> {
  const scale = Number(args.scale);
  const meta = await readMeta(scale);
  if (!meta) throw new Error(`no preset at scale ${scale}: run npm run bench:scale -- --scale ${scale} --generate-only first`);
  const db = await openScaleDb(scale, 20);
  await runMigrations(db.database);
  const s = meta.shape;
  const people = { admin: 1, kitchen: kitchenIds(s)[0]!, manager: firstUserOf(s, 1), customer: firstUserOf(s, 1) + 5 };
  const hash = await hashPassword(args.password);
  const ids = Object.values(people);
  await db.database.db.update(users).set({ passwordHash: hash }).where(inArray(users.id, ids));
  await db.database.pool.query(`update menus set "to" = greatest("to", now() + interval '6 hours') where id > $1`, [
    menuIdOf(s, s.days - 1, 0),
  ]);
  const env = loadEnv({
    ...process.env,
    NODE_ENV: 'production',
    JOBS: 'false',
    DATABASE_URL: db.pg.url,
    SEED_DEMO: 'false',
    PORT: args.port,
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://127.0.0.1:${args.port}`,
  });
  const mailer = createMailer(db.database.db, { smtpUrl: undefined, from: env.MAIL_FROM });
  const deps: Deps = { env, database: db.database, mailer, now: () => new Date() };
  const app = await buildApp(deps, { logger: false });
  await app.listen({ port: Number(args.port), host: '127.0.0.1' });
  const rows = await db.database.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids));
  const emailOf = new Map(rows.map((r) => [r.id, r.email]));
  say(`The big caterer at scale ${scale} (${meta.rows.orders ?? '?'} orders) at ${env.PUBLIC_URL}; password: the one given`);
  for (const [who, id] of Object.entries(people)) say(`  ${who.padEnd(9)} ${emailOf.get(id)}`);
  say(`  today's big menu: /orders/${menuIdOf(s, s.days - 1, 1)} and /kds/${menuIdOf(s, s.days - 1, 1)}`);
  const stop = async () => {
    await app.close();
    mailer.close();
    await db.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
