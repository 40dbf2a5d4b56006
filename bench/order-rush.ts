/**
 * Order rush benchmark (design.md section 6). Starts its own PostgreSQL (embedded, durable
 * settings, temp dir) and the app in this process on 127.0.0.1, seeds its own menus, then:
 *   1. measures the menu read (GET /app/order/create/{id}) against two bare routes of a bench-local
 *      Fastify server: a small JSON answer, and one answering the menu's own bytes (so the ratio
 *      separates the app's work from the answer's size), with GET /app/me as a reference;
 *   2. runs a warm-up rush on a menu of its own (not counted);
 *   3. lets N customers (distinct users, sessions created directly in the database) order
 *      against limited stock, `concurrency` at a time (closed loop);
 *   4. lets another N customers order on another menu arriving at `rate` per second (open loop);
 *   5. lets another N customers order with every order placed (stock N, closed loop);
 *   6. after each rush checks the database: nothing oversold, no accepted answer without its
 *      order, no stored order without an answer, no 5xx;
 *   7. runs the raw single-statement order through pgbench on the same PostgreSQL (bench/raw-order.ts);
 *   8. runs the ledger check (decision 038) and prints "ledger differences: N".
 *
 *   npm run bench:order-rush -- --n 1000 --stock 500 --concurrency 64 --rate 500 --duration 3 --rounds 5 --warmup 500 --pool 10
 * The cost of the metrics is bench/metrics-cost.ts. Exits 1 when oversold, lost, 5xx or the ledger
 * differences are not 0.
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { connect } from '../src/server/db/client.js';
import { runMigrations } from '../src/server/db/migrate.js';
import { describeDifference, ledgerDifferences } from '../src/server/lib/ledger.js';
import { budgetComparison } from './budget-rush.js';
import { cpuPer, readCpu, startProfile, threadCpu } from './cpu.js';
import { rawOrderRate } from './raw-order.js';
import { checkRush, median, runRush, seedRush, type RushCheck } from './rush-kit.js';
import { benchDir, loadAverage, say, startBenchDb, startServers, writeResult, type TargetRow } from './support.js';

const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: '1000' },
    stock: { type: 'string' },
    concurrency: { type: 'string', default: '64' },
    duration: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    pool: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '5' },
    /** Arrival rate (orders/s) of the second, open-loop rush (0: none). */
    rate: { type: 'string', default: '500' },
    /** Customers of a warm-up rush on a menu of its own before the measured one (0: none). */
    warmup: { type: 'string', default: '500' },
    /** Customers of the rush with every order placed (stock = customers; 0: none). */
    'placed-n': { type: 'string', default: '1000' },
    /** Pairs of every-order-placed rushes without and with a budget rule (bench/budget-rush.ts; 0: none). */
    'budget-rounds': { type: 'string', default: '0' },
    /** Seconds and connections of the raw single-statement order (pgbench; 0 seconds: none). */
    'raw-seconds': { type: 'string', default: '5' },
    'raw-clients': { type: 'string', default: '64' },
    /** Print PostgreSQL's per-statement planning and execution times of the rush. */
    stats: { type: 'boolean', default: false },
    /** Write a CPU profile of the app during the every-order-placed rush to this file (bench/profile-summary.ts reads it). */
    profile: { type: 'string' },
    /** Extra PostgreSQL setting for experiments, `name=value`; may be repeated. */
    setting: { type: 'string', multiple: true, default: [] },
  },
});
const N = Number(args.n);
const STOCK = args.stock !== undefined ? Number(args.stock) : Math.floor(N / 2);
const CONCURRENCY = Number(args.concurrency);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const POOL = Number(args.pool);
const ROUNDS = Number(args.rounds);
const WARMUP = Number(args.warmup);
const RATE = Number(args.rate);
const OPEN_N = RATE > 0 ? N : 0;
const PLACED_N = Number(args['placed-n']);
const BUDGET_ROUNDS = PLACED_N > 0 ? Number(args['budget-rounds']) : 0;
const RAW_SECONDS = Number(args['raw-seconds']);
const RAW_CLIENTS = Number(args['raw-clients']);

async function measure(title: string, url: string, headers: Record<string, string> = {}) {
  // workers: 1 keeps the load generator off the app's event loop.
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers, workers: 1 });
  const non2xx = result.non2xx;
  say(
    `  ${title.padEnd(34)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms${non2xx ? `   non-2xx ${non2xx}` : ''}${result.errors ? `   errors ${result.errors}` : ''}`,
  );
  return result;
}

