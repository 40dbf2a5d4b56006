/**
 * The reads a person uses in a day, timed against the app serving the big caterer: each signed in
 * as the person who uses it (a customer with the whole history of orders, a location manager,
 * kitchen staff, an administrator; sessions written straight into the database). Every read is
 * called `warmup` times untimed, then `rounds` times one after another (p50/p95/p99 of the
 * rounds). `ledger:check` (lib/ledger.ts ledgerDifferences, what the npm script runs) is timed
 * as a run of its own.
 */
import { performance } from 'node:perf_hooks';
import { sessions } from '../../src/server/db/schema/index.js';
import { ledgerDifferences } from '../../src/server/lib/ledger.js';
import { hashToken, newToken } from '../../src/server/lib/tokens.js';
import { rollUpLedger } from '../../src/server/modules/ledger/ledger-days.service.js';
import { percentile, startServers, timeOnce, type Timed } from '../support.js';
import type { Meta, ScaleDb } from './generate.js';
import { firstUserOf, kitchenIds, menuIdOf, type Shape } from './shape.js';

export type Who = 'customer' | 'manager' | 'kitchen' | 'admin' | 'tool';

export interface ReadResult {
  name: string;
  who: Who;
  /** Interactive reads have the 200 ms p95 target; reports and files only the growth target. */
  interactive: boolean;
  url: string;
  p50: number;
  p95: number;
  p99: number;
  bytes: number;
  rounds: number;
  error?: string;
}

interface Read {
  name: string;
  who: Who;
  interactive: boolean;
  path: string;
  /** Fewer rounds for the heavy files (PDFs of a whole day). */
  rounds?: number;
}

