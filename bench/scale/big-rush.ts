/**
 * The big caterer's own rush (issue 26, decision 059): `npm run bench:big-rush -- --scale 0.1`
 * (SCALE_DATA_DIR as for bench:scale; the preset must be generated). On the preset's database:
 *   1. the ordinary order rush (bench:order-rush's every-order-placed rush: `--ordinary-n`
 *      customers, 64 at a time, the limited dish and an unlimited one, cash) on today's big menu,
 *      against the same rush on an empty database, each through an app process of its own,
 *      alternating empty / preset / preset / empty (`--ordinary-rounds` pairs);
 *   2. `--customers` customers at every location (round robin) ordering from their provider's
 *      menu for today in the last `--minutes` before its deadline (moved to the end of the window),
 *      through `--instances` app processes on the one database, orders handed to the instances in
 *      turn. Arrivals are an open loop whose rate rises linearly towards the deadline (the i-th of
 *      n at minutes × sqrt((i + ½) / n): the last minute twice the mean rate). Each order: one
 *      unlimited dish and, for `--limited-share` of them, one of the menu's two limited dishes,
 *      whose stock is set to `--sell-out` of what is asked (they sell out near the deadline);
 *   3. checks: every answer against the stored orders (lost), the limited stock (oversold,
 *      sold + left = stock), 5xx, p50/p95/p99 from each order's planned arrival, and the ledger of
 *      the menus open today; then removes the rush's rows and restores deadlines and stock;
 *   4. writes docs/benchmarks/big-rush-<scale>.md (commit, date, load) and the bench/run.ts rows.
 */
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runMigrations } from '../../src/server/db/migrate.js';
import { ledgerDifferences } from '../../src/server/lib/ledger.js';
import { startApp, stopApp } from '../app-process.js';
import { cpuPer, readCpu } from '../cpu.js';
import { seedRush } from '../rush-kit.js';
import { benchDir, loadAverage, say, startBenchDb, writeResult } from '../support.js';
import { openScaleDb, presetDir, readMeta } from './generate.js';
import {
  checkOutcome,
  cleanUp,
  customersOf,
  makeSessions,
  openMenus,
  orderOf,
  sendOrders,
  todaysMenus,
  heldUnpaid,
  type RushOrder,
  type RushOutcome,
} from './rush-data.js';
import { prng } from './shape.js';
import { shiftsOf } from './reference.js';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '0.1' },
    customers: { type: 'string', default: '10000' },
    minutes: { type: 'string', default: '5' },
    instances: { type: 'string', default: '2' },
    pool: { type: 'string', default: '10' },
    'limited-share': { type: 'string', default: '0.4' },
    'sell-out': { type: 'string', default: '0.8' },
    'ordinary-n': { type: 'string', default: '1000' },
    'ordinary-rounds': { type: 'string', default: '2' },
    concurrency: { type: 'string', default: '64' },
    out: { type: 'string' },
    'with-unpaid': { type: 'boolean', default: false },
  },
});
const N = Number(args.customers);
const WINDOW_MS = Number(args.minutes) * 60_000;
const INSTANCES = Number(args.instances);
const ORD_N = Number(args['ordinary-n']);
const ORD_ROUNDS = Number(args['ordinary-rounds']);
const CONCURRENCY = Number(args.concurrency);
const pct = (v: number) => `${(v * 100).toFixed(1)} %`;
const ms = (v: number) => `${v.toFixed(0)} ms`;

/** One closed-loop every-order-placed rush through a fresh app process; answers placed orders/s. */
async function ordinaryRush(url: string, orders: RushOrder[], warm: number, check: () => Promise<boolean>): Promise<number> {
  const app = await startApp(url, { BENCH_POOL: args.pool! });
  try {
    const warmed = await sendOrders([app.base], orders.slice(0, warm), CONCURRENCY);
    const sent = await sendOrders([app.base], orders.slice(warm), CONCURRENCY);
    const placed = [...warmed.results, ...sent.results].filter((r) => r[0] === 200).length;
    if (placed !== orders.length || !(await check())) {
      const statuses = [...warmed.results, ...sent.results].map((r) => r[0]).join(',');
      throw new Error(`ordinary rush: ${placed} of ${orders.length} placed, or stock not as expected (answers ${statuses.slice(0, 300)})`);
    }
    return placed / sent.seconds;
  } finally {
    await stopApp(app.child);
  }
}

