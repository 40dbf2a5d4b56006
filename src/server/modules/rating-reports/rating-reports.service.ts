/*
 * The kitchen's and the employer's view of dish ratings (issue 30, decision 080). Every read is
 * bounded by the provider (dish_ratings_provider_idx) or the dish (dish_ratings_dish_idx) and a
 * period; the location manager's read by the location's orders. Comments are plain text: the web
 * shows them as text, never HTML. The kitchen never sees who wrote a comment.
 */
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { pickText, type Lang } from '../../../shared/i18n.js';
import { pageOf } from '../../../shared/list-query.js';
import {
  DASHBOARD_MIN_RATINGS,
  DASHBOARD_RATED_SHOWN,
  MANAGER_MIN_RATERS,
  RATING_PERIODS,
  type DishRatingReport,
  type LocationRatings,
  type MonthRatings,
  type RatingCommentPage,
  type RatingDishList,
  type RatingPeriod,
  type RatingSummaries,
  type RatingSummary,
} from '../../../shared/schemas/rating-reports.js';
import type { Db } from '../../db/client.js';
import type { Translated } from '../../db/schema/common.js';
import type { RequestContext, UserContext } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { isoTime } from '../../lib/time.js';
import { ratingReportsText } from './rating-reports.messages.js';
import { dishAverages, RECENT_DAYS } from './rating-reports.read.js';

type Ctx = Pick<RequestContext, 'db' | 'lang' | 'now' | 'provider'>;
type Agg = { dish_id: number; average: number; count: number };

const twoDecimals = (n: number) => Math.round(Number(n) * 100) / 100;
const sinceOf = (now: Date, period: RatingPeriod) => new Date(now.getTime() - Number(period) * 86_400_000);

