import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

export interface LimitState {
  count: number;
  resetAt: Date;
}

/**
 * Fixed-window counters kept in PostgreSQL, so every app instance sees the same numbers.
 * `hit` counts one event atomically and returns the new count, so parallel requests cannot
 * all slip under a limit. Windows run on the database's clock.
 */
export async function hit(db: Db, key: string, windowMs: number): Promise<LimitState> {
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
