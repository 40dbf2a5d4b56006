/**
 * Event stream benchmark (issue 11; decision 030). Its own PostgreSQL and the app on 127.0.0.1
 * (bench/support.ts, as the order rush), then, in one run:
 *   1. a warm-up rush (not counted);
 *   2. `rounds` x four closed-loop order rushes of N customers each on menus of their own, in the
 *      order without / with / with / without the streams (ABBA: drift of the machine cancels out);
 *   3. "with": `streams` GET /app/events connections (order pages of customers of the same
 *      provider, plus one staff stream that names the order ids) are open during the rush;
 *   4. reports the rushes' orders/s with and without the streams (ratio), the time from each
 *      order to its event reaching each customer stream (p50/p95/p99; from the order's answer, a
 *      lower bound of commit-to-client, and from its sending, an upper bound), and the memory
 *      the open streams take (server heap, and process RSS with the client worker in it).
 *
 *   npm run bench:events -- --streams 1000 --n 500 --concurrency 32 --warmup 300 --pool 10 --rounds 2
 * Bounded: about a minute on the shared 2-core machine.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { and, eq } from 'drizzle-orm';
import { runMigrations } from '../src/server/db/migrate.js';
import { balances, categories, dishes, locations, menuDishes, menus, providers, sessions, users } from '../src/server/db/schema/index.js';
import { hashToken, newToken } from '../src/server/lib/tokens.js';
import { benchDir, loadAverage, percentile, say, startBenchDb, startServers, writeResult } from './support.js';

const { values: args } = parseArgs({
  options: {
    streams: { type: 'string', default: '1000' },
    n: { type: 'string', default: '500' },
    concurrency: { type: 'string', default: '32' },
    warmup: { type: 'string', default: '300' },
    pool: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '2' },
  },
});
const STREAMS = Number(args.streams);
const N = Number(args.n);
const CONCURRENCY = Number(args.concurrency);
const WARMUP = Number(args.warmup);
const POOL = Number(args.pool);
const ROUNDS = Number(args.rounds);

interface RushResult {
  answers: [number, number][];
  statuses: [number, number][];
  latencies: number[];
  networkErrors: number;
  seconds: number;
  timed: [number, number, number][];
}

const gc = (globalThis as { gc?: () => void }).gc;
async function memory() {
  for (let i = 0; i < 3; i++) {
    gc?.();
    await new Promise((r) => setTimeout(r, 50));
  }
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
}

async function main() {
  const loadAtStart = loadAverage();
  const dir = await benchDir('lunch-bench-events-');
  say(`Event stream: ${STREAMS} streams, rushes of ${N} customers, concurrency ${CONCURRENCY}; PostgreSQL in ${dir}`);
  if (!gc) say('(run with node --expose-gc for steadier memory figures: npm run bench:events does)');
  const { pg, database, stop } = await startBenchDb(dir, POOL);
  const db = database.db;
  try {
    await runMigrations(database);
    const now = new Date();
    const [provider] = await db.insert(providers).values({ title: 'Bench Virtuve' }).returning();
    const [location] = await db.insert(locations).values({ title: 'Bench birojs', token: newToken() }).returning();
    const [category] = await db
      .insert(categories)
      .values({ providerId: provider!.id, title: { lv: 'Pamatēdieni', en: 'Mains' } })
      .returning();
    const dishRows = await db
      .insert(dishes)
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          providerId: provider!.id,
          categoryId: category!.id,
          title: { lv: `Ēdiens ${i + 1}`, en: `Dish ${i + 1}` },
          priceCents: 350 + i * 10,
          position: i,
        })),
      )
      .returning();
    const hot = dishRows[0]!;
    const makeMenu = async (title: string) => {
      const [m] = await db
        .insert(menus)
        .values({ providerId: provider!.id, title, from: now, to: new Date(now.getTime() + 3600_000), status: true })
        .returning();
      await db.insert(menuDishes).values(dishRows.map((d) => ({ menuId: m!.id, dishId: d.id, categoryId: category!.id })));
      // Limited stock, never running out: every order changes "N left".
      await db.insert(balances).values([{ menuId: m!.id, dishId: hot.id, qty: 10 * N + WARMUP }]);
      return m!;
    };

    const customers = WARMUP + 4 * ROUNDS * N;
    const tokens: string[] = [];
    const addUsers = async (count: number, role: 'customer' | 'admin', prefix: string) => {
      const made: string[] = [];
      for (let start = 0; start < count; start += 500) {
        const rows = await db
          .insert(users)
          .values(
            Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
              email: `${prefix}${start + i}@bench.lv`,
              firstName: `K ${start + i}`,
              role,
              locationId: location!.id,
            })),
          )
          .returning({ id: users.id });
        const batch = rows.map(() => newToken());
        await db.insert(sessions).values(
          rows.map((r, i) => ({
            userId: r.id,
            tokenHash: hashToken(batch[i]!),
            remember: true,
            expiresAt: new Date(now.getTime() + 86400_000),
            lastSeenAt: now,
          })),
        );
        made.push(...batch);
      }
      return made;
    };
    tokens.push(...(await addUsers(customers, 'customer', 'rush')));
    const [staffToken] = await addUsers(1, 'admin', 'staff');

    const servers = await startServers(database, pg.url);
    const { base } = servers;
    const items = [{ id: hot.id, qty: 1 }];
    const runRush = (menuId: number, from: number, count: number) =>
      new Promise<RushResult>((resolve, reject) => {
        const w = new Worker(new URL('./rush-client.mjs', import.meta.url), {
          workerData: { base, tokens: tokens.slice(from, from + count), menuId, items, concurrency: CONCURRENCY },
        });
        w.once('message', (m: RushResult | { error: string }) => ('error' in m ? reject(new Error(m.error)) : resolve(m)));
        w.once('error', reject);
      });

    // Streams: customers of the provider (their own tokens; several streams may share one), a
    // new client worker for each block of rushes with streams.
    const streamClient = () => {
      const worker = new Worker(new URL('./stream-client.mjs', import.meta.url), {
        workerData: { base, staffToken, tokens: tokens.slice(WARMUP, WARMUP + 4 * N), count: STREAMS },
      });
      const ask = <T>(msg: string) =>
        new Promise<T>((resolve, reject) => {
          worker.once('message', resolve);
          worker.once('error', reject);
          worker.postMessage(msg);
        });
      return { worker, ask };
    };
    type Streamed = {
      arrivals: [string, number][][];
      sequence: [string, number | null][];
      received: number;
      customerOrderEvents: number;
      customerStockEvents: number;
      /** Per customer stream: menu id -> the stockLeft of the last order event it received for that menu. */
      finalStock: Record<string, [number, number][] | null>[];
    };

    if (WARMUP > 0) {
      const warm = await runRush((await makeMenu('Warm-up')).id, 0, WARMUP);
      say(`\nWarm-up rush: ${warm.answers.length} orders in ${warm.seconds.toFixed(2)} s (not counted)`);
    }

    const rates = { without: [] as number[], with: [] as number[] };
    const busyPerOrder = { without: [] as number[], with: [] as number[] };
    const cpuPer = { without: [] as number[], with: [] as number[] };
    const timed = new Map<number, [number, number]>();
    let memoryLine = '';
    let rushes = 0;
    const rush = async (kind: 'without' | 'with') => {
      const index = rushes++;
      const menu = await makeMenu(`Rush ${index}`);
      // The app's event loop (the main thread; the clients are workers): busy time per order.
      const elu = performance.eventLoopUtilization();
      const cpu0 = process.cpuUsage();
      if (kind === 'with') streamMenus.at(-1)!.push(menu.id);
      const r = await runRush(menu.id, WARMUP + index * N, N);
      const busy = performance.eventLoopUtilization(elu).active;
      // CPU of the whole process (app, rush client, stream client): what the streams cost when
      // cores are not the question (ELU counts time waiting for a core as busy).
      const cpu = process.cpuUsage(cpu0);
      const cpuPerOrder = (cpu.user + cpu.system) / 1000 / r.answers.length;
      cpuPer[kind].push(cpuPerOrder);
      busyPerOrder[kind].push(busy / r.answers.length);
      const bad = r.statuses.filter(([s]) => s !== 200).reduce((n, [, c]) => n + c, 0) + r.networkErrors;
      const rate = r.answers.length / r.seconds;
      rates[kind].push(rate);
      for (const [orderId, sent, answered] of r.timed) timed.set(orderId, [sent, answered]);
      const lat = r.latencies.sort((a, b) => a - b);
      say(
        `  rush ${index + 1} ${kind.padEnd(7)} streams: ${r.answers.length} orders in ${r.seconds.toFixed(2)} s = ${rate.toFixed(0)} orders/s   app busy ${(busy / r.answers.length).toFixed(2)} ms/order   process CPU ${cpuPerOrder.toFixed(2)} ms/order   answer p50 ${percentile(lat, 50).toFixed(0)} ms p95 ${percentile(lat, 95).toFixed(0)} ms${bad ? `   NOT 200: ${bad}` : ''}`,
      );
    };
    const streamed: Streamed[] = [];
    const streamMenus: number[][] = []; // the menus of each block's rushes with streams
    let opened = { opened: 0, failed: 0 };
    /** Two rushes with the streams open. */
    const withStreams = async () => {
      const client = streamClient();
      streamMenus.push([]);
      const before = await memory();
      opened = await client.ask<{ opened: number; failed: number }>('open');
      await new Promise((r) => setTimeout(r, 500));
      const after = await memory();
      const perStream = (bytes: number) => `${(bytes / opened.opened / 1024).toFixed(1)} KiB`;
      memoryLine ||=
        `  ${opened.opened} streams open (${opened.failed} refused): server heap +${((after.heap - before.heap) / 2 ** 20).toFixed(1)} MiB = ${perStream(after.heap - before.heap)} per stream; ` +
        `process RSS +${((after.rss - before.rss) / 2 ** 20).toFixed(1)} MiB = ${perStream(after.rss - before.rss)} per stream (server and client worker together)`;
      await rush('with');
      await rush('with');
      await new Promise((r) => setTimeout(r, 1000)); // the last events arrive
      streamed.push(await client.ask<Streamed>('close'));
      await client.worker.terminate();
      await new Promise((r) => setTimeout(r, 300));
    };

    say(`\nRushes (closed loop), ${ROUNDS} x ABBA (without, with, with, without):`);
    for (let round = 0; round < ROUNDS; round++) {
      await rush('without');
      await withStreams();
      await rush('without');
    }

    // Commit-to-client, for every order at every customer stream: a customer's event covers the
    // orders of its batch before it (customers get the last event per menu of each batch), so an
    // order reached a stream when the first event at or after it in the staff sequence did.
    const fromAnswer: number[] = [];
    const fromSend: number[] = [];
    let delivered = 0;
    for (const block of streamed) {
      const position = new Map(block.sequence.map(([id], i) => [id, i]));
      for (const stream of block.arrivals) {
        let covered = 0;
        for (const [id, at] of stream) {
          const upTo = position.get(id);
          if (upTo === undefined) continue;
          for (; covered <= upTo; covered++) {
            const orderId = block.sequence[covered]![1];
            const t = orderId === null ? undefined : timed.get(orderId);
            if (!t) continue;
            fromAnswer.push(at - t[1]);
            fromSend.push(at - t[0]);
            delivered++;
          }
        }
      }
    }
    fromAnswer.sort((a, b) => a - b);
    fromSend.sort((a, b) => a - b);
    const expected = ROUNDS * 2 * N * (opened.opened - 1);
    const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
    const ratio = mean(rates.with) / mean(rates.without);
    const ms = (v: number[], p: number) => `${percentile(v, p).toFixed(0)} ms`;
    say(`\nMemory:\n${memoryLine}`);
    // Observed: each customer stream's last received stock per rush menu against the database's.
    let sawFinal = 0;
    let finalExpected = 0;
    for (const [i, block] of streamed.entries())
      for (const menuId of streamMenus[i]!) {
        const [row] = await db
          .select({ qty: balances.qty })
          .from(balances)
          .where(and(eq(balances.menuId, menuId), eq(balances.dishId, hot.id)));
        for (const stream of block.finalStock) {
          finalExpected++;
          if (stream[menuId]?.some(([dish, qty]) => dish === hot.id && qty === row?.qty)) sawFinal++;
        }
      }
    const sum = (key: 'customerOrderEvents' | 'customerStockEvents') => streamed.reduce((n, b) => n + b[key], 0);
    const customerStreams = streamed.reduce((n, b) => n + b.arrivals.length, 0);
    say(
      `\nCustomer streams that received the final stock of each rush's menu (observed: the last stockLeft each stream got, against the database): ${sawFinal} of ${finalExpected}`,
    );
    say(
      `  order events received by the customer streams: ${sum('customerOrderEvents')} (${(sum('customerOrderEvents') / Math.max(1, customerStreams)).toFixed(1)} per stream; the server sends a stream one event per menu and batch, covering the batch's orders), ${sum('customerStockEvents')} of them with the stock left`,
    );
    say(
      `  orders covered by an event a customer stream received (an event covers the orders before it in the staff stream's order): ${delivered} of ${expected} (${((delivered / expected) * 100).toFixed(1)} %)`,
    );
    say(
      `  order answered -> event at client (lower bound of commit-to-client): p50 ${ms(fromAnswer, 50)}  p95 ${ms(fromAnswer, 95)}  p99 ${ms(fromAnswer, 99)}  max ${ms(fromAnswer, 100)}`,
    );
    say(
      `  order sent     -> event at client (upper bound):                     p50 ${ms(fromSend, 50)}  p95 ${ms(fromSend, 95)}  p99 ${ms(fromSend, 99)}  max ${ms(fromSend, 100)}`,
    );
    say(
      `\nOrders/s with ${opened.opened} streams vs without: ${(ratio * 100).toFixed(1)} % (mean ${mean(rates.with).toFixed(0)} vs ${mean(rates.without).toFixed(0)}; target >= 90 %)`,
    );
    say(
      `App event loop busy per order: ${mean(busyPerOrder.with).toFixed(2)} ms with the streams vs ${mean(busyPerOrder.without).toFixed(2)} ms without (${((mean(busyPerOrder.with) / mean(busyPerOrder.without)) * 100).toFixed(0)} %)`,
    );
    say(
      `Process CPU per order (app + clients): ${mean(cpuPer.with).toFixed(2)} ms with the streams vs ${mean(cpuPer.without).toFixed(2)} ms without (${((mean(cpuPer.with) / mean(cpuPer.without)) * 100).toFixed(0)} %)`,
    );
    say(
      `Machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; load average at start ${loadAtStart}, at end ${loadAverage()}`,
    );
    await writeResult({
      rows: [
        {
          what: `live updates: ${opened.opened} streams, commit to client p95 (upper bound: from the order's sending)`,
          target: '< 1 s',
          figure: `${ms(fromSend, 95)} (lower bound ${ms(fromAnswer, 95)})`,
          holds: percentile(fromSend, 95) < 1000,
        },
        {
          what: `live updates: orders/s with ${opened.opened} streams vs without (${ROUNDS} x ABBA)`,
          target: '>= 0.9',
          figure: `${ratio.toFixed(3)} (${mean(rates.with).toFixed(0)} vs ${mean(rates.without).toFixed(0)})`,
          holds: ratio >= 0.9,
        },
        {
          what: "live updates: customer streams that received each rush's final stock",
          target: 'all',
          figure: `${sawFinal} of ${finalExpected}`,
          holds: sawFinal === finalExpected,
        },
        {
          what: 'live updates: memory per open stream (server heap)',
          target: 'measured',
          figure: memoryLine.match(/= ([\d.]+ KiB) per stream/)?.[1] ?? '?',
          holds: null,
        },
      ],
    });
    await servers.close();
  } finally {
    await stop();
  }
  process.exit(0);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
