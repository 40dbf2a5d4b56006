/**
 * Order rush benchmark (design.md section 6). Starts its own PostgreSQL (embedded, durable
 * settings, temp dir) and the app in this process on 127.0.0.1, seeds its own menus, then:
 *   1. measures a bare Fastify JSON route and the menu read (GET /app/order/create/{id});
 *   2. runs a warm-up rush on a menu of its own (not counted);
 *   3. lets N customers (distinct users, sessions created directly in the database) order
 *      against limited stock, `concurrency` at a time (closed loop);
 *   4. lets another N customers order on another menu arriving at `rate` per second (open loop);
 *   5. after each rush checks the database: nothing oversold, no accepted answer without its
 *      order, no stored order without an answer, no 5xx;
 *   6. after the rushes runs the ledger check (decision 038) and prints "ledger differences: N".
 *
 *   npm run bench:order-rush -- --n 1000 --stock 500 --concurrency 64 --rate 500 --duration 3 --rounds 5 --warmup 500 --pool 10
 * `--metrics-pairs K` then runs K pairs of closed-loop rushes (`--metrics-n` customers each, on
 * menus of their own) against this app and a second one with METRICS=false in the same process,
 * alternating which goes first, and prints the median orders/s ratio (the cost of the metrics).
 * Exits 1 when oversold, lost, 5xx or the ledger differences are not 0.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { connect } from '../src/server/db/client.js';
import { runMigrations } from '../src/server/db/migrate.js';
import {
  balances,
  categories,
  dishes,
  locations,
  menuDishes,
  menus,
  orderItems,
  orders,
  providers,
  sessions,
  users,
} from '../src/server/db/schema/index.js';
import { describeDifference, ledgerDifferences } from '../src/server/lib/ledger.js';
import { httpDuration } from '../src/server/lib/metrics.js';
import { hashToken, newToken } from '../src/server/lib/tokens.js';
import { benchDir, loadAverage, percentile, say, startBenchDb, startServers } from './support.js';

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
    /** Pairs of rushes with and without the request metrics (METRICS=false), 0: none. */
    'metrics-pairs': { type: 'string', default: '0' },
    /** Customers per rush of a metrics pair. */
    'metrics-n': { type: 'string', default: '500' },
    /** Print PostgreSQL's per-statement planning and execution times of the rush. */
    stats: { type: 'boolean', default: false },
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
const METRICS_PAIRS = Number(args['metrics-pairs']);
const METRICS_N = Number(args['metrics-n']);

