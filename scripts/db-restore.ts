/**
 * Restores a backup into an EMPTY database: `npm run db:restore -- FILE`.
 * Uses DATABASE_URL, or the embedded PostgreSQL (a fresh ./data/postgres is made when absent).
 * docs/operations.md says how: stop the app, give it an empty database, restore, start.
 */
import { createReadStream, existsSync } from 'node:fs';
import { restoreBackup } from '../src/server/db/backup.js';
import { connect, type Database } from '../src/server/db/client.js';
import { databaseUrlForTool, type EmbeddedServer } from '../src/server/db/embedded.js';
import { loadEnv } from '../src/server/env.js';

async function main(): Promise<number> {
  const env = loadEnv();
  const file = process.argv[2];
  if (!file || !existsSync(file)) {
    console.error('Usage: npm run db:restore -- FILE   (a file written by npm run db:backup)');
    return 2;
  }
  let embedded: EmbeddedServer | null = null;
  let database: Database | null = null;
  try {
    embedded = await databaseUrlForTool(env);
    database = connect(embedded.url, 2);
    const summary = await restoreBackup(database, createReadStream(file));
    const rows = summary.tables.reduce((n, t) => n + t.rows, 0);
    console.log(
      `Restored ${file}: ${summary.tables.length} tables, ${rows} rows (sign-in sessions are not in backups: everyone signs in again).`,
    );
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
