import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDb } from '../test/harness.js';
import { connect, type Database } from './client.js';
import { MIGRATIONS_DIR, runMigrations } from './migrate.js';

const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };

async function appliedMigrations(database: Database): Promise<number | null> {
  const exists = await database.db.execute<{ t: string | null }>(sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!exists.rows[0]!.t) return null;
  const res = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return res.rows[0]!.n;
}

async function tables(database: Database): Promise<number> {
  const res = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
  );
  return res.rows[0]!.n;
}

// Both tests start from an empty database (not the migrated template the other tests clone),
// so they exercise the migrations themselves.
describe('runMigrations', () => {
  it('works on a pool of one connection (command-line tools use one) and is idempotent', async () => {
    const db = await createTestDb({ empty: true });
    const single = connect(db.url, 1);
    try {
      expect(await appliedMigrations(single)).toBeNull();
      await runMigrations(single);
      await runMigrations(single);
      expect(await appliedMigrations(single)).toBe(journal.entries.length);
      expect(await tables(single)).toBeGreaterThan(10);
    } finally {
      await single.close();
      await db.drop();
    }
  });

  it('lets several instances migrate an empty database at once, each migration applied once', async () => {
    const db = await createTestDb({ empty: true });
    const pools = [connect(db.url, 2), connect(db.url, 2), connect(db.url, 2)];
    try {
      expect(await appliedMigrations(pools[0]!)).toBeNull();
      await Promise.all(pools.map((p) => runMigrations(p)));
      expect(await appliedMigrations(pools[0]!)).toBe(journal.entries.length);
      expect(await tables(pools[0]!)).toBeGreaterThan(10);
    } finally {
      for (const p of pools) await p.close();
      await db.drop();
    }
  });
});