/** The dishes' titles in `lang`. */
async function titles(db: Db, ids: number[], lang: Lang): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const res = await db.execute<{ id: number; title: Translated }>(
    sql`select id, title from dishes where id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  return new Map(res.rows.map((r) => [r.id, pickText(r.title, lang)]));
}

async function summaries(db: Db, rows: Agg[], lang: Lang): Promise<RatingSummary[]> {
  const names = await titles(
    db,
    rows.map((r) => r.dish_id),
    lang,
  );
  return rows.map((r) => ({ dish_id: r.dish_id, title: names.get(r.dish_id) ?? '', average: twoDecimals(r.average), count: r.count }));
}

/** GET /app/rating-reports/dishes: the active provider's rated dishes in the period, best first. */
export async function ratedDishes(ctx: Ctx, period: RatingPeriod): Promise<RatingDishList> {
  const providerId = await ctx.provider();
  const res = await ctx.db.execute<Agg>(sql`
    select dish_id, avg(stars)::float8 as average, count(*)::int as count
    from dish_ratings where provider_id = ${providerId} and created_at >= ${sinceOf(ctx.now, period)}
    group by dish_id order by average desc, count desc, dish_id`);
  return { period, data: await summaries(ctx.db, res.rows, ctx.lang) };
}

/** GET /app/rating-reports/summary: the listed dishes of the active provider over the last RECENT_DAYS (the balance editor, the menu form). */
export async function ratingSummaries(ctx: Ctx, dishIds: number[]): Promise<RatingSummaries> {
  const averages = await dishAverages(ctx.db, await ctx.provider(), dishIds, new Date(ctx.now.getTime() - RECENT_DAYS * 86_400_000));
  return { data: [...averages.values()].map((a) => ({ ...a, title: '' })) };
}

/** The active provider's dish (404 for another provider's or an unknown one). */
async function ownDish(ctx: Ctx, dishId: number): Promise<{ providerId: number; title: string; zone: string }> {
  const providerId = await ctx.provider();
  const res = await ctx.db.execute<{ title: Translated; zone: string }>(sql`
    select d.title, p.timezone as zone from dishes d join providers p on p.id = d.provider_id
    where d.id = ${dishId} and d.provider_id = ${providerId}`);
  const row = res.rows[0];
  if (!row) throw new AppError(404, t.coded('notFound'));
  return { providerId, title: pickText(row.title, ctx.lang), zone: row.zone };
}

/** GET /app/rating-reports/dishes/{id}: average, count, distribution, tags and menu days of one dish in the period. */
export async function dishReport(ctx: Ctx, dishId: number, period: RatingPeriod): Promise<DishRatingReport> {
  const dish = await ownDish(ctx, dishId);
  const where = sql`r.dish_id = ${dishId} and r.provider_id = ${dish.providerId} and r.created_at >= ${sinceOf(ctx.now, period)}`;
  const [totals, tags, days] = await Promise.all([
    ctx.db.execute<{ average: number | null; count: number; s1: number; s2: number; s3: number; s4: number; s5: number }>(sql`
      select avg(r.stars)::float8 as average, count(*)::int as count,
        count(*) filter (where r.stars = 1)::int as s1, count(*) filter (where r.stars = 2)::int as s2,
        count(*) filter (where r.stars = 3)::int as s3, count(*) filter (where r.stars = 4)::int as s4,
        count(*) filter (where r.stars = 5)::int as s5
      from dish_ratings r where ${where}`),
    ctx.db.execute<{ tag: string; count: number }>(sql`
      select tag, count(*)::int as count from dish_ratings r cross join unnest(r.tags) as tag
      where ${where} group by tag order by count desc, tag`),
    ctx.db.execute<{ day: string; menu_id: number; average: number; count: number }>(sql`
      select ((m."from" at time zone ${dish.zone})::date)::text as day, r.menu_id, avg(r.stars)::float8 as average, count(*)::int as count
      from dish_ratings r join menus m on m.id = r.menu_id
      where ${where} group by r.menu_id, m."from" order by m."from" desc, r.menu_id desc`),
  ]);
  const s = totals.rows[0]!;
  return {
    dish_id: dishId,
    title: dish.title,
    period,
    average: s.average === null ? 0 : twoDecimals(s.average),
    count: s.count,
    distribution: [s.s1, s.s2, s.s3, s.s4, s.s5],
    tags: tags.rows,
    days: days.rows.map((d) => ({ ...d, average: twoDecimals(d.average) })),
  };
}

type CommentRow = {
  id: number;
  stars: number;
  comment: string;
  tags: string[];
  day: string;
  created_at: Date;
  answer: string;
  answered_at: Date | null;
  author: string | null;
};

/** GET /app/rating-reports/dishes/{id}/comments: the dish's ratings with a comment, newest first; the author's first name to administrators only (decision 080). */
export async function dishComments(
  ctx: Ctx & Pick<UserContext, 'user'>,
  dishId: number,
  q: { period: RatingPeriod; page: number; per_page: number },
): Promise<RatingCommentPage> {
  const dish = await ownDish(ctx, dishId);
  const admin = ctx.user.role === 'admin';
  const where = sql`r.dish_id = ${dishId} and r.provider_id = ${dish.providerId} and r.created_at >= ${sinceOf(ctx.now, q.period)} and r.comment <> ''`;
  const [rows, total] = await Promise.all([
    ctx.db.execute<CommentRow>(sql`
      select r.id, r.stars, r.comment, r.tags, ((m."from" at time zone ${dish.zone})::date)::text as day, r.created_at,
        r.answer, r.answered_at, ${admin ? sql`u.first_name` : sql`null::text`} as author
      from dish_ratings r join menus m on m.id = r.menu_id join users u on u.id = r.user_id
      where ${where} order by r.created_at desc, r.id desc limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`),
    ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from dish_ratings r where ${where}`),
  ]);
  const data = rows.rows.map((r) => ({
    ...r,
    created_at: isoTime(r.created_at),
    answered_at: r.answered_at === null ? null : isoTime(r.answered_at),
  }));
  return pageOf(data, total.rows[0]!.n, { page: q.page, perPage: q.per_page });
}

/**
 * GET /app/rating-reports/month: the active provider's best and worst rated dishes of this month
 * (its zone), each with at least DASHBOARD_MIN_RATINGS ratings; a dish is never both: with fewer
 * than six such dishes the better half is best and the rest worst.
 */
export async function monthRatings(ctx: Ctx): Promise<MonthRatings> {
  const providerId = await ctx.provider();
  const zone = (await ctx.db.execute<{ zone: string }>(sql`select timezone as zone from providers where id = ${providerId}`)).rows[0]?.zone;
  const start = DateTime.fromJSDate(ctx.now, { zone: zone ?? 'UTC' }).startOf('month');
  const res = await ctx.db.execute<Agg>(sql`
    select dish_id, avg(stars)::float8 as average, count(*)::int as count
    from dish_ratings where provider_id = ${providerId} and created_at >= ${start.toJSDate()} and created_at < ${start.plus({ months: 1 }).toJSDate()}
    group by dish_id having count(*) >= ${DASHBOARD_MIN_RATINGS}`);
  const byBest = [...res.rows].sort((a, b) => b.average - a.average || b.count - a.count || a.dish_id - b.dish_id);
  // Few rated dishes: the better half is "best", the rest "worst" (two dishes: one each).
  const best = byBest.slice(0, Math.min(DASHBOARD_RATED_SHOWN, Math.ceil(byBest.length / 2)));
  const worst = byBest.slice(best.length).reverse().slice(0, DASHBOARD_RATED_SHOWN);
  const [b, w] = await Promise.all([summaries(ctx.db, best, ctx.lang), summaries(ctx.db, worst, ctx.lang)]);
  return { month: `${start.year}-${String(start.month).padStart(2, '0')}`, min_count: DASHBOARD_MIN_RATINGS, best: b, worst: w };
}

