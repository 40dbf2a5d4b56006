import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type pg from 'pg';
import copyStreams from 'pg-copy-streams';
import type { Database } from './client.js';
import { applyMigrations, MIGRATIONS_DIR, runMigrations } from './migrate.js';

/**
 * Backups written with the project's own code (decision 024): the embedded PostgreSQL ships no
 * pg_dump, and an older distribution pg_dump refuses a newer server. The schema comes from the
 * migrations (the backup records which were applied), the data from `COPY ... TO STDOUT` per table
 * in foreign-key order, all in one gzip stream:
 *
 *   {"format":"lunch-backup","version":1,...header}\n
 *   {"table":"providers","columns":[...]}\n  <COPY text rows>  \.\n   (once per table)
 *   {"end":true,"tables":N}\n
 *
 * COPY's text format escapes backslashes and newlines, so a row never reads `\.` and one line is
 * one row.
 */

/** Tables left out: sign-in sessions, rate-limit counters and one-time sign-in states are transient. */
export const TABLES_NOT_BACKED_UP = ['sessions', 'rate_limits', 'oidc_logins', 'oidc_exchange_codes'];

const FORMAT = 'lunch-backup';
const VERSION = 1;
const ADVISORY_LOCK = 727001; // the migrations' lock (migrate.ts): no instance migrates mid-restore

interface MigrationRecord {
  hash: string;
  createdAt: number;
}

interface Header {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  migrations: MigrationRecord[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
}

export interface BackupSummary {
  tables: { name: string; rows: number }[];
  migrations: number;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Public tables (minus the transient ones) with their copyable columns, parents before children. */
async function tablesInOrder(client: pg.PoolClient): Promise<{ name: string; columns: string[] }[]> {
  const cols = await client.query<{ table: string; column: string }>(
    `select c.relname as table, a.attname as column
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      order by c.relname, a.attnum`,
  );
  const columns = new Map<string, string[]>();
  for (const r of cols.rows) {
    if (TABLES_NOT_BACKED_UP.includes(r.table)) continue;
    columns.set(r.table, [...(columns.get(r.table) ?? []), r.column]);
  }
  const fks = await client.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent
       from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and c.relname <> p.relname`,
  );
  const parents = new Map<string, Set<string>>();
  for (const f of fks.rows) {
    if (!columns.has(f.child) || !columns.has(f.parent)) continue;
    parents.set(f.child, (parents.get(f.child) ?? new Set()).add(f.parent));
  }
  const ordered: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (t: string) => {
    if (state.get(t) === 'done') return;
    if (state.get(t) === 'visiting') throw new Error(`Foreign keys form a cycle through ${t}; the backup cannot order the tables`);
    state.set(t, 'visiting');
    for (const p of [...(parents.get(t) ?? [])].sort()) visit(p);
    state.set(t, 'done');
    ordered.push(t);
  };
  for (const t of [...columns.keys()].sort()) visit(t);
  return ordered.map((name) => ({ name, columns: columns.get(name)! }));
}

async function appliedMigrations(client: pg.PoolClient): Promise<MigrationRecord[] | null> {
  const exists = await client.query<{ t: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!exists.rows[0]!.t) return null;
  const res = await client.query<{ hash: string; created_at: string }>(
    'select hash, created_at from drizzle.__drizzle_migrations order by id',
  );
  return res.rows.map((r) => ({ hash: r.hash, createdAt: Number(r.created_at) }));
}

async function writeChunk(out: Writable, chunk: string | Buffer): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

/**
 * Writes a gzip-compressed backup of the database to `out` from one consistent snapshot
 * (a read-only repeatable-read transaction), then ends `out`.
 */
export async function writeBackup(database: Database, out: Writable): Promise<BackupSummary> {
  const client = await database.pool.connect();
  const gzip = createGzip({ level: 6 });
  const done = pipeline(gzip, out);
  const summary: BackupSummary = { tables: [], migrations: 0 };
  try {
    await client.query('begin isolation level repeatable read read only');
    const migrations = await appliedMigrations(client);
    if (!migrations?.length) throw new Error('The database has no migrations applied: nothing to back up');
    const seqs = await client.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
    );
    const sequences: Header['sequences'] = [];
    for (const s of seqs.rows) {
      const v = await client.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text, is_called from public.${quoteIdent(s.name)}`,
      );
      sequences.push({ name: s.name, lastValue: v.rows[0]!.last_value, isCalled: v.rows[0]!.is_called });
    }
    const header: Header = { format: FORMAT, version: VERSION, createdAt: new Date().toISOString(), migrations, sequences };
    await writeChunk(gzip, `${JSON.stringify(header)}\n`);
    summary.migrations = migrations.length;
    for (const table of await tablesInOrder(client)) {
      await writeChunk(gzip, `${JSON.stringify({ table: table.name, columns: table.columns })}\n`);
      const list = table.columns.map(quoteIdent).join(', ');
      const copy = client.query(copyStreams.to(`copy public.${quoteIdent(table.name)} (${list}) to stdout`));
      let rows = 0;
      for await (const chunk of copy as AsyncIterable<Buffer>) {
        for (const byte of chunk) if (byte === 10) rows += 1;
        await writeChunk(gzip, chunk);
      }
      await writeChunk(gzip, '\\.\n');
      summary.tables.push({ name: table.name, rows });
    }
    await writeChunk(gzip, `${JSON.stringify({ end: true, tables: summary.tables.length })}\n`);
    await client.query('commit');
    gzip.end();
    await done;
    return summary;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    gzip.destroy(err instanceof Error ? err : new Error(String(err)));
    await done.catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** The migration files' hashes as drizzle computes them (sha256 of each file). */
async function localMigrations(): Promise<{ tag: string; hash: string }[]> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  return Promise.all(
    journal.entries.map(async (e) => ({
      tag: e.tag,
      hash: createHash('sha256')
        .update(await readFile(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), 'utf8'))
        .digest('hex'),
    })),
  );
}

