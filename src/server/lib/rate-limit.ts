import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';

export interface LimitState {
  count: number;
  resetAt: Date;
}

/**
 * Fixed-window counters kept in PostgreSQL, so every app instance sees the same numbers.
 * `hit` counts one event atomically and returns the new count, so parallel requests cannot
 * all slip under a limit. Windows run on the database's clock.
 */
export async function hit(db: Db | Tx, key: string, windowMs: number): Promise<LimitState> {
  const res = await db.execute<{ count: number; reset_at: Date }>(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, 1, now() + ${`${windowMs} milliseconds`}::interval)
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning count, reset_at`);
  const row = res.rows[0]!;
  return { count: row.count, resetAt: new Date(row.reset_at) };
}

/** Takes back one counted event (e.g. an attempt that turned out fine). */
export async function undo(db: Db, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Progressive delays: `free` failures, then each next attempt waits twice as long as the last. */
export interface Backoff {
  /** Attempts allowed without waiting. */
  free: number;
  /** Wait after the `free`-th counted attempt; doubles with each further one. */
  firstDelayMs: number;
  /** The longest wait. */
  maxDelayMs: number;
  /** How long after its last counted attempt a key is forgotten (longer than maxDelayMs). */
  memoryMs: number;
}

export interface BackoffState {
  /** False: the attempt came before its wait was over; it was not counted. */
  allowed: boolean;
  /** When the next attempt may come. */
  nextAt: Date;
}

/** The wait required after `count` counted attempts. */
export function backoffDelayMs(b: Backoff, count: number): number {
  if (count < b.free) return 0;
  return Math.min(b.maxDelayMs, b.firstDelayMs * 2 ** Math.min(count - b.free, 30));
}

/**
 * Counts an attempt under progressive delays, atomically (parallel attempts cannot all slip
 * through a wait): the attempt is counted and allowed when the key has fewer than `free`
 * attempts or its wait since the last counted one is over; else nothing changes and it is
 * refused. The row's reset_at is the last counted attempt plus `memoryMs`, so the last
 * attempt's time needs no column of its own.
 */
export async function attempt(db: Db, key: string, b: Backoff): Promise<BackoffState> {
  const memory = `${b.memoryMs} milliseconds`;
  const wait = sql`(rate_limits.reset_at > now() and rate_limits.count >= ${b.free}::int
    and rate_limits.reset_at - ${memory}::interval
      + least(${b.maxDelayMs}::float8, ${b.firstDelayMs}::float8 * power(2, least(rate_limits.count - ${b.free}::int, 30))) * interval '1 millisecond'
      > now())`;
  const res = await db.execute<{ count: number; reset_at: Date; counted: boolean }>(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, 1, now() + ${memory}::interval)
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 when ${wait} then rate_limits.count else rate_limits.count + 1 end,
      reset_at = case when ${wait} then rate_limits.reset_at else now() + ${memory}::interval end
    returning count, reset_at, reset_at = now() + ${memory}::interval as counted`);
  const row = res.rows[0]!;
  const last = new Date(row.reset_at).getTime() - b.memoryMs;
  return { allowed: row.counted, nextAt: new Date(last + backoffDelayMs(b, row.count)) };
}
