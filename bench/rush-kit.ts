/**
 * What the order-rush benchmarks share (bench/order-rush.ts, bench/metrics-cost.ts): the seed (a
 * provider, a location with a subsidy, 30 dishes, menus with one limited dish, customers with
 * sessions written straight into the database), the rush client in a worker thread
 * (bench/rush-client.mjs) and the check of a rush against the database.
 */
import { Worker } from 'node:worker_threads';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client.js';
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
import { hashToken, newToken } from '../src/server/lib/tokens.js';
import { percentile, say } from './support.js';

/** What bench/rush-client.mjs is given. */
export interface RushJob {
  base: string;
  tokens: string[];
  menuId: number;
  items: { id: number; qty: number }[];
  concurrency: number;
  /** Open loop: send at this many requests per second whatever the answers (latency from the planned send time). */
  rate?: number;
}
/** What bench/rush-client.mjs answers. */
export interface RushResult {
  /** [order id, customer index] for every 200 answer. */
  answers: [number, number][];
  statuses: [number, number][];
  latencies: number[];
  networkErrors: number;
  seconds: number;
}

/** Runs one rush in a worker thread (the client's work stays off the app's event loop). */
export const runRush = (job: RushJob) =>
  new Promise<RushResult>((resolve, reject) => {
    const w = new Worker(new URL('./rush-client.mjs', import.meta.url), { workerData: job });
    w.once('message', (m: RushResult | { error: string }) => ('error' in m ? reject(new Error(m.error)) : resolve(m)));
    w.once('error', reject);
  });

/** Seeds the rush's catalogue and `customers` customers with sessions; menus are made per rush. */
export async function seedRush(db: Database['db'], customers: number) {
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
  const tokens: string[] = [];
  const userIds: number[] = [];
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
  /** The order every customer sends: the limited dish and an unlimited one. */
  const items = [
    { id: hot.id, qty: 1 },
    { id: side.id, qty: 1 },
  ];
  return { provider: provider!, location: location!, hot, side, makeMenu, tokens, userIds, items };
}

export interface RushCheck {
  /** Nothing oversold or lost, no 5xx, sold + left = stock. */
  ok: boolean;
  perSecond: number;
  placedPerSecond: number;
  p99: number;
  oversold: number;
  lost: number;
  fiveXx: number;
}

/** Checks a rush against the database and prints it. */
export async function checkRush(
  db: Database['db'],
  hotId: number,
  title: string,
  menuId: number,
  rush: RushResult,
  stock: number,
): Promise<RushCheck> {
  const answers = new Map<number, number>(rush.answers);
  const statuses = new Map<number, number>(rush.statuses);
  const latencies = rush.latencies.sort((a, b) => a - b);
  const stored = await db.select({ id: orders.id, userId: orders.userId }).from(orders).where(eq(orders.menuId, menuId));
  const [{ sold } = { sold: 0 }] = await db
    .select({ sold: sql<number>`coalesce(sum(${orderItems.qty}), 0)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.menuId, menuId), inArray(orders.status, [1, 2]), eq(orderItems.dishId, hotId)));
  const [left] = await db
    .select({ qty: balances.qty })
    .from(balances)
    .where(and(eq(balances.menuId, menuId), eq(balances.dishId, hotId)));
  const storedIds = new Set(stored.map((o) => o.id));
  const answeredWithoutOrder = [...answers.keys()].filter((id) => !storedIds.has(id)).length;
  const storedWithoutAnswer = stored.filter((o) => !answers.has(o.id)).length;
  const oversold = Math.max(0, sold - stock) + Math.max(0, -(left?.qty ?? 0));
  // Every unit is either sold or still in stock.
  const consistent = sold + (left?.qty ?? 0) === stock;
  const lost = answeredWithoutOrder + storedWithoutAnswer;
  const fiveXx = [...statuses].filter(([st]) => st >= 500).reduce((n, [, c]) => n + c, 0) + rush.networkErrors;
  const count = rush.latencies.length;
  const p99 = percentile(latencies, 99);
  say(`\n${title}: ${count} order requests in ${rush.seconds.toFixed(2)} s`);
  say(`  requests/s          ${(count / rush.seconds).toFixed(0)}`);
  say(`  orders placed       ${answers.size} (stock ${stock}); placed orders/s ${(answers.size / rush.seconds).toFixed(0)}`);
  say(
    `  latency             p50 ${percentile(latencies, 50).toFixed(1)} ms   p95 ${percentile(latencies, 95).toFixed(1)} ms   p99 ${p99.toFixed(1)} ms   max ${percentile(latencies, 100).toFixed(1)} ms`,
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
  return {
    ok: !oversold && !lost && !fiveXx && consistent,
    perSecond: count / rush.seconds,
    placedPerSecond: answers.size / rush.seconds,
    p99,
    oversold,
    lost,
    fiveXx,
  };
}

/** The median (lower middle) of `v`. */
export const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor((v.length - 1) / 2)]!;
