/**
 * Lap report benchmark (design.md section 6: "lap report PDF, 50 locations < 300 ms"). Starts its
 * own PostgreSQL (embedded, temp dir) and the app in this process on 127.0.0.1, seeds one lap of
 * 50 locations with placed orders on one menu, then times, one request at a time after a warm-up:
 *   - a bare Fastify JSON route (floor of an HTTP round trip in this process),
 *   - GET /app/laps/report/{lapId}/{menuId} (the same data as JSON),
 *   - GET /app/laps/print-report/{lapId}/{menuId} (the PDF),
 * interleaved call by call so a busy machine slows all three alike.
 *
 *   npm run bench:lap-report -- --locations 50 --orders 12 --calls 30 --warmup 5
 * Exits 1 when a call fails; with --strict also when the PDF's p95 is not under 300 ms.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { runMigrations } from '../src/server/db/migrate.js';
import { pdfText } from '../src/server/lib/pdf/pdf-text.js';
import { seedLapDay } from './seed-lap-day.js';
import { benchDir, loadAverage, percentile, say, startBenchDb, startServers, timeOnce, writeResult, type Timed } from './support.js';

const { values: args } = parseArgs({
  options: {
    locations: { type: 'string', default: '50' },
    /** Placed orders per location. */
    orders: { type: 'string', default: '12' },
    calls: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '5' },
    lang: { type: 'string', default: 'lv' },
    strict: { type: 'boolean', default: false },
  },
});
const LOCATIONS = Number(args.locations);
const ORDERS = Number(args.orders);
const CALLS = Number(args.calls);
const WARMUP = Number(args.warmup);
const TARGET_MS = 300;

const ms = (v: number) => `${v.toFixed(1).padStart(7)} ms`;

async function main() {
  const loadAtStart = loadAverage();
  const dir = await benchDir('lunch-bench-lap-');
  say(
    `Lap report: ${LOCATIONS} locations × ${ORDERS} placed orders, ${CALLS} timed calls each after ${WARMUP} warm-up; PostgreSQL in ${dir}`,
  );
  const { pg, database, stop } = await startBenchDb(dir, 10);
  const db = database.db;
  let exitCode = 0;
  try {
    await runMigrations(database);

    // ---- seed: 50 locations on one lap, 12 orders each (a plain line of 1–2 and, every other order, a
    // set meal; allergens, avoid lists and shifts as on a real day)
    const {
      provider,
      menu,
      lap,
      token,
      orders: n,
    } = await seedLapDay(db, {
      locations: LOCATIONS,
      orders: ORDERS,
      sets: 'also',
      plainQty: (k) => 1 + (k % 2),
    });
    say(`Seeded ${n} placed orders at ${LOCATIONS} locations on one lap.`);

    // ---- servers
    const servers = await startServers(database, pg.url);
    const { base, bareUrl } = servers;

    const auth = { authorization: `Bearer ${token}` };
    const q = `?provider_id=${provider!.id}&lang=${args.lang}`;
    const timed: Timed[] = [
      { name: 'bare Fastify JSON route', url: bareUrl, headers: {}, times: [], bytes: 0, contentType: '' },
      {
        name: 'GET /app/laps/report (JSON)',
        url: `${base}/app/laps/report/${lap!.id}/${menu!.id}${q}`,
        headers: auth,
        times: [],
        bytes: 0,
        contentType: '',
      },
      {
        name: 'GET /app/laps/print-report (PDF)',
        url: `${base}/app/laps/print-report/${lap!.id}/${menu!.id}${q}`,
        headers: auth,
        times: [],
        bytes: 0,
        contentType: '',
      },
    ];
    const [bareT, jsonT, pdfT] = timed as [Timed, Timed, Timed];

    // The answer is checked before timing: every location is in the PDF.
    const pdf = await timeOnce(pdfT);
    const text = pdfText(pdf);
    const missing = Array.from({ length: LOCATIONS }, (_, i) => `Birojs Šķūņu iela ${i + 1}`).filter((title) => !text.includes(title));
    if (!pdf.subarray(0, 5).equals(Buffer.from('%PDF-')) || missing.length)
      throw new Error(`PDF incomplete: ${missing.length} locations missing`);
    const report = (await (await fetch(jsonT.url, { headers: auth })).json()) as { locations: unknown[]; totals: { count: number } };
    if (report.locations.length !== LOCATIONS || report.totals.count !== n) throw new Error('JSON report incomplete');

    for (let i = 0; i < WARMUP; i++) for (const t of timed) await timeOnce(t);
    for (const t of timed) t.times.length = 0;
    for (let i = 0; i < CALLS; i++) for (const t of timed) await timeOnce(t);

    say(
      `\nOne request at a time, ${CALLS} calls each, interleaved (load average at start: ${loadAtStart}, now: ${loadAverage()}; ${os.cpus().length} CPUs):`,
    );
    say(`  ${'call'.padEnd(34)} ${'median'.padStart(10)} ${'p95'.padStart(10)} ${'min'.padStart(10)} ${'max'.padStart(10)}   answer`);
    const stats = new Map<Timed, { median: number; p95: number }>();
    for (const t of timed) {
      const sorted = [...t.times].sort((a, b) => a - b);
      const s = { median: percentile(sorted, 50), p95: percentile(sorted, 95) };
      stats.set(t, s);
      say(
        `  ${t.name.padEnd(34)} ${ms(s.median)} ${ms(s.p95)} ${ms(sorted[0]!)} ${ms(sorted[sorted.length - 1]!)}   ${t.bytes} bytes ${t.contentType}`,
      );
    }
    const p = stats.get(pdfT)!;
    const j = stats.get(jsonT)!;
    say(
      `\n  PDF over JSON (median): +${(p.median - j.median).toFixed(1)} ms (rendering); JSON over bare (median): +${(j.median - stats.get(bareT)!.median).toFixed(1)} ms (session, queries)`,
    );
    const ok = p.p95 < TARGET_MS;
    say(`  Target: PDF < ${TARGET_MS} ms -> median ${p.median.toFixed(1)} ms, p95 ${p.p95.toFixed(1)} ms: ${ok ? 'MET' : 'NOT MET'}`);
    if (args.strict && !ok) exitCode = 1;
    await writeResult({
      rows: [
        {
          what: `lap report PDF, ${LOCATIONS} locations, ${n} orders (p95 of ${CALLS}; median ${p.median.toFixed(0)} ms, JSON of the same report ${j.median.toFixed(0)} ms, bare route ${stats.get(bareT)!.median.toFixed(1)} ms)`,
          target: `< ${TARGET_MS} ms`,
          figure: `${p.p95.toFixed(0)} ms`,
          holds: ok,
        },
      ],
      notes: [
        'The day: every other order also has a set meal of two dishes; dishes with allergens, a third of the customers avoiding some, a quarter of the locations with two shifts, a third with a subsidy, cash recorded at every other one.',
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