/** The reads, with the ids of the preset's data (today's menu of the big caterer, a past one, a month). */
export function readsOf(s: Shape, today: string): Read[] {
  const days = s.days;
  const menu = menuIdOf(s, days - 1, 1);
  const past = menuIdOf(s, Math.max(0, days - 2), 1);
  const location = 1;
  const customer = firstUserOf(s, location) + 5;
  const month = today.slice(0, 7);
  const monthStart = `${month}-01`;
  const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4, 10)}`;
  const deep = (n: number) => `page=${n}&per_page=50`;
  const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const monthAgo = dayOf(Date.parse(`${today.slice(0, 10)}T00:00:00Z`) - 29 * 86400_000);
  const dayAfterYearAgo = dayOf(Date.parse(`${today.slice(0, 10)}T00:00:00Z`) - 365 * 86400_000);
  return [
    { name: 'Order page (today’s menu)', who: 'customer', interactive: true, path: `/app/order/create/${menu}` },
    { name: 'Open menus', who: 'customer', interactive: true, path: '/app/order/dishlists' },
    { name: 'Order history (a year of orders)', who: 'customer', interactive: true, path: `/app/dishlists/history/${location}` },
    { name: 'Order history, page 5', who: 'customer', interactive: true, path: `/app/dishlists/history/${location}?page=5` },
    { name: 'A location’s history (staff)', who: 'admin', interactive: true, path: `/app/dishlists/history/${location}` },
    { name: 'History by menu', who: 'customer', interactive: true, path: `/app/dishlists/history/${location}/${past}` },
    { name: 'My team', who: 'manager', interactive: true, path: '/app/me/team' },
    {
      name: 'Team report (a year, CSV)',
      who: 'manager',
      interactive: false,
      path: `/app/order/export/location/${location}?from=${yearAgo}&to=${today}`,
    },
    {
      name: 'Orders of today’s menu (full)',
      who: 'kitchen',
      interactive: false,
      path: `/app/order?filter[dishlist_id]=${menu}&filter[status]=2&filter[accepted]=0&per_page=all&full=1`,
      rounds: 3,
    },
    {
      name: 'Cancelled orders of today’s menu (full)',
      who: 'kitchen',
      interactive: true,
      path: `/app/order?filter[dishlist_id]=${menu}&filter[status]=3&per_page=all&full=1`,
    },
    // The orders page by location (decision 056): the sections first, a section's orders when opened.
    { name: 'Orders page sections', who: 'kitchen', interactive: true, path: `/app/dishlists/${menu}/order-sections` },
    { name: 'Orders page sections, new', who: 'kitchen', interactive: true, path: `/app/dishlists/${menu}/order-sections?accepted=0` },
    {
      name: 'A section’s orders (a location)',
      who: 'kitchen',
      interactive: true,
      path: `/app/dishlists/${menu}/order-sections/orders?location=${location}`,
    },
    { name: 'Orders of today’s menu, page 1', who: 'kitchen', interactive: true, path: `/app/order?filter[dishlist_id]=${menu}&page=1` },
    {
      name: 'Orders of today’s menu, page 200',
      who: 'kitchen',
      interactive: true,
      path: `/app/order?filter[dishlist_id]=${menu}&page=200`,
    },
    { name: 'New orders badge', who: 'kitchen', interactive: true, path: '/app/order/new-count' },
    { name: 'Menus (staff start page)', who: 'kitchen', interactive: true, path: '/app/dishlists' },
    // The balance editor and its forecast (decision 062): six weeks of the same weekday's orders.
    { name: 'Balance editor', who: 'kitchen', interactive: true, path: `/app/dishlists/${menu}/balance` },
    { name: 'Forecast (balance editor)', who: 'kitchen', interactive: true, path: `/app/dishlists/${menu}/forecast` },
    { name: 'Kitchen display', who: 'kitchen', interactive: true, path: `/app/kitchen/${menu}` },
    { name: 'Kitchen tickets', who: 'kitchen', interactive: true, path: `/app/kitchen/${menu}/tickets` },
    { name: 'Kitchen tickets, per location', who: 'kitchen', interactive: true, path: `/app/kitchen/${menu}/tickets?by=location` },
    // A ticket's orders, read when it is opened (decision 053).
    {
      name: 'A ticket’s orders (a location)',
      who: 'kitchen',
      interactive: true,
      path: `/app/kitchen/${menu}/tickets/orders?ticket=loc:${location}`,
    },
    { name: 'A ticket’s orders (a lap)', who: 'kitchen', interactive: true, path: `/app/kitchen/${menu}/tickets/orders?ticket=lap:1` },
    {
      name: 'Production sheet (a lap)',
      who: 'kitchen',
      interactive: false,
      path: `/app/kitchen/${menu}/production-sheet?lap=1`,
      rounds: 5,
    },
    { name: 'Labels (a lap)', who: 'kitchen', interactive: false, path: `/app/kitchen/${menu}/labels?lap=1`, rounds: 2 },
    // A location's print-outs (about 150 orders): what a lap's cost per location is (decision 060).
    {
      name: 'Production sheet (a location)',
      who: 'kitchen',
      interactive: false,
      path: `/app/kitchen/${menu}/production-sheet?location=${location}`,
      rounds: 5,
    },
    {
      name: 'Labels (a location)',
      who: 'kitchen',
      interactive: false,
      path: `/app/kitchen/${menu}/labels?layout=a4&location=${location}`,
      rounds: 5,
    },
    // Issue 27 (decision 064): the display's "Left over" view, and the monthly waste summary.
    { name: 'Leftovers of today’s menu', who: 'kitchen', interactive: true, path: `/app/kitchen/${menu}/leftovers` },
    { name: 'Waste summary (a month)', who: 'kitchen', interactive: true, path: `/app/waste/summary?month=${month}` },
    { name: 'Waste summary (a month, a location)', who: 'manager', interactive: true, path: `/app/waste/summary?month=${month}` },
    { name: 'Waste summary PDF (a month)', who: 'kitchen', interactive: false, path: `/app/waste/summary/pdf?month=${month}`, rounds: 5 },
    { name: 'Laps', who: 'kitchen', interactive: true, path: '/app/laps' },
    { name: 'Lap report', who: 'kitchen', interactive: true, path: `/app/laps/report/1/${menu}` },
    { name: 'Lap report PDF', who: 'kitchen', interactive: false, path: `/app/laps/print-report/1/${menu}`, rounds: 5 },
    { name: 'Lap cash', who: 'kitchen', interactive: true, path: `/app/laps/cash/${past}` },
    {
      name: 'Users for ordering, search',
      who: 'kitchen',
      interactive: true,
      path: `/app/users/list?dishlist_id=${menu}&search=user${customer}`,
    },
    { name: 'Users list', who: 'admin', interactive: true, path: '/app/admin/users' },
    { name: 'Users list, search', who: 'admin', interactive: true, path: '/app/admin/users?search=Anna' },
    { name: 'Users list, page 1000', who: 'admin', interactive: true, path: '/app/admin/users?page=1000' },
    { name: 'A user’s orders', who: 'admin', interactive: true, path: `/app/admin/users/${customer}/orders` },
    { name: 'Audit', who: 'admin', interactive: true, path: '/app/audit' },
    { name: 'Audit, by action', who: 'admin', interactive: true, path: '/app/audit?filter[action]=order.cancel' },
    { name: 'Audit, page 100', who: 'admin', interactive: true, path: `/app/audit?${deep(100)}` },
    { name: 'Ledger', who: 'admin', interactive: true, path: '/app/ledger' },
    {
      name: 'Ledger, a location this month',
      who: 'admin',
      interactive: true,
      path: `/app/ledger?filter[location_id]=${location}&filter[from]=${monthStart}`,
    },
    { name: 'Ledger, page 1000', who: 'admin', interactive: true, path: `/app/ledger?${deep(1000)}` },
    {
      name: 'Statement, a location, a month',
      who: 'admin',
      interactive: true,
      path: `/app/invoices/statement?location_id=${location}&month=${month}`,
    },
    {
      name: 'Statement, a company, a month',
      who: 'admin',
      interactive: true,
      path: `/app/invoices/statement?company=4000${'1'.padStart(7, '0')}&month=${month}`,
    },
    { name: 'Invoices of a month', who: 'admin', interactive: true, path: `/app/invoices?month=${month}` },
    { name: 'Invoice scopes', who: 'admin', interactive: true, path: '/app/invoices/scopes' },
    // The sales and waste dashboard (issue 27, decision 063): the big caterer, a month and the longest range.
    { name: 'Dashboard, a month', who: 'kitchen', interactive: true, path: `/app/dashboard?provider_id=1&from=${monthAgo}&to=${today}` },
    {
      name: 'Dashboard, a location, a month',
      who: 'kitchen',
      interactive: true,
      path: `/app/dashboard?provider_id=1&from=${monthAgo}&to=${today}&location_id=${location}`,
    },
    {
      name: 'Dashboard, 366 days',
      who: 'kitchen',
      interactive: true,
      path: `/app/dashboard?provider_id=1&from=${dayAfterYearAgo}&to=${today}`,
    },
    {
      name: 'Dashboard CSV, days, 366 days',
      who: 'kitchen',
      interactive: false,
      path: `/app/dashboard/export?provider_id=1&chart=days&from=${dayAfterYearAgo}&to=${today}`,
    },
  ];
}

/** Sessions for the four people, written into the database; answers their bearer headers. */
async function signIn(db: ScaleDb, s: Shape): Promise<Record<Exclude<Who, 'tool'>, Record<string, string>>> {
  const people = { customer: firstUserOf(s, 1) + 5, manager: firstUserOf(s, 1), kitchen: kitchenIds(s)[0]!, admin: 1 };
  const out = {} as Record<Exclude<Who, 'tool'>, Record<string, string>>;
  for (const [who, userId] of Object.entries(people) as [Exclude<Who, 'tool'>, number][]) {
    const token = newToken();
    await db.database.db
      .insert(sessions)
      .values({ userId, tokenHash: hashToken(token), remember: true, expiresAt: new Date(Date.now() + 86400_000) });
    out[who] = { authorization: `Bearer ${token}` };
  }
  return out;
}

export async function timeReads(
  db: ScaleDb,
  meta: Meta,
  opts: { rounds: number; warmup: number; log: (m: string) => void; only?: RegExp | null },
): Promise<ReadResult[]> {
  const s = meta.shape;
  // Today's menus stay open while the reads run (generated with a deadline of today 23:00 UTC).
  await db.database.pool.query(`update menus set "to" = greatest("to", now() + interval '6 hours') where id > $1`, [
    menuIdOf(s, s.days - 1, 0),
  ]);
  // The team report allows 30 downloads per manager per hour (shared counters): a fresh window per run.
  await db.database.pool.query(`delete from rate_limits`);
  // The ledger's day sums as the nightly job leaves them (decision 054): the generator writes entries with COPY.
  const rollUp = performance.now();
  const rolled = await rollUpLedger(db.database.db);
  opts.log(`  ledger day sums: ${rolled} entries rolled up in ${Math.round(performance.now() - rollUp)} ms`);
  const headers = await signIn(db, s);
  const servers = await startServers(db.database, db.pg.url);
  const results: ReadResult[] = [];
  try {
    for (const read of readsOf(s, meta.today).filter((r) => !opts.only || opts.only.test(r.name))) {
      const t: Timed = {
        name: read.name,
        url: servers.base + read.path,
        headers: headers[read.who as Exclude<Who, 'tool'>],
        times: [],
        bytes: 0,
        contentType: '',
      };
      const rounds = Math.min(opts.rounds, read.rounds ?? opts.rounds);
      const r: ReadResult = {
        name: read.name,
        who: read.who,
        interactive: read.interactive,
        url: read.path,
        p50: 0,
        p95: 0,
        p99: 0,
        bytes: 0,
        rounds,
      };
      try {
        for (let i = 0; i < opts.warmup; i++) await timeOnce(t);
        t.times = [];
        for (let i = 0; i < rounds; i++) await timeOnce(t);
        const sorted = [...t.times].sort((a, b) => a - b);
        Object.assign(r, { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), bytes: t.bytes });
      } catch (err) {
        r.error = err instanceof Error ? err.message.slice(0, 200) : String(err);
      }
      opts.log(
        `  ${read.name.padEnd(40)} p50 ${r.p50.toFixed(1).padStart(8)}  p95 ${r.p95.toFixed(1).padStart(8)}  p99 ${r.p99.toFixed(1).padStart(8)} ms  ${r.bytes} B${r.error ? `  ERROR ${r.error}` : ''}`,
      );
      results.push(r);
    }
  } finally {
    await servers.close();
  }
  if (opts.only && !opts.only.test('ledger:check')) return results;
  // What `npm run ledger:check` does (the last 35 days' menus), then the whole ledger (`-- --all`).
  for (const [name, since] of [
    ['ledger:check', new Date(Date.now() - 35 * 86400_000)],
    ['ledger:check --all', undefined],
  ] as const) {
    const started = performance.now();
    const differences = await ledgerDifferences(db.database.db, { since });
    const ms = performance.now() - started;
    const url = `npm run ledger:check${since ? '' : ' -- --all'}`;
    const check: ReadResult = { name, who: 'tool', interactive: false, url, p50: ms, p95: ms, p99: ms, bytes: 0, rounds: 1 };
    if (differences.length > 0) check.error = `${differences.length} differences`;
    opts.log(`  ${name} ${(ms / 1000).toFixed(1)} s, differences: ${differences.length}`);
    results.push(check);
  }
  return results;
}
