/*
 * What other modules read of the ratings (decision 080): a batch of dishes' averages and counts
 * (the balance editor and the menu form: one read per page, never one per dish) and the forecast's
 * rating factor. Reads dish_ratings through its dish and provider indexes only.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** The window the summaries and the forecast factor read, in days back from now. */
export const RECENT_DAYS = 90;
/** A dish's recent average moves its forecast only with at least this many ratings. */
export const FACTOR_MIN_RATINGS = 5;
/** The factor's bound: the expected count moves at most ±10 %. */
export const FACTOR_BOUND = 0.1;
/** Per star the dish's average is above (below) the provider's: +5 % (−5 %). */
export const FACTOR_PER_STAR = 0.05;

export type DishAverage = { dish_id: number; average: number; count: number };

const twoDecimals = (n: number) => Math.round(n * 100) / 100;

/** The provider's dishes' averages and counts since `since` (only dishes with ratings), by dish_ratings_dish_idx. */
export async function dishAverages(db: Db, providerId: number, dishIds: number[], since: Date): Promise<Map<number, DishAverage>> {
  const out = new Map<number, DishAverage>();
  if (dishIds.length === 0) return out;
  const res = await db.execute<{ dish_id: number; average: string; count: number }>(sql`
    select r.dish_id, avg(r.stars)::float8 as average, count(*)::int as count
    from dish_ratings r
    where r.dish_id = any(${`{${dishIds.join(',')}}`}::int[]) and r.created_at >= ${since} and r.provider_id = ${providerId}
    group by r.dish_id`);
  for (const r of res.rows) out.set(r.dish_id, { dish_id: r.dish_id, average: twoDecimals(Number(r.average)), count: r.count });
  return out;
}

/**
 * The forecast's rating factor of a dish (decision 080):
 * 1 + clamp(FACTOR_PER_STAR × (dish average − provider average), −FACTOR_BOUND, +FACTOR_BOUND),
 * both averages over the last RECENT_DAYS; 1 when the dish has fewer than FACTOR_MIN_RATINGS.
 */
export function ratingFactor(dish: { average: number; count: number } | undefined, providerAverage: number | null): number {
  if (!dish || providerAverage === null || dish.count < FACTOR_MIN_RATINGS) return 1;
  const nudge = Math.max(-FACTOR_BOUND, Math.min(FACTOR_BOUND, FACTOR_PER_STAR * (dish.average - providerAverage)));
  return Math.round((1 + nudge) * 1000) / 1000;
}

/** Every listed dish's rating factor (1 for a dish without enough ratings) and its recent average. */
export async function ratingFactors(
  db: Db,
  providerId: number,
  dishIds: number[],
  now: Date,
): Promise<Map<number, { factor: number; average: number | null; count: number }>> {
  const since = new Date(now.getTime() - RECENT_DAYS * 86_400_000);
  const [dishes, provider] = await Promise.all([
    dishAverages(db, providerId, dishIds, since),
    db.execute<{ average: number | null }>(sql`
      select avg(stars)::float8 as average from dish_ratings where provider_id = ${providerId} and created_at >= ${since}`),
  ]);
  const raw = provider.rows[0]?.average;
  const providerAverage = raw === null || raw === undefined ? null : Number(raw);
  const out = new Map<number, { factor: number; average: number | null; count: number }>();
  for (const id of dishIds) {
    const d = dishes.get(id);
    out.set(id, { factor: ratingFactor(d, providerAverage), average: d?.average ?? null, count: d?.count ?? 0 });
  }
  return out;
}
