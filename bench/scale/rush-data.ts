/**
 * The big caterer's rush on its generated data (bench/scale/big-rush.ts): the customers and their
 * sessions, today's menus opened for the rush (deadline and limited stock), the orders they send,
 * the check of what was stored against what was answered, and the clean-up that leaves the preset
 * as it was (the rush's orders, lines, entries and sessions removed; deadlines and stock restored).
 */
import { Worker } from 'node:worker_threads';
import type pg from 'pg';
import { hashToken, newToken } from '../../src/server/lib/tokens.js';
import { percentile } from '../support.js';
import { shiftsOf } from './reference.js';
import { dishId, firstUserOf, menuIdOf, menuPlainDishes, prng, providerOf, type Shape } from './shape.js';

type Client = Pick<pg.Pool, 'query'>;

export interface RushOrder {
  userId: number;
  menuId: number;
  token: string;
  key: string;
  body: string;
  instance: number;
  /** Planned send time in ms after the start (open loop). */
  at?: number;
  /** Dishes of the order with a balance row (limited), with their quantities. */
  limited: number[];
}

/** `n` customers, round robin over the locations, the `from`-th user of each onwards (managers skipped). */
export function customersOf(s: Shape, n: number, from: number, onlyProvider?: number): { userId: number; location: number }[] {
  const out: { userId: number; location: number }[] = [];
  for (let k = from; out.length < n && k < s.usersPerLocation - s.managersPerLocation; k++)
    for (let l = 1; l <= s.locations && out.length < n; l++)
      if (onlyProvider === undefined || providerOf(s, l) === onlyProvider)
        out.push({ userId: firstUserOf(s, l) + s.managersPerLocation + k, location: l });
  if (out.length < n) throw new Error(`the preset has fewer than ${n} customers from user ${from} of each location`);
  return out;
}

/** Sessions for `userIds` written straight into the database; answers their tokens. */
export async function makeSessions(db: Client, userIds: number[]): Promise<string[]> {
  const tokens = userIds.map(() => newToken());
  const expires = new Date(Date.now() + 86400_000);
  for (let i = 0; i < userIds.length; i += 2000)
    await db.query(
      `insert into sessions (user_id, token_hash, remember, expires_at, last_seen_at)
       select u, h, true, $3, now() from unnest($1::int[], $2::text[]) as t(u, h)`,
      [userIds.slice(i, i + 2000), tokens.slice(i, i + 2000).map(hashToken), expires],
    );
  return tokens;
}

/** Today's menu of each provider, the plain dishes on it and which of them are limited (have a balance row). */
export function todaysMenus(s: Shape) {
  const day = s.days - 1;
  const plain = menuPlainDishes(day);
  return Array.from({ length: s.providers }, (_, k) => {
    const p = k + 1;
    return {
      provider: p,
      menuId: menuIdOf(s, day, p),
      limited: plain.slice(0, 2).map((i) => dishId(p, i)),
      unlimited: plain.slice(2).map((i) => dishId(p, i)),
    };
  });
}

/**
 * Customer c's order: one unlimited dish of their provider's menu and, for `limitedShare` of them,
 * one of its two limited dishes; cash; the first shift where the location has shifts.
 */
export function orderOf(
  s: Shape,
  c: { userId: number; location: number },
  token: string,
  key: string,
  rng: ReturnType<typeof prng>,
  limitedShare: number,
): RushOrder {
  const menu = todaysMenus(s)[providerOf(s, c.location) - 1]!;
  const limited = rng.chance(limitedShare) ? [rng.pick(menu.limited)] : [];
  const items = [{ id: rng.pick(menu.unlimited), qty: 1 }, ...limited.map((id) => ({ id, qty: 1 }))];
  const shift = shiftsOf(c.location)[0];
  const body = JSON.stringify({
    dishlist_id: menu.menuId,
    items,
    payment_type: 'cash',
    terms: true,
    ...(shift ? { shift_id: shift } : {}),
  });
  return { userId: c.userId, menuId: menu.menuId, token, key, body, instance: 0, limited };
}

