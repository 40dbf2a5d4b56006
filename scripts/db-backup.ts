/**
 * Writes a compressed backup: `npm run db:backup [-- FILE_OR_FOLDER]` (default folder ./backups).
 * Uses DATABASE_URL, or the embedded PostgreSQL (the running app's, or started for this run).
 * The file name carries the date and time (UTC): lunch-2025-06-01T12-30-00Z.backup.gz
 */
import { createWriteStream, existsSync, statSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { backupFileName, writeBackup } from '../src/server/db/backup.js';
import { connect, type Database } from '../src/server/db/client.js';
import { databaseUrlForTool, type EmbeddedServer } from '../src/server/db/embedded.js';
import { loadEnv } from '../src/server/env.js';

async function main(): Promise<number> {
  const env = loadEnv();
  const target = process.argv[2] ?? './backups';
  const isFolder = !target.endsWith('.gz') || (existsSync(target) && statSync(target).isDirectory());
  const file = path.resolve(isFolder ? path.join(target, backupFileName()) : target);
  await mkdir(path.dirname(file), { recursive: true });
  let embedded: EmbeddedServer | null = null;
  let database: Database | null = null;
  // Written under a temporary name and renamed when complete, so a half-written file never
  // looks like a backup.
  const partial = `${file}.partial`;
  try {
    embedded = await databaseUrlForTool(env);
    database = connect(embedded.url, 2);
    const summary = await writeBackup(database, createWriteStream(partial, { mode: 0o600 }));
    await rename(partial, file);
    const rows = summary.tables.reduce((n, t) => n + t.rows, 0);
    console.log(`Backup written: ${file} (${summary.tables.length} tables, ${rows} rows, ${(statSync(file).size / 1024).toFixed(0)} KB)`);
    return 0;
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
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
