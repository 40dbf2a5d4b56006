import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDb } from '../test/harness.js';
import { connect } from './client.js';
import { runMigrations } from './migrate.js';

describe('runMigrations', () => {
  it('works on a pool of one connection (command-line tools use one) and is idempotent', async () => {
    const db = await createTestDb();
    const single = connect(db.url, 1);
    try {
      await runMigrations(single);
      await runMigrations(single);
      const res = await single.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(res.rows[0]!.n).toBeGreaterThanOrEqual(1);
    } finally {
      await single.close();
      await db.drop();
    }
  });

  it('lets several instances migrate at once', async () => {
    const db = await createTestDb();
    const pools = [connect(db.url, 2), connect(db.url, 2), connect(db.url, 2)];
    try {
      await Promise.all(pools.map((p) => runMigrations(p)));
    } finally {
      for (const p of pools) await p.close();
      await db.drop();
    }
  });
});
