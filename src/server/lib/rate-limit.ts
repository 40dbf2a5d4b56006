import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

export interface LimitState {
  count: number;
  resetAt: Date;
}

/**
 * Fixed-window counters kept in PostgreSQL, so every app instance sees the same numbers.
 * `hit` counts one event; `peek` reads without counting.
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

export async function peek(db: Db, key: string): Promise<number> {
  const res = await db.execute<{ count: number }>(
    sql`select count from rate_limits where key = ${key} and reset_at > now()`,
  );
  return res.rows[0]?.count ?? 0;
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}