/**
 * The periods a location manager may see a dish in, decided together (decision 080): one period's
 * figures less another's are the ratings between them, so a pair shown together must differ by no
 * eater or by at least MANAGER_MIN_RATERS of them. Decided in a fixed order (the default period
 * first, the 7 days last: the smallest groups), each shown when it has enough eaters and no such
 * difference with a period shown before it. `raters` counts an eater once per period; `between`
 * counts the eaters who rated only in the longer of two periods (keyed "short-long").
 */
export function managerPeriods(
  raters: Record<RatingPeriod, number>,
  between: (a: RatingPeriod, b: RatingPeriod) => number,
): Set<RatingPeriod> {
  const shown = new Set<RatingPeriod>();
  for (const p of MANAGER_PERIOD_ORDER) {
    if (raters[p] < MANAGER_MIN_RATERS) continue;
    const apart = [...shown].map((q) => (Number(q) < Number(p) ? between(q, p) : between(p, q)));
    if (apart.every((n) => n === 0 || n >= MANAGER_MIN_RATERS)) shown.add(p);
  }
  return shown;
}
const MANAGER_PERIOD_ORDER: RatingPeriod[] = ['30', '90', '365', '7'];

/**
 * GET /app/rating-reports/my-location: the averages of the ratings the manager's location's eaters
 * gave (their orders at the location), every provider; a dish rated by fewer than
 * MANAGER_MIN_RATERS different eaters is not shown, only counted, nor one whose figures less
 * another period's would tell fewer than that many eaters' ratings (managerPeriods; decision 080).
 * No comments, no names.
 */
export async function locationRatings(
  ctx: Pick<UserContext, 'db' | 'lang' | 'now' | 'user'>,
  period: RatingPeriod,
): Promise<LocationRatings> {
  const { user } = ctx;
  if (!user.isLocationManager || user.locationId === null) throw new AppError(403, ratingReportsText.coded('notManager'));
  const since = (p: RatingPeriod) => sinceOf(ctx.now, p);
  const pairs = RATING_PERIODS.flatMap((a, i) => RATING_PERIODS.slice(i + 1).map((b) => [a, b] as const));
  const res = await ctx.db.execute<Agg & Record<string, number>>(sql`
    select r.dish_id, avg(r.stars) filter (where r.created_at >= ${since(period)})::float8 as average,
      count(*) filter (where r.created_at >= ${since(period)})::int as count,
      ${sql.join(
        RATING_PERIODS.map(
          (p) => sql`count(distinct r.user_id) filter (where r.created_at >= ${since(p)})::int as ${sql.identifier(`r${p}`)}`,
        ),
        sql`, `,
      )},
      ${sql.join(
        pairs.map(
          ([a, b]) =>
            sql`count(distinct r.user_id) filter (where r.created_at >= ${since(b)} and r.created_at < ${since(a)})::int as ${sql.identifier(`d${a}_${b}`)}`,
        ),
        sql`, `,
      )}
    from orders o join dish_ratings r on r.order_id = o.id
    where o.location_id = ${user.locationId} and r.created_at >= ${since('365')}
    group by r.dish_id`);
  const inPeriod = res.rows.filter((r) => r[`r${period}`]! > 0);
  const shown = inPeriod
    .filter((r) => {
      const raters = Object.fromEntries(RATING_PERIODS.map((p) => [p, r[`r${p}`]!])) as Record<RatingPeriod, number>;
      return managerPeriods(raters, (a, b) => r[`d${a}_${b}`]!).has(period);
    })
    .sort((a, b) => b.average - a.average || b.count - a.count);
  return {
    period,
    min_raters: MANAGER_MIN_RATERS,
    data: await summaries(
      ctx.db,
      shown.map((r) => ({ dish_id: r.dish_id, average: r.average, count: r.count })),
      ctx.lang,
    ),
    hidden: inPeriod.length - shown.length,
  };
}
