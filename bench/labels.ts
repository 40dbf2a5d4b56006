/**
 * Labels benchmark (issue 14: "labels of 600 portions < 2 s"). Starts its own PostgreSQL
 * (embedded, temp dir) and the app in this process on 127.0.0.1, seeds one lap of 50 locations
 * with 12 placed orders of one portion each (600 portions; a realistic day: set meals, allergens,
 * avoid lists, shifts, bench/seed-lap-day.ts), then times, one request at a time
 * after a warm-up and interleaved call by call:
 *   - GET /app/dishlists/{id}/print-orders (the orders print-out of the same 600 orders: the
 *     baseline, a PDF the product already makes),
 *   - GET /app/kitchen/{id}/production-sheet,
 *   - GET /app/kitchen/{id}/labels?layout=a4 (25 sheets of 3 × 8) and ?layout=roll (600 pages).
 *
 *   npm run bench:labels -- --locations 50 --orders 12 --calls 10 --warmup 2
 * Exits 1 when a call fails; with --strict also when a labels PDF's p95 is not under 2 s.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { runMigrations } from '../src/server/db/migrate.js';
import { pdfPageCount, pdfQrCodes } from '../src/server/lib/pdf/pdf-qr.js';
import { seedLapDay } from './seed-lap-day.js';
import {
  benchDir,
  loadAverage,
  percentile,
  say,
  startBenchDb,
  startServers,
  timeOnce,
  writeResult,
  type TargetRow,
  type Timed,
} from './support.js';

const { values: args } = parseArgs({
  options: {
    locations: { type: 'string', default: '50' },
    orders: { type: 'string', default: '12' },
    calls: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    lang: { type: 'string', default: 'lv' },
    strict: { type: 'boolean', default: false },
  },
});
const LOCATIONS = Number(args.locations);
const ORDERS = Number(args.orders);
const CALLS = Number(args.calls);
const WARMUP = Number(args.warmup);
const TARGET_MS = 2000;
const MM = 72 / 25.4;

const ms = (v: number) => `${v.toFixed(0).padStart(6)} ms`;

async function main() {
  const loadAtStart = loadAverage();
  const dir = await benchDir('lunch-bench-labels-');
  const portions = LOCATIONS * ORDERS;
  say(
    `Labels: ${LOCATIONS} locations × ${ORDERS} orders of one portion = ${portions} portions; ${CALLS} timed calls each after ${WARMUP} warm-up; PostgreSQL in ${dir}`,
  );
  const { pg, database, stop } = await startBenchDb(dir, 10);
  let exitCode = 0;
  try {
    await runMigrations(database);
    const { provider, menu, token } = await seedLapDay(database.db, {
      locations: LOCATIONS,
      orders: ORDERS,
      sets: 'instead',
      plainQty: () => 1,
    });
    const servers = await startServers(database, pg.url);
    const auth = { authorization: `Bearer ${token}` };
    const q = `?provider_id=${provider.id}&lang=${args.lang}`;
    const call = (name: string, path: string): Timed => ({
      name,
      url: `${servers.base}${path}`,
      headers: auth,
      times: [],
      bytes: 0,
      contentType: '',
    });
    const orders = call('orders print-out (baseline)', `/app/dishlists/${menu.id}/print-orders${q}`);
    const sheet = call('production sheet', `/app/kitchen/${menu.id}/production-sheet${q}`);
    const a4 = call('labels, A4 3 × 8', `/app/kitchen/${menu.id}/labels${q}&layout=a4`);
    const roll = call('labels, 62 mm roll', `/app/kitchen/${menu.id}/labels${q}&layout=roll`);
    // The check before printing (issue 28): lays every label out without drawing it.
    const check = call('label check (A4)', `/app/kitchen/${menu.id}/label-check${q}&layout=a4`);
    const timed = [orders, sheet, a4, roll, check];

    // The answers are checked before timing: a label per portion, and the QR codes read.
    const sheets = await timeOnce(a4);
    // A label whose allergens or avoid warnings do not fit continues on the next (no code on it).
    const pages = pdfPageCount(sheets);
    if (pages < Math.ceil(portions / 24)) throw new Error(`A4 labels: ${pages} pages for ${portions} portions`);
    const codes = pdfQrCodes(sheets, 70 * MM, (297 / 8) * MM)
      .flat()
      .filter((c) => c !== null);
    if (codes.length !== portions || codes.some((c) => !c.includes('/handover/')))
      throw new Error(`A4 labels: ${codes.length} of ${portions} QR codes read`);
    const rollPages = pdfPageCount(await timeOnce(roll));
    if (rollPages < portions) throw new Error(`Roll labels: ${rollPages} pages for ${portions} portions`);
    const checked = JSON.parse((await timeOnce(check)).toString('utf8')) as { overflowing: unknown[]; dishes: unknown[] };
    say(
      `Label check: ${checked.dishes.length} dishes lacking label facts, ${checked.overflowing.length} portions whose A4 label continues.`,
    );
    say(
      `Checked: ${pages} A4 sheets and ${rollPages} roll labels (${rollPages - portions} continued), all ${codes.length} QR codes of the sheets read back.`,
    );

    for (let i = 0; i < WARMUP; i++) for (const t of timed) await timeOnce(t);
    for (const t of timed) t.times.length = 0;
    for (let i = 0; i < CALLS; i++) for (const t of timed) await timeOnce(t);

    say(
      `\nOne request at a time, ${CALLS} calls each, interleaved (load average at start: ${loadAtStart}, now: ${loadAverage()}; ${os.cpus().length} CPUs):`,
    );
    say(
      `  ${'call'.padEnd(30)} ${'median'.padStart(9)} ${'p95'.padStart(9)} ${'min'.padStart(9)} ${'max'.padStart(9)}  ×baseline   answer`,
    );
    const base = percentile(
      [...orders.times].sort((a, b) => a - b),
      50,
    );
    const p95Of = new Map<Timed, number>();
    for (const t of timed) {
      const sorted = [...t.times].sort((a, b) => a - b);
      const median = percentile(sorted, 50);
      p95Of.set(t, percentile(sorted, 95));
      say(
        `  ${t.name.padEnd(30)} ${ms(median)} ${ms(p95Of.get(t)!)} ${ms(sorted[0]!)} ${ms(sorted.at(-1)!)}  ${(median / base).toFixed(2).padStart(8)}   ${(t.bytes / 1024).toFixed(0)} KB`,
      );
    }
    const rows: TargetRow[] = [];
    for (const t of [a4, roll]) {
      const ok = p95Of.get(t)! < TARGET_MS;
      say(`  Target: ${t.name} < ${TARGET_MS} ms -> p95 ${p95Of.get(t)!.toFixed(0)} ms: ${ok ? 'MET' : 'NOT MET'}`);
      if (args.strict && !ok) exitCode = 1;
      const median = percentile(
        [...t.times].sort((a, b) => a - b),
        50,
      );
      rows.push({
        what: `${t.name}, ${portions} portions (p95 of ${CALLS}; median ${(median / base).toFixed(2)} × the orders print-out's)`,
        target: `< ${TARGET_MS / 1000} s`,
        figure: `${p95Of.get(t)!.toFixed(0)} ms`,
        holds: ok,
      });
    }
    await writeResult({
      rows,
      notes: [
        `The day: ${LOCATIONS} locations × ${ORDERS} orders of one portion, every other one a set meal of two dishes; dishes with allergens, a third of the customers avoiding some (their orders carry the warnings), a quarter of the locations with two shifts. Baseline in the same run: the orders print-out of the same orders, median ${base.toFixed(0)} ms.`,
      ],
    });
    await servers.close();
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    exitCode = 1;
  } finally {
    await stop();
  }
  process.exit(exitCode);
}

void main();
