import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Database } from './client.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const MIGRATIONS_DIR = path.join(here, 'migrations');

/**
 * A migration that builds or drops an index CONCURRENTLY (decision 050): PostgreSQL refuses that
 * inside a transaction, and a plain CREATE INDEX would lock a big table against writes while it
 * builds. Such a migration holds only such statements.
 */
export const isOnline = (m: MigrationMeta) => m.sql.some((s) => /\bconcurrently\b/i.test(s));

/**
 * Applies pending migrations; an advisory lock lets many instances start at once. The migrations
 * run on the very connection that holds the lock (so a pool of one connection works too).
 * Drizzle applies a run of ordinary migrations in one transaction; an online migration (isOnline)
 * runs statement by statement outside any transaction, then is recorded as applied in drizzle's
 * table like the others. An index a crashed build left INVALID is dropped and built again.
 */
export async function runMigrations(database: Database, folder = MIGRATIONS_DIR): Promise<void> {
  const client = await database.pool.connect();
  try {
    await lock(client);
    await applyMigrations(client, folder);
  } finally {
    await client.query('select pg_advisory_unlock(727001)').catch(() => undefined);
    client.release();
  }
}

/**
 * Applies the pending migrations of `folder` on `client`, whose session holds the migrations'
 * lock (runMigrations, or a restore: backup.ts): runs of ordinary migrations in one transaction,
 * online ones (isOnline) statement by statement outside any.
 */
export async function applyMigrations(client: pg.PoolClient, folder = MIGRATIONS_DIR): Promise<void> {
  const all = readMigrationFiles({ migrationsFolder: folder });
  // drizzle's node-postgres migrator does the same with the database's (internal) dialect.
  const session = drizzle(client)._.session as unknown as Parameters<PgDialect['migrate']>[1];
  const dialect = new PgDialect();
  let run: MigrationMeta[] = [];
  const flush = async () => {
    // The dialect's own migrate: skips what is applied, applies the rest in one transaction.
    if (run.length) await dialect.migrate(run, session, { migrationsFolder: folder });
    run = [];
  };
  for (const m of all) {
    if (!isOnline(m)) {
      run.push(m);
      continue;
    }
    await flush();
    if ((await lastApplied(client)) < m.folderMillis) await applyOnline(client, m);
  }
  await flush();
}

/**
 * Takes the migrations' advisory lock by trying every 100 ms rather than waiting inside a
 * statement: a session waiting in pg_advisory_lock holds a snapshot, and CREATE INDEX
 * CONCURRENTLY in the session holding the lock waits for every older snapshot to go: a deadlock
 * when several instances start at once.
 */
async function lock(client: pg.PoolClient): Promise<void> {
  for (;;) {
    const res = await client.query<{ ok: boolean }>('select pg_try_advisory_lock(727001) as ok');
    if (res.rows[0]!.ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** When the newest applied migration was created (drizzle's order), 0 when none is. */
async function lastApplied(client: pg.PoolClient): Promise<number> {
  await client.query('create schema if not exists drizzle');
  await client.query(
    'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
  );
  const res = await client.query<{ at: string | null }>('select max(created_at)::text as at from drizzle.__drizzle_migrations');
  return Number(res.rows[0]!.at ?? 0);
}

async function applyOnline(client: pg.PoolClient, m: MigrationMeta): Promise<void> {
  const text = m.sql.join('\n');
  const invalid = await client.query<{ name: string }>(
    `select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
     join pg_namespace n on n.oid = c.relnamespace where not i.indisvalid and n.nspname = 'public'`,
  );
  for (const { name } of invalid.rows) if (text.includes(`"${name}"`)) await client.query(`drop index concurrently if exists "${name}"`);
  for (const stmt of m.sql) if (stmt.trim()) await client.query(stmt);
  await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [m.hash, m.folderMillis]);
}