/** Applies only the first `count` migrations (the schema the backup was written from). */
async function migrateTo(client: pg.PoolClient, count: number): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lunch-restore-'));
  try {
    await cp(MIGRATIONS_DIR, dir, { recursive: true });
    const journalPath = path.join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: unknown[] };
    journal.entries = journal.entries.slice(0, count);
    await writeFile(journalPath, JSON.stringify(journal));
    await applyMigrations(client, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Refuses anything but an empty database: a restore never mixes with existing data. */
async function assertEmpty(client: pg.PoolClient): Promise<void> {
  const res = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p')`,
  );
  if (res.rows[0]!.n > 0) throw new Error('The target database is not empty (it has tables); restore only into an empty database');
}

/**
 * Restores a backup written by writeBackup into an empty database: migrates it to the backup's
 * migration, copies every table in, sets the sequences, then applies any newer migrations.
 */
export async function restoreBackup(database: Database, input: NodeJS.ReadableStream): Promise<BackupSummary> {
  const lines = createInterface({ input: input.pipe(createGunzip()), crlfDelay: Infinity })[Symbol.asyncIterator]();
  const next = async (): Promise<string> => {
    const r = await lines.next();
    if (r.done) throw new Error('The backup file ends early (truncated?)');
    return r.value as string;
  };
  const header = JSON.parse(await next()) as Header;
  if (header.format !== FORMAT || header.version !== VERSION)
    throw new Error('Not a backup file of this application (or of a newer format)');
  const local = await localMigrations();
  header.migrations.forEach((m, i) => {
    if (local[i]?.hash !== m.hash) {
      throw new Error(
        `The backup was written by another version of the application: its migration ${i + 1} is not this version's (${local[i]?.tag ?? 'missing'})`,
      );
    }
  });

  const client = await database.pool.connect();
  const summary: BackupSummary = { tables: [], migrations: header.migrations.length };
  try {
    await client.query(`select pg_advisory_lock(${ADVISORY_LOCK})`);
    await assertEmpty(client);
    await migrateTo(client, header.migrations.length);
    await client.query('begin');
    for (;;) {
      const meta = JSON.parse(await next()) as { table?: string; columns?: string[]; end?: boolean; tables?: number };
      if (meta.end) {
        if (meta.tables !== summary.tables.length) throw new Error('The backup file is inconsistent (table count)');
        break;
      }
      const list = meta.columns!.map(quoteIdent).join(', ');
      let rows = 0;
      // Rows batched into ~64 KB writes; the section ends at the `\.` line.
      async function* section() {
        let batch = '';
        for (;;) {
          const line = await next();
          if (line === '\\.') break;
          rows += 1;
          batch += `${line}\n`;
          if (batch.length > 65536) {
            yield batch;
            batch = '';
          }
        }
        if (batch) yield batch;
      }
      // Rows the migrations themselves wrote (reference data such as the 14 allergens) are in the
      // backup too: the backup's rows replace them.
      await client.query(`delete from public.${quoteIdent(meta.table!)}`);
      await pipeline(
        Readable.from(section()),
        client.query(copyStreams.from(`copy public.${quoteIdent(meta.table!)} (${list}) from stdin`)),
      );
      summary.tables.push({ name: meta.table!, rows });
    }
    for (const s of header.sequences) {
      await client.query(`select setval('public.${quoteIdent(s.name).replaceAll("'", "''")}', $1::bigint, $2)`, [s.lastValue, s.isCalled]);
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.query(`select pg_advisory_unlock(${ADVISORY_LOCK})`).catch(() => undefined);
    client.release();
  }
  // Newer migrations of this version (they may transform data, so they run after the copy).
  await runMigrations(database);
  return summary;
}

/** File name for a backup written now: lunch-2025-06-01T12-30-00Z.backup.gz */
export function backupFileName(now = new Date()): string {
  return `lunch-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}.backup.gz`;
}