/** What bench/rush-client.mjs is given and answers. */
interface RushJob {
  base: string;
  tokens: string[];
  menuId: number;
  items: { id: number; qty: number }[];
  concurrency: number;
  /** Open loop: send at this many requests per second whatever the answers (latency from the planned send time). */
  rate?: number;
}
interface RushResult {
  /** [order id, customer index] for every 200 answer. */
  answers: [number, number][];
  statuses: [number, number][];
  latencies: number[];
  networkErrors: number;
  seconds: number;
}

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
  let exitCode = 0;
  try {
    await runMigrations(database);
    if (args.stats) await db.execute(sql`create extension if not exists pg_stat_statements`);

    // ---- seed
    const now = new Date();
    const [provider] = await db.insert(providers).values({ title: 'Bench Virtuve', cardCommissionCents: 25 }).returning();
    const [location] = await db.insert(locations).values({ title: 'Bench birojs', token: newToken(), subsidyCents: 150 }).returning();
    const [category] = await db
      .insert(categories)
      .values({ providerId: provider!.id, title: { lv: 'Pamatēdieni', en: 'Mains' } })
      .returning();
    const dishRows = await db
      .insert(dishes)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          providerId: provider!.id,
          categoryId: category!.id,
          title: { lv: `Ēdiens ${i + 1}`, en: `Dish ${i + 1}`, ru: `Блюдо ${i + 1}` },
          summary: { lv: 'Garšīgs un sātīgs ēdiens ar dārzeņiem.', en: 'Tasty and filling, with vegetables.' },
          priceCents: 350 + i * 10,
          position: i,
        })),
      )
      .returning();
    const hot = dishRows[0]!;
    const side = dishRows[1]!;
    /** A menu with every dish, the hot one limited to `stock`. Each rush orders from its own. */
    const makeMenu = async (title: string, stock: number) => {
      const [m] = await db
        .insert(menus)
        .values({ providerId: provider!.id, title, from: now, to: new Date(now.getTime() + 3600_000), status: true })
        .returning();
      await db.insert(menuDishes).values(dishRows.map((d) => ({ menuId: m!.id, dishId: d.id, categoryId: category!.id })));
      await db.insert(balances).values([{ menuId: m!.id, dishId: hot.id, qty: stock }]);
      return m!;
    };
    const menu = await makeMenu('Bench menu', STOCK);
    const openMenu = await makeMenu('Open-loop menu', STOCK);
    const warmMenu = await makeMenu('Warm-up menu', Math.floor(WARMUP / 2));

    // ---- customers with sessions, straight into the database
    const tokens: string[] = [];
    const userIds: number[] = [];
    const customers = N + OPEN_N + WARMUP + (METRICS_PAIRS > 0 ? (2 * METRICS_PAIRS + 1) * METRICS_N : 0);
    for (let start = 0; start < customers; start += 500) {
      const batch = Array.from({ length: Math.min(500, customers - start) }, (_, i) => ({
        email: `rush${start + i}@bench.lv`,
        firstName: `Klients ${start + i}`,
        role: 'customer' as const,
        locationId: location!.id,
      }));
      const rows = await db.insert(users).values(batch).returning({ id: users.id });
      const batchTokens = rows.map(() => newToken());
      await db.insert(sessions).values(
        rows.map((r, i) => ({
          userId: r.id,
          tokenHash: hashToken(batchTokens[i]!),
          remember: true,
          expiresAt: new Date(now.getTime() + 86400_000),
          lastSeenAt: now,
        })),
      );
      userIds.push(...rows.map((r) => r.id));
      tokens.push(...batchTokens);
    }

    // ---- servers
    const servers = await startServers(database, pg.url);
    const { base, bareUrl } = servers;

    // ---- read throughput, same run
    say(`\nReads (${CONNECTIONS} connections, ${DURATION} s each, ${ROUNDS} alternating rounds; ratio = median of the rounds):`);
    await measure('warm-up', `${base}/app/order/create/${menu.id}`, { authorization: `Bearer ${tokens[0]}` });
    const auth = { authorization: `Bearer ${tokens[0]}` };
    const menuRatios: number[] = [];
    const meRatios: number[] = [];
    let bareResult!: autocannon.Result;
    for (let round = 1; round <= ROUNDS; round++) {
      bareResult = await measure(`[${round}] bare Fastify JSON route`, bareUrl);
      const menuResult = await measure(`[${round}] GET /app/order/create/${menu.id}`, `${base}/app/order/create/${menu.id}`, auth);
      // Reference: the lightest signed-in call (session lookup + one small query).
      const meResult = await measure(`[${round}] GET /app/me (reference)`, `${base}/app/me`, auth);
      menuRatios.push(menuResult.requests.average / bareResult.requests.average);
      meRatios.push(menuResult.requests.average / meResult.requests.average);
    }
    const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor((v.length - 1) / 2)]!;
    const readRatio = median(menuRatios);
    const sample = await fetch(`${base}/app/order/create/${menu.id}`, { headers: { authorization: `Bearer ${tokens[0]}` } });
    say(
      `  (menu answer: ${(await sample.text()).length} bytes; bare answer: ${JSON.stringify({ ok: true, now: new Date().toISOString() }).length} bytes)`,
    );

    // ---- the rush (client in a worker thread)
    const items = [
      { id: hot.id, qty: 1 },
      { id: side.id, qty: 1 },
    ];
    const runRush = (job: RushJob) =>
      new Promise<RushResult>((resolve, reject) => {
        const w = new Worker(new URL('./rush-client.mjs', import.meta.url), { workerData: job });
        w.once('message', (m: RushResult | { error: string }) => ('error' in m ? reject(new Error(m.error)) : resolve(m)));
        w.once('error', reject);
      });
    if (WARMUP > 0) {
      // A running server has placed orders before the rush: compiled code paths, prepared
      // statements on every pooled connection, warm caches. Not counted.
      const warm = await runRush({ base, tokens: tokens.slice(N + OPEN_N), menuId: warmMenu.id, items, concurrency: CONCURRENCY });
      say(`\nWarm-up rush: ${WARMUP} order requests on a menu of their own in ${warm.seconds.toFixed(2)} s (not counted)`);
    }
    if (args.stats) await db.execute(sql`select pg_stat_statements_reset()`);

    /** Checks a rush against the database and prints it; answers whether everything held. */
    const report = async (title: string, menuId: number, rush: RushResult, stock = STOCK) => {
      const answers = new Map<number, number>(rush.answers);
      const statuses = new Map<number, number>(rush.statuses);
      const latencies = rush.latencies.sort((a, b) => a - b);
      const stored = await db.select({ id: orders.id, userId: orders.userId }).from(orders).where(eq(orders.menuId, menuId));
      const [{ sold } = { sold: 0 }] = await db
        .select({ sold: sql<number>`coalesce(sum(${orderItems.qty}), 0)::int` })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(eq(orders.menuId, menuId), inArray(orders.status, [1, 2]), eq(orderItems.dishId, hot.id)));
      const [left] = await db
        .select({ qty: balances.qty })
        .from(balances)
        .where(and(eq(balances.menuId, menuId), eq(balances.dishId, hot.id)));
      const storedIds = new Set(stored.map((o) => o.id));
      const answeredWithoutOrder = [...answers.keys()].filter((id) => !storedIds.has(id)).length;
      const storedWithoutAnswer = stored.filter((o) => !answers.has(o.id)).length;
      const oversold = Math.max(0, sold - stock) + Math.max(0, -(left?.qty ?? 0));
      // Every unit is either sold or still in stock.
      const consistent = sold + (left?.qty ?? 0) === stock;
      const lost = answeredWithoutOrder + storedWithoutAnswer;
      const fiveXx = [...statuses].filter(([st]) => st >= 500).reduce((n, [, c]) => n + c, 0) + rush.networkErrors;
      const count = rush.latencies.length;
      say(`\n${title}: ${count} order requests in ${rush.seconds.toFixed(2)} s`);
      say(`  requests/s          ${(count / rush.seconds).toFixed(0)}`);
      say(`  orders placed       ${answers.size} (stock ${stock}); placed orders/s ${(answers.size / rush.seconds).toFixed(0)}`);
      say(
        `  latency             p50 ${percentile(latencies, 50).toFixed(1)} ms   p95 ${percentile(latencies, 95).toFixed(1)} ms   p99 ${percentile(latencies, 99).toFixed(1)} ms   max ${percentile(latencies, 100).toFixed(1)} ms`,
      );
      say(
        `  answers             ${[...statuses]
          .sort(([a], [b]) => a - b)
          .map(([st, c]) => `${st}: ${c}`)
          .join(', ')}${rush.networkErrors ? `, network errors: ${rush.networkErrors}` : ''}`,
      );
      say(`  stock left          ${left?.qty}   sold ${sold}   (sold + left = stock: ${consistent ? 'yes' : 'NO'})`);
      say(`  oversold            ${oversold}`);
      say(`  lost                ${lost} (answered without order ${answeredWithoutOrder}, stored without answer ${storedWithoutAnswer})`);
      say(`  5xx                 ${fiveXx}`);
      return { ok: !oversold && !lost && !fiveXx && consistent, perSecond: count / rush.seconds };
    };

    // Closed loop: CONCURRENCY customers at a time, each sending the next order on an answer.
    // Its rate is what the server sustains when overloaded; its latency is mostly queueing.
    const closed = await report(
      `Rush (closed loop, ${CONCURRENCY} at a time)`,
      menu.id,
      await runRush({ base, tokens: tokens.slice(0, N), menuId: menu.id, items, concurrency: CONCURRENCY }),
    );
    if (!closed.ok) exitCode = 1;
    const closedRate = closed.perSecond;
    if (RATE > 0) {
      // Open loop: orders arrive at RATE per second whatever the answers (as customers do);
      // latency counts from each order's planned arrival, so a server that falls behind shows it.
      const open = await report(
        `Rush (open loop, ${RATE} orders/s arriving)`,
        openMenu.id,
        await runRush({ base, tokens: tokens.slice(N, N + OPEN_N), menuId: openMenu.id, items, concurrency: 256, rate: RATE }),
      );
      if (!open.ok) exitCode = 1;
    }
    let metricsRatio: number | undefined;
    if (METRICS_PAIRS > 0) {
      // The same rush against an app that times every answer (as deployed) and one that does
      // not (METRICS=false), in the same process and run; the order alternates so drift cancels.
      const untimed = await startServers(database, pg.url, { METRICS: 'false' });
      const ratios: number[] = [];
      let next = N + OPEN_N + WARMUP;
      const rushOn = async (target: string, label: string, pair: number) => {
        const m = await makeMenu(`Metrics ${label} ${pair}`, Math.floor(METRICS_N / 2));
        const customers = tokens.slice(next, next + METRICS_N);
        next += METRICS_N;
        const result = await report(
          `[${pair}] rush, metrics ${label}`,
          m.id,
          await runRush({ base: target, tokens: customers, menuId: m.id, items, concurrency: CONCURRENCY }),
          Math.floor(METRICS_N / 2),
        );
        if (!result.ok) exitCode = 1;
        return result.perSecond;
      };
      // Warm the second app as the first was warmed (not counted).
      await rushOn(untimed.base, 'off (warm-up)', 0);
      for (let pair = 1; pair <= METRICS_PAIRS; pair++) {
        const order = pair % 2 === 1 ? (['on', 'off'] as const) : (['off', 'on'] as const);
        const rate: Record<string, number> = {};
        for (const label of order) rate[label] = await rushOn(label === 'on' ? base : untimed.base, label, pair);
        ratios.push(rate.on! / rate.off!);
      }
      metricsRatio = median(ratios);
      // The per-answer work by itself: one histogram observation, against the time one order takes.
      const calls = 200_000;
      const t0 = performance.now();
      for (let i = 0; i < calls; i++)
        httpDuration.observe({ route: '/app/order', method: 'POST', status: i % 7 === 0 ? 409 : 200 }, (i % 100) / 1000);
      const observeUs = ((performance.now() - t0) * 1000) / calls;
      say(
        `\nOne histogram observation: ${observeUs.toFixed(2)} µs; one order request at the rush's rate: ${(1e6 / closedRate).toFixed(0)} µs of the server (${((observeUs * closedRate) / 1e4).toFixed(3)} %)`,
      );
      say(`\nMetrics pairs (on / off requests/s): ${ratios.map((r) => r.toFixed(3)).join(' ')}`);
      await untimed.close();
    }
    // The ledger after every rush (decision 038): each order's amounts equal its entries, nothing counted twice.
    const differences = await ledgerDifferences(db);
    say(`\nledger differences: ${differences.length}`);
    for (const d of differences.slice(0, 20)) say(`  ${describeDifference(d)}`);
    if (differences.length > 0) exitCode = 1;
    say(`\nMenu read vs bare route: ${(readRatio * 100).toFixed(1)} % (target >= 40 %)`);
    say(`Menu read vs GET /app/me: ${(median(meRatios) * 100).toFixed(1)} %`);
    if (metricsRatio !== undefined)
      say(`Rush with metrics vs without: ${(metricsRatio * 100).toFixed(1)} % (target >= 95 %, median of ${METRICS_PAIRS} pairs)`);
    say(`Rush vs bare route:      ${((closedRate / bareResult.requests.average) * 100).toFixed(1)} % of bare req/s`);
    say(
      `Machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; load average at start ${loadAtStart}, at end ${loadAverage()}`,
    );
    if (args.stats) await printStatementStats(db);

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