async function main(): Promise<number> {
  const scale = Number(args.scale);
  const meta = await readMeta(scale);
  if (!meta)
    throw new Error(`no preset at ${presetDir(scale)}: generate it first (npm run bench:scale -- --scale ${scale} --generate-only)`);
  const s = meta.shape;
  const loadAtStart = loadAverage();
  const started = new Date();
  // The commit measured is the one checked out now: the app processes load its code at the start.
  const git = (...a: string[]) => execFileSync('git', a, { encoding: 'utf8' }).trim();
  const commit = git('rev-parse', 'HEAD');
  const dirty = git('status', '--porcelain', '--untracked-files=no') ? ' (with uncommitted changes)' : '';
  const db = await openScaleDb(scale, 4);
  const pool = db.database.pool;
  const menus = todaysMenus(s);
  const menuIds = menus.map((m) => m.menuId);
  const big = menus[0]!;
  const tokensMade: string[] = [];
  let saved: Awaited<ReturnType<typeof openMenus>> | undefined;
  const rows: { what: string; target: string; figure: string; holds: boolean | null }[] = [];
  try {
    await runMigrations(db.database);
    // ---- the ordinary rush: the preset's today's big menu against an empty database
    const ordinary = { empty: [] as number[], preset: [] as number[] };
    // Each rush is warmed by orders of its own first (compiled paths, prepared statements), not counted.
    const warm = Math.min(200, Math.floor(ORD_N / 4));
    const perRound = ORD_N + warm;
    // Customers without an unpaid order today: theirs would be released and its stock come back (decision 045).
    const unpaid = new Set(
      (
        await pool.query<{ user_id: number }>('select user_id from orders where menu_id = $1 and status = 1 and not stock_released', [
          big.menuId,
        ])
      ).rows.map((r) => r.user_id),
    );
    const ordCustomers = customersOf(s, perRound * ORD_ROUNDS + unpaid.size, 60, 1)
      .filter((c) => !unpaid.has(c.userId))
      .slice(0, perRound * ORD_ROUNDS);
    const ordTokens = await makeSessions(
      pool,
      ordCustomers.map((c) => c.userId),
    );
    tokensMade.push(...ordTokens);
    // The deadline is set again for the big rush; until then the menus stay open.
    saved = await openMenus(pool, menuIds, new Date(Date.now() + 3600_000), new Map());
    const bench = await startBenchDb(await benchDir('lunch-big-rush-'), 4);
    try {
      await runMigrations(bench.database);
      const seed = await seedRush(bench.database.db, perRound * ORD_ROUNDS);
      const hot = `${big.menuId}:${big.limited[0]}`;
      const side = big.unlimited[0]!;
      for (let r = 0; r < ORD_ROUNDS * 2; r++) {
        const emptyTurn = r % 4 === 0 || r % 4 === 3;
        const round = Math.floor(r / 2);
        if (emptyTurn) {
          const menu = await seed.makeMenu(`Ordinary rush ${round}`, perRound);
          const body = JSON.stringify({ dishlist_id: menu.id, items: seed.items, payment_type: 'cash', terms: true });
          const orders = seed.tokens
            .slice(round * perRound, (round + 1) * perRound)
            .map((token, i) => ({ userId: 0, menuId: menu.id, token, key: `ord-${r}-${i}`, body, instance: 0, limited: [] }));
          ordinary.empty.push(await ordinaryRush(bench.pg.url, orders, warm, async () => true));
        } else {
          const from = round * perRound;
          await pool.query('update balances set qty = $3 where menu_id = $1 and dish_id = $2', [big.menuId, big.limited[0], perRound]);
          const orders = ordCustomers.slice(from, from + perRound).map((c, i) => {
            const shift = shiftsOf(c.location)[0];
            const items = [
              { id: big.limited[0]!, qty: 1 },
              { id: side, qty: 1 },
            ];
            const body = JSON.stringify({
              dishlist_id: big.menuId,
              items,
              payment_type: 'cash',
              terms: true,
              ...(shift ? { shift_id: shift } : {}),
            });
            return {
              userId: c.userId,
              menuId: big.menuId,
              token: ordTokens[from + i]!,
              key: `ord-${r}-${i}`,
              body,
              instance: 0,
              limited: [],
            };
          });
          const left = async () => {
            const qty = (
              await pool.query<{ qty: number }>('select qty from balances where menu_id = $1 and dish_id = $2', hot.split(':').map(Number))
            ).rows[0]?.qty;
            if (qty !== 0) say(`  stock left after the ordinary rush: ${qty}`);
            return qty === 0;
          };
          ordinary.preset.push(await ordinaryRush(db.pg.url, orders, warm, left));
        }
        say(
          `  ordinary rush ${r + 1}: ${emptyTurn ? 'empty database' : `preset ${scale}`} ${(emptyTurn ? ordinary.empty : ordinary.preset).at(-1)!.toFixed(0)} placed/s`,
        );
      }
    } finally {
      await bench.stop();
    }
    const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / Math.max(1, v.length);
    const ordRatio = mean(ordinary.preset) / mean(ordinary.empty);

    // ---- the big rush
    // Customers without an unpaid order today, as in the ordinary rush: a new order would release it
    // (decision 045), and the released order would stay changed after the clean-up. `--with-unpaid`
    // (on a copy of a preset only) takes them too: the stock check then counts what was released.
    const unpaidToday = new Set(
      args['with-unpaid']
        ? []
        : (
            await pool.query<{ user_id: number }>(
              'select user_id from orders where menu_id = any($1::int[]) and status = 1 and not stock_released',
              [menuIds],
            )
          ).rows.map((r) => r.user_id),
    );
    const customers = customersOf(s, N + unpaidToday.size, 0)
      .filter((c) => !unpaidToday.has(c.userId))
      .slice(0, N);
    const tokens = await makeSessions(
      pool,
      customers.map((c) => c.userId),
    );
    tokensMade.push(...tokens);
    const rng = prng(s.seed * 59 + 1);
    const tag = Date.now().toString(36);
    const orders = customers.map((c, i) => orderOf(s, c, tokens[i]!, `big-rush-${tag}-${i}`, rng, Number(args['limited-share'])));
    // Arrival order: customers shuffled (seeded), times rising towards the deadline.
    for (let i = orders.length - 1; i > 0; i--) {
      const j = rng.int(0, i);
      [orders[i], orders[j]] = [orders[j]!, orders[i]!];
    }
    orders.forEach((o, i) => {
      o.at = WINDOW_MS * Math.sqrt((i + 0.5) / orders.length);
      o.instance = i % INSTANCES;
    });
    const stock = new Map<string, number>();
    for (const m of menus)
      for (const dish of m.limited) {
        const asked = orders.filter((o) => o.menuId === m.menuId && o.limited.includes(dish)).length;
        stock.set(`${m.menuId}:${dish}`, Math.floor(asked * Number(args['sell-out'])));
      }
    const rushStart = await openMenus(pool, menuIds, new Date(Date.now() + WINDOW_MS + 60_000), stock);
    const apps = await Promise.all(Array.from({ length: INSTANCES }, () => startApp(db.pg.url, { BENCH_POOL: args.pool! })));
    let outcome: RushOutcome;
    let cpu: ReturnType<typeof cpuPer>;
    try {
      // Each instance's deadline is the end of the window: set it once the instances are up.
      await pool.query('update menus set "to" = $2 where id = any($1::int[])', [menuIds, new Date(Date.now() + WINDOW_MS + 10_000)]);
      say(`\nBig rush: ${N} customers at ${s.locations} locations, ${args.minutes} min, ${INSTANCES} app processes`);
      const pgData = path.join(presetDir(scale), 'pg');
      const pids = apps.map((a) => a.child.pid!);
      const held = await heldUnpaid(pool, stock);
      const before = readCpu(pgData, pids);
      const sent = await sendOrders(
        apps.map((a) => a.base),
        orders,
      );
      cpu = cpuPer(before, readCpu(pgData, pids), N);
      outcome = await checkOutcome(pool, orders, sent, rushStart.lastOrderId, stock, held);
    } finally {
      await Promise.all(apps.map((a) => stopApp(a.child)));
    }
    const since = new Date(Date.now() - 3 * 86400_000);
    const differences = (await ledgerDifferences(db.database.db, { since })).length;
    const perProvider = menus.map((m) => `${orders.filter((o) => o.menuId === m.menuId).length} on menu ${m.menuId}`).join(', ');
    say(
      `  sent ${outcome.sent} (${perProvider}); placed ${outcome.placed}, refused ${outcome.refused} (stock), 5xx ${outcome.fiveXx}, network errors ${outcome.networkErrors}`,
    );
    say(`  latency from planned arrival: p50 ${ms(outcome.p50)}, p95 ${ms(outcome.p95)}, p99 ${ms(outcome.p99)}, max ${ms(outcome.max)}`);
    say(
      `  lost ${outcome.lost}, oversold ${outcome.oversold}, sold + left = stock: ${outcome.consistent ? 'yes' : 'NO'}, ledger differences ${differences}`,
    );
    say(
      `  CPU per order: app processes ${cpu.app.toFixed(2)} ms, PostgreSQL ${cpu.postgres.toFixed(2)} ms, bench (client) ${cpu.other.toFixed(2)} ms`,
    );
    say(
      `  ordinary rush: preset ${ordinary.preset.map((v) => v.toFixed(0)).join(', ')} vs empty ${ordinary.empty.map((v) => v.toFixed(0)).join(', ')} placed/s: ${pct(ordRatio)}`,
    );
    const ok = outcome.lost === 0 && outcome.oversold === 0 && outcome.consistent && outcome.fiveXx + outcome.networkErrors === 0;
    rows.push(
      {
        what: `big rush, ${N} customers at ${s.locations} locations in ${args.minutes} min, ${INSTANCES} app processes (scale ${scale})`,
        target: 'p99 < 500 ms',
        figure: `p99 ${ms(outcome.p99)} (p50 ${ms(outcome.p50)}, p95 ${ms(outcome.p95)})`,
        holds: outcome.p99 < 500,
      },
      {
        what: 'big rush: oversold / lost / 5xx / ledger differences',
        target: '0 / 0 / 0 / 0',
        figure: `${outcome.oversold} / ${outcome.lost} / ${outcome.fiveXx + outcome.networkErrors} / ${differences}`,
        holds: ok && differences === 0,
      },
      {
        what: `ordinary order rush on today's big menu (scale ${scale}) vs an empty database, ${ORD_N} orders × ${ORD_ROUNDS} each`,
        target: '>= 0.9',
        figure: `${ordRatio.toFixed(2)} (${mean(ordinary.preset).toFixed(0)} vs ${mean(ordinary.empty).toFixed(0)} placed/s)`,
        holds: ordRatio >= 0.9,
      },
    );
    const file = args.out ?? path.resolve(path.dirname(new URL(import.meta.url).pathname), `../../docs/benchmarks/big-rush-${scale}.md`);
    await writeFile(
      file,
      [
        `# The big caterer's own rush, scale ${scale}`,
        '',
        'Written by `npm run bench:big-rush` (bench/scale/big-rush.ts; decision 059).',
        '',
        `- **Commit** \`${commit}\`${dirty} (checked out when the run started)`,
        `- **Date** ${started.toISOString().slice(0, 16).replace('T', ' ')} – ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
        `- **Load average** (1 / 5 / 15 min) at the start ${loadAtStart}, at the end ${loadAverage()}`,
        `- **Arrivals** ${N} customers (${perProvider}), open loop over ${args.minutes} min rising linearly to the deadline; ${pct(Number(args['limited-share']))} of orders with a limited dish, stock ${pct(Number(args['sell-out']))} of what was asked; ${outcome.placed} placed, ${outcome.refused} refused for stock`,
        `- **CPU per order** app processes ${cpu.app.toFixed(2)} ms, PostgreSQL ${cpu.postgres.toFixed(2)} ms, the bench's client ${cpu.other.toFixed(2)} ms`,
        '',
        '| what | target | figure | |',
        '| --- | --- | --- | --- |',
        ...rows.map(
          (r) => `| ${r.what} | ${r.target} | ${r.figure} | ${r.holds === null ? 'measured' : r.holds ? 'holds' : '**misses**'} |`,
        ),
        '',
      ].join('\n'),
    );
    say(`Results written to ${file}`);
    await writeResult({ rows });
    return ok && differences === 0 ? 0 : 1;
  } finally {
    if (saved)
      say(`  clean-up: ${await cleanUp(pool, saved, menuIds, tokensMade)} orders of the rushes removed, deadlines and stock restored`);
    await db.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