/** What the rush changes on today's menus, to put back afterwards. */
export interface Saved {
  menus: { id: number; to: Date }[];
  balances: { menu_id: number; dish_id: number; qty: number | null }[];
  /** The highest order id before the rush: the rush's orders are above it. */
  lastOrderId: number;
}

/** Opens today's menus until `deadline` and sets each limited dish's stock; answers what it was. */
export async function openMenus(db: Client, menuIds: number[], deadline: Date, stock: Map<string, number>): Promise<Saved> {
  const menus = (await db.query<{ id: number; to: Date }>('select id, "to" from menus where id = any($1::int[])', [menuIds])).rows;
  const balances = (
    await db.query<{ menu_id: number; dish_id: number; qty: number | null }>(
      'select menu_id, dish_id, qty from balances where menu_id = any($1::int[])',
      [menuIds],
    )
  ).rows;
  const lastOrderId = (await db.query<{ id: number }>('select coalesce(max(id), 0)::int as id from orders')).rows[0]!.id;
  await db.query('update menus set "to" = $2 where id = any($1::int[])', [menuIds, deadline]);
  for (const [k, qty] of stock) {
    const [menu, dish] = k.split(':').map(Number);
    await db.query('update balances set qty = $3 where menu_id = $1 and dish_id = $2', [menu, dish, qty]);
  }
  return { menus, balances, lastOrderId };
}

/**
 * Units of `dish` on `menu` held by the orders `where` selects (SQL over `o`, parameters from $3):
 * its lines of the dish and the set-meal lines with the dish chosen as an option, each counted
 * by the line's quantity: what placing takes from the dish's balance row and a release gives back
 * (orderNeeds in modules/orders/stock.service.ts). Counting the lines alone misses the options.
 */
async function unitsOf(db: Client, menu: number, dish: number, where: string, params: unknown[] = []): Promise<number> {
  const r = await db.query<{ n: number }>(
    `select coalesce(sum(n), 0)::int as n from (
       select i.qty as n from order_items i join orders o on o.id = i.order_id
       where o.menu_id = $1 and i.dish_id = $2 and ${where}
       union all
       select i.qty from order_item_options x join order_items i on i.id = x.order_item_id join orders o on o.id = i.order_id
       where o.menu_id = $1 and x.dish_id = $2 and ${where}) u`,
    [menu, dish, ...params],
  );
  return r.rows[0]!.n;
}

/**
 * Units of each limited row held by unpaid (pending card or bank) orders of the generated day that
 * are not released (options included, see unitsOf): a customer's new order releases their unpaid
 * one (decision 045), whose stock returns to the menu, so the stock check counts what was released
 * during the rush.
 */
export async function heldUnpaid(db: Client, stock: Map<string, number>): Promise<Map<string, number>> {
  const held = new Map<string, number>();
  for (const k of stock.keys()) {
    const [menu, dish] = k.split(':').map(Number) as [number, number];
    held.set(k, await unitsOf(db, menu, dish, 'o.status = 1 and not o.stock_released'));
  }
  return held;
}

export interface RushOutcome {
  sent: number;
  placed: number;
  refused: number;
  fiveXx: number;
  networkErrors: number;
  lost: number;
  oversold: number;
  /** Every limited row: sold + left = stock. */
  consistent: boolean;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  seconds: number;
}

/** Runs the orders in the client worker (bench/scale/rush-client.mjs); answers [status, latency, order id] per order. */
export function sendOrders(bases: string[], orders: RushOrder[], concurrency?: number) {
  return new Promise<{ results: [number, number, number][]; seconds: number }>((resolve, reject) => {
    const job = { bases, concurrency, orders: orders.map(({ token, key, body, instance, at }) => ({ token, key, body, instance, at })) };
    const w = new Worker(new URL('./rush-client.mjs', import.meta.url), { workerData: job });
    w.once('message', (m: { results: [number, number, number][]; seconds: number } | { error: string }) =>
      'error' in m ? reject(new Error(m.error)) : resolve(m),
    );
    w.once('error', reject);
  });
}

