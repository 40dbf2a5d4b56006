/**
 * Generates the big caterer into a persistent embedded PostgreSQL under data/scale in the project (or
 * SCALE_DATA_DIR): migrations, then the standing data, then each working day with COPY, then
 * the month's invoices, the sequences and ANALYZE. Writes meta.json beside the data (shape,
 * today, row counts, how long it took). Deterministic for one seed and one "today".
 */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { connect, type Database } from '../../src/server/db/client.js';
import { freePort, startEmbedded, type EmbeddedServer } from '../../src/server/db/embedded.js';
import { runMigrations } from '../../src/server/db/migrate.js';
import { CopyTable, resetSequences } from './copy.js';
import { writeDay } from './days.js';
import { dayTables, flushDay, newIds, type Billing } from './tables.js';
import { writeReference } from './reference.js';
import { companyOf, providerOf, registrationOf, workingDays, type Shape } from './shape.js';

export const SCALE_ROOT = process.env.SCALE_DATA_DIR ?? path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../data/scale');

export interface Meta {
  shape: Shape;
  today: string;
  generatedAt: string;
  seconds: number;
  rows: Record<string, number>;
}

export interface ScaleDb {
  pg: EmbeddedServer;
  database: Database;
  stop(): Promise<void>;
}

/** The preset's folder, e.g. data/scale/scale-0.1. */
export const presetDir = (scale: number) => path.join(SCALE_ROOT, `scale-${scale}`);

/** Starts (and on first use creates) the preset's PostgreSQL; durable settings, a larger WAL budget for bulk loads. */
export async function openScaleDb(scale: number, pool: number, settings: string[] = []): Promise<ScaleDb> {
  const dir = presetDir(scale);
  await mkdir(dir, { recursive: true });
  await chmod(SCALE_ROOT, 0o755);
  await chmod(dir, 0o755);
  const pg = await startEmbedded({
    dataDir: path.join(dir, 'pg'),
    port: await freePort(),
    database: 'scale',
    settings: ['max_wal_size=4GB', 'maintenance_work_mem=512MB', ...settings],
  });
  const database = connect(pg.url, pool);
  return {
    pg,
    database,
    stop: async () => {
      await database.close();
      await pg.stop();
    },
  };
}

export async function readMeta(scale: number): Promise<Meta | null> {
  try {
    return JSON.parse(await readFile(path.join(presetDir(scale), 'meta.json'), 'utf8')) as Meta;
  } catch {
    return null;
  }
}

const SERIAL_TABLES = [
  'providers',
  'categories',
  'dishes',
  'complex_groups',
  'complex_options',
  'locations',
  'shifts',
  'users',
  'laps',
  'menus',
  'menu_dishes',
  'orders',
  'order_items',
  'order_item_options',
  'payments',
  'refunds',
  'ledger_entries',
  'cash_balances',
  'reminders_sent',
  'audit_log',
  'invoices',
];

export async function generate(db: ScaleDb, shape: Shape, log: (m: string) => void): Promise<Meta> {
  const started = performance.now();
  await runMigrations(db.database);
  const client = await db.database.pool.connect();
  try {
    const existing = await client.query<{ n: number }>('select count(*)::int as n from orders');
    if (existing.rows[0]!.n > 0) throw new Error('the scale database already has orders; remove its folder to generate again');
    // A bulk load of rows consistent by construction: no commit wait, and no per-row foreign-key
    // triggers (replica role; the ledger check afterwards shows the data holds together).
    await client.query('set synchronous_commit = off');
    await client.query("set session_replication_role = 'replica'");
    const now = new Date();
    const days = workingDays(shape.days, now);
    const start = new Date(days[0]!.getTime() - 30 * 86400_000);
    await writeReference(client, shape, start);
    log(`  standing data written (${Math.round(performance.now() - started)} ms)`);
    const ids = newIds();
    const billing: Billing = new Map();
    const tables = dayTables(client);
    for (let d = 0; d < days.length; d++) {
      writeDay(tables, shape, ids, billing, d, days[d]!, d === days.length - 1, now);
      await flushDay(tables);
      if (d % 10 === 9 || d === days.length - 1)
        log(
          `  day ${d + 1}/${days.length}: ${ids.order} orders, ${ids.item} lines, ${ids.ledger} ledger entries (${Math.round((performance.now() - started) / 1000)} s)`,
        );
    }
    const invoiceRows = await writeInvoices(client, shape, billing, now);
    await client.query("set session_replication_role = 'origin'");
    await resetSequences(client, SERIAL_TABLES);
    log('  analyze ...');
    await client.query('analyze');
    const rows: Record<string, number> = { invoices: invoiceRows };
    for (const t of Object.values(tables)) rows[t.table] = t.rows;
    const meta: Meta = {
      shape,
      today: now.toISOString().slice(0, 10),
      generatedAt: now.toISOString(),
      seconds: Math.round((performance.now() - started) / 1000),
      rows,
    };
    await writeFile(path.join(presetDir(shape.scale), 'meta.json'), JSON.stringify(meta, null, 2));
    return meta;
  } finally {
    client.release();
  }
}

/**
 * One invoice per company and complete past month, as issuing leaves it (numbered per provider
 * and year, the counters set); the snapshot names the buyer and the locations billed.
 */
async function writeInvoices(client: Parameters<typeof resetSequences>[0], s: Shape, billing: Billing, now: Date): Promise<number> {
  const thisMonth = now.toISOString().slice(0, 7);
  const months = [...new Set([...billing.keys()].map((k) => k.split(':')[1]!))].filter((m) => m < thisMonth).sort();
  const invoices = new CopyTable(client, 'invoices', [
    'id',
    'provider_id',
    'kind',
    'year',
    'number',
    'code',
    'month',
    'company_registration',
    'total_cents',
    'issue_date',
    'snapshot',
    'xml',
    'pdf',
    'issued_by_id',
    'created_at',
  ]);
  const counters = new Map<string, number>();
  let id = 0;
  const companies = Math.ceil(s.locations / 4);
  for (const month of months) {
    const [y, m] = month.split('-').map(Number) as [number, number];
    const issued = new Date(Date.UTC(y, m, 1, 9));
    const year = issued.getUTCFullYear();
    for (let c = 1; c <= companies; c++) {
      const total = billing.get(`${c}:${month}`) ?? 0;
      if (total === 0) continue;
      const locs = Array.from({ length: s.locations }, (_, i) => i + 1).filter((l) => companyOf(l) === c);
      const provider = providerOf(s, locs[0]!);
      const key = `${provider}:${year}`;
      const number = (counters.get(key) ?? 0) + 1;
      counters.set(key, number);
      const snapshot = { buyer: { name: `SIA Uzņēmums ${c}` }, statement: { locations: locs.map((l) => ({ id: l })) }, totalCents: total };
      invoices.push(
        ++id,
        provider,
        'invoice',
        year,
        number,
        `${year}-${String(number).padStart(6, '0')}`,
        month,
        registrationOf(c),
        total,
        issued.toISOString().slice(0, 10),
        snapshot,
        '<Invoice/>',
        '\\x255044462d312e340a',
        1,
        issued,
      );
    }
  }
  await invoices.flush();
  const counterRows = new CopyTable(client, 'invoice_counters', ['provider_id', 'year', 'last_number']);
  for (const [key, last] of counters) {
    const [p, year] = key.split(':').map(Number) as [number, number];
    counterRows.push(p, year, last);
  }
  await counterRows.flush();
  return id;
}
