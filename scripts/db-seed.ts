/**
 * Seeds the demo data: `tsx scripts/db-seed.ts`.
 * Uses DATABASE_URL, or the embedded PostgreSQL (the running app's, or started for this run). Applies migrations
 * first, and seeds only an empty database (no users and no providers).
 */
import { connect, type Database } from '../src/server/db/client.js';
import { databaseUrlForTool, type EmbeddedServer } from '../src/server/db/embedded.js';
import { runMigrations } from '../src/server/db/migrate.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, seedDemo } from '../src/server/db/seed/demo.js';
import { loadEnv } from '../src/server/env.js';

async function main(): Promise<number> {
  const env = loadEnv();
  let embedded: EmbeddedServer | null = null;
  let database: Database | null = null;
  try {
    // DATABASE_URL; else the embedded server a running app started; else one started for this run.
    embedded = await databaseUrlForTool(env);
    database = connect(embedded.url, 2);
    await runMigrations(database);
    if (!(await isDatabaseEmpty(database.db))) {
      console.log('The database already has data (users or providers); demo data was not seeded.');
      return 0;
    }
    await seedDemo(database.db);
    console.log('Demo data seeded. Sign in with:');
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.email.padEnd(18)} ${a.role.padEnd(9)} ${a.note}`);
    console.log(`Password for every account: ${DEMO_PASSWORD}`);
    return 0;
  } finally {
    await database?.close();
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