/** Checks the answers against the database: stored orders of the rush's customers above `lastOrderId`, the limited stock. */
export async function checkOutcome(
  db: Client,
  orders: RushOrder[],
  sent: { results: [number, number, number][]; seconds: number },
  lastOrderId: number,
  stock: Map<string, number>,
  heldBefore: Map<string, number>,
): Promise<RushOutcome> {
  const heldAfter = await heldUnpaid(db, stock);
  const answered = new Set(sent.results.filter((r) => r[0] === 200 && r[2] > 0).map((r) => r[2]));
  const menuIds = [...new Set(orders.map((o) => o.menuId))];
  const stored = (
    await db.query<{ id: number }>('select id from orders where id > $1 and menu_id = any($2::int[]) and user_id = any($3::int[])', [
      lastOrderId,
      menuIds,
      orders.map((o) => o.userId),
    ])
  ).rows.map((r) => r.id);
  const storedSet = new Set(stored);
  const lost = [...answered].filter((id) => !storedSet.has(id)).length + stored.filter((id) => !answered.has(id)).length;
  let oversold = 0;
  let consistent = true;
  for (const [k, qty] of stock) {
    const [menu, dish] = k.split(':').map(Number) as [number, number];
    const sold = await unitsOf(db, menu, dish, 'o.id > $3 and o.status in (1, 2)', [lastOrderId]);
    const left = (await db.query<{ qty: number }>('select qty from balances where menu_id = $1 and dish_id = $2', [menu, dish])).rows[0]!
      .qty;
    // Sold by the rush (placed or pending) from the stock set plus what released unpaid orders gave back.
    const released = (heldBefore.get(k) ?? 0) - (heldAfter.get(k) ?? 0);
    oversold += Math.max(0, sold - (qty + released)) + Math.max(0, -left);
    if (sold + left !== qty + released) {
      consistent = false;
      process.stdout.write(`  menu ${menu}, dish ${dish}: stock ${qty}, released ${released}, sold ${sold}, left ${left}\n`);
    }
  }
  const lat = sent.results.map((r) => r[1]).sort((a, b) => a - b);
  const count = (f: (st: number) => boolean) => sent.results.filter((r) => f(r[0])).length;
  return {
    sent: sent.results.length,
    placed: answered.size,
    refused: count((st) => st >= 400 && st < 500),
    fiveXx: count((st) => st >= 500),
    networkErrors: count((st) => st === 0),
    lost,
    oversold,
    consistent,
    p50: percentile(lat, 50),
    p95: percentile(lat, 95),
    p99: percentile(lat, 99),
    max: percentile(lat, 100),
    seconds: sent.seconds,
  };
}

/**
 * Leaves the preset as it was: removes the orders above `lastOrderId` on the rush's menus with
 * their lines, options, payments and ledger entries (the ledger is append-only for the app; this is
 * the bench taking back its own rows, with triggers off as the generator writes), the bench's
 * sessions, and puts back the menus' deadlines and stock.
 */
export async function cleanUp(pool: pg.Pool, saved: Saved, menuIds: number[], tokens: string[]): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query("set local session_replication_role = 'replica'");
    const ids = `select id from orders where id > $1 and menu_id = any($2::int[])`;
    await client.query(`delete from ledger_entries where order_id in (${ids})`, [saved.lastOrderId, menuIds]);
    await client.query(`delete from order_item_options where order_item_id in (select id from order_items where order_id in (${ids}))`, [
      saved.lastOrderId,
      menuIds,
    ]);
    await client.query(`delete from order_items where order_id in (${ids})`, [saved.lastOrderId, menuIds]);
    await client.query(`delete from payments where order_id in (${ids})`, [saved.lastOrderId, menuIds]);
    const gone = await client.query(`delete from orders where id in (${ids})`, [saved.lastOrderId, menuIds]);
    await client.query('delete from sessions where token_hash = any($1::text[])', [tokens.map(hashToken)]);
    for (const m of saved.menus) await client.query('update menus set "to" = $2 where id = $1', [m.id, m.to]);
    for (const b of saved.balances)
      await client.query('update balances set qty = $3 where menu_id = $1 and dish_id = $2', [b.menu_id, b.dish_id, b.qty]);
    await client.query('commit');
    return gone.rowCount ?? 0;
  } catch (err) {
    await client.query('rollback');
    throw err;
  } finally {
    client.release();
  }
}
