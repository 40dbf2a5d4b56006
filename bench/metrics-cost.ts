/**
 * The cost of the metrics on the order path (design.md section 6: "< 5 % fewer orders/s than with
 * metrics off"), in the deployed configuration. Starts its own PostgreSQL, seeds the order rush's
 * data (bench/rush-kit.ts), then two app processes on the same database (bench/app-server.ts):
 *   - on:  METRICS_TOKEN set (GET /metrics exists, so prom-client's default metrics run: event-loop
 *          delay monitor, GC observer, process collectors) and every answer timed (METRICS=true),
 *          scraped with the token every `--scrape-ms` during its rushes, as Prometheus would;
 *   - off: no METRICS_TOKEN (no /metrics, no default metrics) and METRICS=false (no per-answer hook).
 * Separate processes because the default metrics, once started, cover the whole process. It warms
 * each with one uncounted rush, runs `--pairs` pairs of closed-loop rushes (`--n` customers each,
 * 64 at a time, each on a menu of its own with stock n/2), alternating which app goes first, and
 * reports the median of the pairs' orders/s ratios. Also times one histogram observation alone.
 *
 *   npm run bench:metrics -- --pairs 8 --n 2000 --concurrency 64 --scrape-ms 5000
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { runMigrations } from '../src/server/db/migrate.js';
import { httpDuration } from '../src/server/lib/metrics.js';
import type { ChildProcess } from 'node:child_process';
import { startApp, stopApp } from './app-process.js';
import { checkRush, median, runRush, seedRush } from './rush-kit.js';
import { benchDir, loadAverage, say, startBenchDb, writeResult } from './support.js';

const { values: args } = parseArgs({
  options: {
    pairs: { type: 'string', default: '8' },
    n: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '64' },
    'scrape-ms': { type: 'string', default: '5000' },
  },
});
const PAIRS = Number(args.pairs);
const N = Number(args.n);
const CONCURRENCY = Number(args.concurrency);
const SCRAPE_MS = Number(args['scrape-ms']);
const TOKEN = 'bench-metrics-token-0123456789';

async function main() {
  const loadAtStart = loadAverage();
  const dir = await benchDir('lunch-bench-metrics-');
  say(`Metrics cost: ${PAIRS} pairs of rushes of ${N} customers, concurrency ${CONCURRENCY}; PostgreSQL in ${dir}`);
  const { pg, database, stop } = await startBenchDb(dir, 4);
  const db = database.db;
  let exitCode = 0;
  const apps: ChildProcess[] = [];
  try {
    await runMigrations(database);
    const seed = await seedRush(db, (2 * PAIRS + 2) * N);
    const on = await startApp(pg.url, { METRICS_TOKEN: TOKEN });
    const off = await startApp(pg.url, { METRICS: 'false' });
    apps.push(on.child, off.child);
    // The deployed "on" answers /metrics; the "off" has none.
    const scrape = () => fetch(`${on.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const first = await scrape();
    const text = await first.text();
    if (first.status !== 200 || !text.includes('nodejs_eventloop_lag_seconds'))
      throw new Error('the "on" app does not serve the default metrics');
    if ((await fetch(`${off.base}/metrics`)).status !== 404) throw new Error('the "off" app serves /metrics');

    let next = 0;
    const rushOn = async (label: 'on' | 'off', pair: number) => {
      const stock = Math.floor(N / 2);
      const menu = await seed.makeMenu(`Metrics ${label} ${pair}`, stock);
      const tokens = seed.tokens.slice(next, next + N);
      next += N;
      const timer = label === 'on' && SCRAPE_MS > 0 ? setInterval(() => void scrape().then((r) => r.arrayBuffer()), SCRAPE_MS) : undefined;
      const rush = await runRush({
        base: label === 'on' ? on.base : off.base,
        tokens,
        menuId: menu.id,
        items: seed.items,
        concurrency: CONCURRENCY,
      });
      clearInterval(timer);
      const result = await checkRush(db, seed.hot.id, `[${pair}] rush, metrics ${label}`, menu.id, rush, stock);
      if (!result.ok) exitCode = 1;
      return result.perSecond;
    };
    // Each app is warmed with a rush of its own (not counted).
    await rushOn('on', 0);
    await rushOn('off', 0);
    const ratios: number[] = [];
    for (let pair = 1; pair <= PAIRS; pair++) {
      const order = pair % 2 === 1 ? (['on', 'off'] as const) : (['off', 'on'] as const);
      const rate: Record<string, number> = {};
      for (const label of order) rate[label] = await rushOn(label, pair);
      ratios.push(rate.on! / rate.off!);
    }
    const ratio = median(ratios);

    // The per-answer work by itself: one histogram observation with the labels a rush produces.
    const calls = 200_000;
    const t0 = performance.now();
    for (let i = 0; i < calls; i++)
      httpDuration.observe({ route: '/app/order', method: 'POST', status: i % 7 === 0 ? 409 : 200 }, (i % 100) / 1000);
    const observeUs = ((performance.now() - t0) * 1000) / calls;

    say(`\nPairs (on / off requests/s): ${ratios.map((r) => r.toFixed(3)).join(' ')}`);
    say(`Rush with metrics vs without: ${(ratio * 100).toFixed(1)} % (target >= 95 %, median of ${PAIRS} pairs)`);
    say(`One histogram observation: ${observeUs.toFixed(2)} µs`);
    say(`Load average at start ${loadAtStart}, at end ${loadAverage()}`);
    await writeResult({
      rows: [
        {
          what: `metrics on (METRICS_TOKEN set, scraped every ${SCRAPE_MS / 1000} s) vs off, median of ${PAIRS} pairs of ${N}-customer rushes`,
          target: '>= 0.95 of the orders/s',
          figure: `${ratio.toFixed(3)} (pairs ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
          holds: ratio >= 0.95,
        },
      ],
      notes: [`One histogram observation alone: ${observeUs.toFixed(2)} µs.`],
    });
  } finally {
    for (const child of apps) await stopApp(child);
    await stop();
  }
  process.exit(exitCode);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