/** PostgreSQL's own account of the rush: planning and execution time per statement. */
async function printStatementStats(db: ReturnType<typeof connect>['db']) {
  const res = await db.execute<{ calls: number; plan_ms: number; exec_ms: number; plans: number; query: string }>(sql`
    select calls::int, plans::int, round(total_plan_time::numeric, 1)::float as plan_ms, round(total_exec_time::numeric, 1)::float as exec_ms,
      left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 110) as query
    from pg_stat_statements order by total_plan_time + total_exec_time desc limit 12`);
  const users = await db.execute<{ upd: number; hot: number }>(
    sql`select n_tup_upd::int as upd, n_tup_hot_upd::int as hot from pg_stat_user_tables where relname = 'users'`,
  );
  // Every order updates its customer's row (decision 013); an update that is not HOT writes every index of users.
  say(`\nusers row updates since the start: ${users.rows[0]?.upd}, of them HOT ${users.rows[0]?.hot}`);
  say('\nPostgreSQL statements during the rush (pg_stat_statements; ms in total):');
  for (const r of res.rows)
    say(
      `  ${String(r.calls).padStart(6)} calls  plans ${String(r.plans).padStart(6)}  plan ${String(r.plan_ms).padStart(8)}  exec ${String(r.exec_ms).padStart(8)}  ${r.query}`,
    );
}

