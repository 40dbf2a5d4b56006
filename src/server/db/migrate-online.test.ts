import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../test/harness.js';
import { MIGRATIONS_DIR, runMigrations } from './migrate.js';

type TestDb = Awaited<ReturnType<typeof createTestDb>>;

/** A copy of the migrations with one more, `sql`, at the end (as the next migration would be). */
function migrationsWith(sql: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lunch-migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };
  const last = journal.entries.at(-1)!;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: '9999_index_test' });
  writeFileSync(journalFile, JSON.stringify(journal));
  writeFileSync(path.join(dir, '9999_index_test.sql'), sql);
  return dir;
}

const CONCURRENT = 'CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_test_created_idx" ON "orders" USING btree ("created_at");';
const PLAIN = 'CREATE INDEX IF NOT EXISTS "orders_test_created_idx" ON "orders" USING btree ("created_at");';

/**
 * Generated data: a menu with 50,000 orders (one statement, generate_series), written once into a
 * database each test gets a fresh copy of. A transaction that wrote an order and is still open
 * makes the index build wait in its first phase, so the test can write while the build is surely
 * under way, whatever the machine's speed.
 */
describe('an index migration on a big table (decision 050)', { timeout: 60_000 }, () => {
  let seeded: TestDb;
  let db: TestDb;
  let dirs: string[] = [];
  const clients: pg.Client[] = [];
  const client = async () => {
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    seeded = await createTestDb();
    await seeded.pool.query(`
      with p as (insert into providers (title) values ('P') returning id),
        l as (insert into locations (title, token) values ('L', 'tok-online') returning id),
        u as (insert into users (email, location_id) select 'u@x.lv', id from l returning id, location_id),
        m as (insert into menus (provider_id, title, "from", "to", status) select id, 'M', now(), now() + interval '1 day', true from p returning id)
      insert into orders (menu_id, user_id, location_id, payment_type, amount_cents, amount_to_pay_cents, status)
      select m.id, u.id, u.location_id, 'cash', 500, 500, 2 from m, u, generate_series(1, 50000)`);
    // Copied per test (decision 094): a database being copied may have no open connection.
    await seeded.close();
  });
  afterAll(async () => {
    await seeded.drop();
  });
  beforeEach(async () => {
    db = await createTestDb({ template: seeded.name });
    expect((await db.pool.query(`select count(*)::int as n from orders`)).rows[0].n).toBe(50_000);
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) await c.end().catch(() => undefined);
    await db.drop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    dirs = [];
  });

  /** Starts the migration with an open writing transaction in the way; answers once the build waits. */
  async function startBuild(sql: string) {
    const dir = migrationsWith(sql);
    dirs.push(dir);
    const holder = await client();
    await holder.query('begin');
    await holder.query(`update orders set comment = 'held' where id = (select min(id) from orders)`);
    const migration = runMigrations(db, dir).then(() => 'done' as const);
    const watcher = await client();
    // Up to 30 s: on a loaded machine the runner may take seconds to reach the statement.
    for (let i = 0; i < 600; i++) {
      const waiting = await watcher.query(
        `select 1 from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%orders_test_created_idx%'`,
      );
      if (waiting.rowCount) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    return { holder, migration };
  }

  /** An order placed by a third connection; fails after 2 s of waiting for a lock. */
  async function placeOrder(): Promise<'written' | 'blocked'> {
    const writer = await client();
    await writer.query(`set lock_timeout = '2s'`);
    try {
      await writer.query(
        `insert into orders (menu_id, user_id, location_id, payment_type, amount_cents, amount_to_pay_cents, status)
         select menu_id, user_id, location_id, 'cash', 700, 700, 2 from orders limit 1`,
      );
      return 'written';
    } catch (err) {
      if ((err as { code?: string }).code === '55P03') return 'blocked';
      throw err;
    }
  }

  it('built CONCURRENTLY outside a transaction: an order is written while the index builds, then the index is valid', async () => {
    const { holder, migration } = await startBuild(CONCURRENT);
    const building = await db.pool.query(`select phase from pg_stat_progress_create_index`);
    expect(building.rows.length).toBe(1);
    expect(await placeOrder()).toBe('written');
    expect(await Promise.race([migration, new Promise((r) => setTimeout(() => r('pending'), 100))])).toBe('pending');
    await holder.query('commit');
    expect(await migration).toBe('done');
    const index = await db.pool.query(
      `select i.indisvalid from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = 'orders_test_created_idx'`,
    );
    expect(index.rows).toEqual([{ indisvalid: true }]);
    const applied = await db.pool.query(`select count(*)::int as n from drizzle.__drizzle_migrations`);
    // Applied once: a second run finds nothing to do.
    await runMigrations(db, dirs[0]);
    expect((await db.pool.query(`select count(*)::int as n from drizzle.__drizzle_migrations`)).rows[0].n).toBe(applied.rows[0].n);
  });

  it('a plain CREATE INDEX (what drizzle would run) locks the table against that order', async () => {
    const { holder, migration } = await startBuild(PLAIN);
    expect(await placeOrder()).toBe('blocked');
    await holder.query('commit');
    expect(await migration).toBe('done');
  });

  it('an index a crashed build left invalid is dropped and built again', async () => {
    const dir = migrationsWith(CONCURRENT);
    dirs.push(dir);
    // A build that failed half-way leaves an INVALID index behind (here: a unique one that cannot hold).
    await db.pool.query(`create unique index concurrently "orders_test_created_idx" on orders (menu_id)`).catch(() => undefined);
    const before = await db.pool.query(
      `select i.indisvalid from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = 'orders_test_created_idx'`,
    );
    expect(before.rows).toEqual([{ indisvalid: false }]);
    await runMigrations(db, dir);
    const after = await db.pool.query(
      `select i.indisvalid, pg_get_indexdef(i.indexrelid) as def from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = 'orders_test_created_idx'`,
    );
    expect(after.rows[0]).toMatchObject({ indisvalid: true });
    expect(after.rows[0].def).toContain('(created_at)');
  });
});