async function main() {
  const loadAtStart = loadAverage();
  const dir = await benchDir('lunch-bench-');
  say(`Order rush: ${N} customers, stock ${STOCK}, concurrency ${CONCURRENCY}; PostgreSQL in ${dir}`);
  // Durable settings (fsync and synchronous commit on), as the app runs for real.
  const statsSettings = ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track_planning=on'];
  const { pg, database, stop } = await startBenchDb(dir, POOL, [...(args.stats ? statsSettings : []), ...args.setting]);
  const db = database.db;
  const pgData = path.join(dir, 'pg');
  let exitCode = 0;
  try {
    await runMigrations(database);
    if (args.stats) await db.execute(sql`create extension if not exists pg_stat_statements`);

    // ---- seed: customers with sessions straight into the database, a menu per rush
    const seed = await seedRush(db, N + OPEN_N + WARMUP + PLACED_N * (1 + 2 * BUDGET_ROUNDS));
    const { tokens, items, makeMenu } = seed;
    const menu = await makeMenu('Bench menu', STOCK);
    const openMenu = await makeMenu('Open-loop menu', STOCK);
    const warmMenu = await makeMenu('Warm-up menu', Math.floor(WARMUP / 2));
    const placedMenu = await makeMenu('Every order placed', PLACED_N);

    // ---- servers
    const servers = await startServers(database, pg.url);
    const { base, bareUrl, sizedUrl } = servers;
    const menuUrl = `${base}/app/order/create/${menu.id}`;
    const auth = { authorization: `Bearer ${tokens[0]}` };
    // The second baseline answers the menu's own bytes with its content type.
    const sample = await fetch(menuUrl, { headers: auth });
    const menuBytes = Buffer.from(await sample.arrayBuffer());
    servers.answerSized(menuBytes, sample.headers.get('content-type') ?? 'application/json');
    const bareBytes = (await (await fetch(bareUrl)).arrayBuffer()).byteLength;

    // ---- read throughput, same run
    say(`\nReads (${CONNECTIONS} connections, ${DURATION} s each, ${ROUNDS} alternating rounds; ratio = median of the rounds):`);
    await measure('warm-up', menuUrl, auth);
    await measure('warm-up', sizedUrl);
    const ratios = { bare: [] as number[], sized: [] as number[], me: [] as number[] };
    let bareRate = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const bare = await measure(`[${round}] bare Fastify JSON route`, bareUrl);
      const sized = await measure(`[${round}] bare route, menu's bytes`, sizedUrl);
      const menuResult = await measure(`[${round}] GET /app/order/create/${menu.id}`, menuUrl, auth);
      // Reference: the lightest signed-in call (session lookup + one small query).
      const me = await measure(`[${round}] GET /app/me (reference)`, `${base}/app/me`, auth);
      bareRate = bare.requests.average;
      ratios.bare.push(menuResult.requests.average / bare.requests.average);
      ratios.sized.push(menuResult.requests.average / sized.requests.average);
      ratios.me.push(menuResult.requests.average / me.requests.average);
    }
    say(`  (menu answer: ${menuBytes.length} bytes; bare answer: ${bareBytes} bytes; the second bare route: ${menuBytes.length} bytes)`);

    if (WARMUP > 0) {
      // A running server has placed orders before the rush: compiled code paths, prepared
      // statements on every pooled connection, warm caches. Not counted.
      const warm = await runRush({
        base,
        tokens: tokens.slice(N + OPEN_N, N + OPEN_N + WARMUP),
        menuId: warmMenu.id,
        items,
        concurrency: CONCURRENCY,
      });
      say(`\nWarm-up rush: ${WARMUP} order requests on a menu of their own in ${warm.seconds.toFixed(2)} s (not counted)`);
    }
    if (args.stats) await db.execute(sql`select pg_stat_statements_reset()`);
    const check = (title: string, menuId: number, rush: Awaited<ReturnType<typeof runRush>>, stock: number) =>
      checkRush(db, seed.hot.id, title, menuId, rush, stock);

    // Closed loop: CONCURRENCY customers at a time, each sending the next order on an answer.
    // Its rate is what the server sustains when overloaded; its latency is mostly queueing.
    const rushes: RushCheck[] = [];
    const closed = await check(
      `Rush (closed loop, ${CONCURRENCY} at a time)`,
      menu.id,
      await runRush({ base, tokens: tokens.slice(0, N), menuId: menu.id, items, concurrency: CONCURRENCY }),
      STOCK,
    );
    rushes.push(closed);
    if (RATE > 0) {
      // Open loop: orders arrive at RATE per second whatever the answers (as customers do);
      // latency counts from each order's planned arrival, so a server that falls behind shows it.
      const open = await check(
        `Rush (open loop, ${RATE} orders/s arriving)`,
        openMenu.id,
        await runRush({ base, tokens: tokens.slice(N, N + OPEN_N), menuId: openMenu.id, items, concurrency: 256, rate: RATE }),
        STOCK,
      );
      rushes.push(open);
    }
    let placed: RushCheck | undefined;
    let placedCpu: ReturnType<typeof cpuPer> | undefined;
    if (PLACED_N > 0) {
      const from = N + OPEN_N + WARMUP;
      // CPU per placed order (decision 059): the app (this process's main thread), the rush client
      // and other threads of this process, PostgreSQL; and, asked for, a CPU profile of the app.
      const profiler = args.profile ? await startProfile() : null;
      const cpuBefore = readCpu(pgData);
      const rush = await runRush({
        base,
        tokens: tokens.slice(from, from + PLACED_N),
        menuId: placedMenu.id,
        items,
        concurrency: CONCURRENCY,
      });
      placedCpu = cpuPer(cpuBefore, readCpu(pgData), rush.answers.length);
      if (profiler) await profiler.stop(args.profile!);
      placed = await check(`Rush (closed loop, ${CONCURRENCY} at a time, every order placed)`, placedMenu.id, rush, PLACED_N);
      say(
        `  CPU per placed order app ${placedCpu.app.toFixed(2)} ms, PostgreSQL ${placedCpu.postgres.toFixed(2)} ms, rush client and other threads ${placedCpu.other.toFixed(2)} ms${args.profile ? ` (profile: ${args.profile})` : ''}`,
      );
      rushes.push(placed);
    }
    if (BUDGET_ROUNDS > 0) {
      const from = N + OPEN_N + WARMUP + PLACED_N;
      const budgets = await budgetComparison({
        ...{ db, base, items, makeMenu, check, locationId: seed.location.id, rounds: BUDGET_ROUNDS },
        ...{ tokens: tokens.slice(from), perRush: PLACED_N, concurrency: CONCURRENCY },
      });
      if (!budgets.ok) exitCode = 1;
    }
    if (rushes.some((r) => !r.ok)) exitCode = 1;
    if (args.stats) await printStatementStats(db);

    // The ledger after every rush (decision 038): each order's amounts equal its entries, nothing counted twice.
    const differences = await ledgerDifferences(db);
    say(`\nledger differences: ${differences.length}`);
    for (const d of differences.slice(0, 20)) say(`  ${describeDifference(d)}`);
    if (differences.length > 0) exitCode = 1;

    // The machine's limit for this order: one raw statement, same PostgreSQL, the app idle.
    let raw: Awaited<ReturnType<typeof rawOrderRate>> | undefined;
    if (RAW_SECONDS > 0) {
      const rawMenu = await makeMenu('Raw statement', 10_000_000);
      say(`\nThe raw single-statement order (${RAW_CLIENTS} clients, ${RAW_SECONDS} s, the same PostgreSQL):`);
      const pgBefore = readCpu(pgData).postgres;
      const clientBefore = threadCpu().children;
      raw = await rawOrderRate({
        url: pg.url,
        dir,
        menuId: rawMenu.id,
        hotId: seed.hot.id,
        sideId: seed.side.id,
        locationId: seed.location.id,
        userIds: seed.userIds,
        clients: RAW_CLIENTS,
        seconds: RAW_SECONDS,
      });
      const statements = raw.perSecond * RAW_SECONDS;
      say(
        `  CPU per statement PostgreSQL ${(((readCpu(pgData).postgres - pgBefore) * 1000) / statements).toFixed(2)} ms, pgbench ${(((threadCpu().children - clientBefore) * 1000) / statements).toFixed(2)} ms`,
      );
    }

    const pct = (v: number) => `${(v * 100).toFixed(1)} %`;
    const menuVsBare = median(ratios.bare);
    say(`\nMenu read vs bare route: ${pct(menuVsBare)} (target >= 50 %)`);
    say(`Menu read vs a bare route answering the menu's ${menuBytes.length} bytes: ${pct(median(ratios.sized))}`);
    say(`Menu read vs GET /app/me: ${pct(median(ratios.me))}`);
    say(`Rush vs bare route:      ${pct(closed.perSecond / bareRate)} of bare req/s`);
    if (placed && raw) say(`Placed orders/s vs the raw statement: ${pct(placed.placedPerSecond / raw.perSecond)} (target >= 70 %)`);
    say(
      `Machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; load average at start ${loadAtStart}, at end ${loadAverage()}`,
    );

    const sum = (k: 'oversold' | 'lost' | 'fiveXx') => rushes.reduce((n, r) => n + r[k], 0);
    const rows: TargetRow[] = [
      {
        what: `order rush, ${rushes.length} rushes`,
        target: '0 oversold, 0 lost, 0 5xx',
        figure: `${sum('oversold')} / ${sum('lost')} / ${sum('fiveXx')}`,
        holds: rushes.every((r) => r.ok),
      },
      { what: 'ledger after the rushes', target: '0 differences', figure: String(differences.length), holds: differences.length === 0 },
      {
        what: `order rush answered (closed loop, ${N} customers, stock ${STOCK})`,
        target: '>= 800 orders/s',
        figure: `${closed.perSecond.toFixed(0)} orders/s`,
        holds: closed.perSecond >= 800,
      },
      { what: 'order rush p99 (closed loop)', target: '< 200 ms', figure: `${closed.p99.toFixed(0)} ms`, holds: closed.p99 < 200 },
    ];
    if (placed)
      rows.push({
        what: `order rush, every order placed (${PLACED_N} customers)`,
        target: '>= 600 placed/s',
        figure: `${placed.placedPerSecond.toFixed(0)} placed/s`,
        holds: placed.placedPerSecond >= 600,
      });
    if (placed && raw)
      rows.push({
        what: `placed orders/s vs the raw single-statement order (${raw.tool}, ${RAW_CLIENTS} clients)`,
        target: '>= 0.7',
        figure: `${(placed.placedPerSecond / raw.perSecond).toFixed(2)} (${placed.placedPerSecond.toFixed(0)} vs ${raw.perSecond.toFixed(0)}/s)`,
        holds: placed.placedPerSecond / raw.perSecond >= 0.7,
      });
    rows.push(
      {
        what: `menu read vs a bare JSON route (${bareBytes} bytes), median of ${ROUNDS} rounds`,
        target: '>= 0.5',
        figure: menuVsBare.toFixed(2),
        holds: menuVsBare >= 0.5,
      },
      {
        what: `menu read vs a bare route answering the menu's ${menuBytes.length} bytes`,
        target: '(second baseline)',
        figure: median(ratios.sized).toFixed(2),
        holds: null,
      },
    );
    await writeResult({ rows });
    await servers.close();
  } finally {
    await stop();
  }
  process.exit(exitCode);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
