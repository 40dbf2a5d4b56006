/*
 * The forecast in the balance editor (issue 27, decision 062): per dish of a menu, the portions
 * to prepare for its day from the same weekday's orders of the last weeks, the standing orders
 * known for the day and the people away that day who usually order the dish, nudged by its
 * recent ratings within ±10 % (decision 080).
 */
import { sql, type SQL } from 'drizzle-orm';
import { FORECAST_WEEKS, type ForecastEntry, type MenuForecast } from '../../../shared/schemas/forecast.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { ratingFactors } from '../rating-reports/rating-reports.read.js';

type MenuDay = { day: string; weekday: number };
type Ref = { id: number; day: string; rolled: boolean };
type Row = { dish_id: number; weeks: number; total: number; away_total: number; away_people: number; standing: number };

/** The menu of the provider, with its day (its start in the provider's zone); 404 when another provider's. */
async function menuDay(db: Db, providerId: number, menuId: number): Promise<MenuDay> {
  const res = await db.execute<MenuDay>(sql`
    select ((m."from" at time zone p.timezone)::date)::text as day, extract(isodow from (m."from" at time zone p.timezone))::int as weekday
    from menus m join providers p on p.id = m.provider_id
    where m.id = ${menuId} and m.provider_id = ${providerId}`);
  const row = res.rows[0];
  if (!row) throw new AppError(404, t.coded('notFound'));
  return row;
}

/** Dishes whose stock a menu has (its dishes and its set meals' options), as a subquery. */
const stockOf = (menuId: number | SQL) => sql`
  select md.dish_id from menu_dishes md where md.menu_id = ${menuId}
  union
  select o.dish_id from menu_dishes md
    join complex_groups g on g.dish_id = md.dish_id
    join complex_options o on o.group_id = g.id
  where md.menu_id = ${menuId}`;

/**
 * The portions people ordered themselves on the orders `own` lists (id, user_id): placed or
 * pending (as the balance's "ordered"), each line's dish and a set meal's chosen options; not
 * those a standing order placed (the standing part counts those).
 */
const ownLines = (own: SQL) => sql`
  with own as (
    select o.id, o.user_id from (${own}) o
    where not exists (select 1 from standing_order_runs sr where sr.user_id = o.user_id and sr.order_id = o.id)
  )
  select own.user_id, oi.dish_id, oi.qty from own join order_items oi on oi.order_id = own.id
  union all
  select own.user_id, oio.dish_id, oi.qty from own
    join order_items oi on oi.order_id = own.id
    join order_item_options oio on oio.order_item_id = oi.id`;

/**
 * The provider's published menus of the same weekday in the FORECAST_WEEKS weeks before
 * (menus_provider_from_idx) whose deadline has passed: a menu still taking orders (the week before
 * a menu planned two weeks ahead) is not a past week yet; counting its first orders would pull the
 * average down, and keeping that count (rollUp) would freeze it there for good.
 */
async function referenceMenus(db: Db, menuId: number, day: string, now: Date): Promise<Ref[]> {
  const back = Array.from({ length: FORECAST_WEEKS }, (_, k) => 7 * (k + 1)).join(',');
  const res = await db.execute<Ref>(sql`
    select r.id, ((r."from" at time zone p.timezone)::date)::text as day,
      exists (select 1 from forecast_menu_dishes f where f.menu_id = r.id) as rolled
    from menus m join providers p on p.id = m.provider_id
      join menus r on r.provider_id = m.provider_id and r.status and r."to" <= ${now}
        and r."from" > m."from" - interval '${sql.raw(String(7 * FORECAST_WEEKS + 2))} days' and r."from" < m."from" - interval '6 days'
    where m.id = ${menuId} and (${day}::date - (r."from" at time zone p.timezone)::date) = any('{${sql.raw(back)}}'::int[])`);
  return res.rows;
}

/** Counts a past menu once (decision 062): a row per stock dish, 0 included, so a counted menu is known. */
async function rollUp(db: Db, menuId: number): Promise<void> {
  await db.execute(sql`
    insert into forecast_menu_dishes (menu_id, dish_id, portions)
    select ${menuId}, s.dish_id, coalesce(c.n, 0)::int
    from (${stockOf(menuId)}) s
      left join (select l.dish_id, sum(l.qty) as n from (${ownLines(sql`select o.id, o.user_id from orders o where o.menu_id = ${menuId} and o.status in (1, 2)`)}) l group by l.dish_id) c
        on c.dish_id = s.dish_id
    on conflict do nothing`);
}

/**
 * The figures per dish, bounded: the reference menus' counted rows, the away users' own orders on
 * those menus (away_days_day_idx, users by location, orders_user_idx), the provider's active
 * standing orders (standing_orders_provider_idx).
 */
const figuresSql = (menuId: number, day: string, refs: Ref[]) => sql`
  with stock as (${stockOf(menuId)}),
  refs (id, day) as (${
    refs.length === 0
      ? sql`select null::int, null::date where false`
      : sql`values ${sql.join(
          refs.map((r) => sql`(${r.id}::int, ${r.day}::date)`),
          sql`, `,
        )}`
  }),
  counted as (
    select f.dish_id, count(distinct r.day)::int as weeks, sum(f.portions)::int as total
    from refs r join forecast_menu_dishes f on f.menu_id = r.id group by f.dish_id
  ),
  away as (
    select a.user_id as id from away_days a where a.day = ${day}::date and a.user_id is not null
    union
    select u.id from away_days a join users u on u.location_id = a.location_id where a.day = ${day}::date
  ),
  away_lines as (${ownLines(sql`
    select o.id, o.user_id from away w cross join lateral (
      select o.id, o.user_id from orders o where o.user_id = w.id and o.menu_id in (select id from refs) and o.status in (1, 2)
    ) o`)}),
  away_sums as (
    select dish_id, sum(qty)::int as total, count(distinct user_id)::int as people from away_lines group by dish_id
  ),
  standing as (
    select x.dish_id, sum(so.qty)::int as n
    from menus m join standing_orders so on so.provider_id = m.provider_id and so.active
      join users u on u.id = so.user_id and u.active and u.role = 'customer'
      cross join lateral (
        select so.dish_id union all select (c->>'dish_id')::int from jsonb_array_elements(so.complex) c
      ) x
    where m.id = ${menuId}
      and extract(isodow from ${day}::date)::smallint = any(so.weekdays)
      and (so.ends_on is null or ${day}::date <= so.ends_on)
      and not (${day}::date = any(so.skip_dates))
      and u.id not in (select id from away)
      and exists (select 1 from menu_dishes md where md.menu_id = m.id and md.dish_id = so.dish_id)
    group by x.dish_id
  )
  select s.dish_id, coalesce(c.weeks, 0) as weeks, coalesce(c.total, 0) as total, coalesce(a.total, 0) as away_total,
    coalesce(a.people, 0) as away_people, coalesce(st.n, 0) as standing
  from stock s
    left join counted c on c.dish_id = s.dish_id
    left join away_sums a on a.dish_id = s.dish_id
    left join standing st on st.dish_id = s.dish_id
  order by s.dish_id`;

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

type Rating = { factor: number; average: number | null };

/** A dish's suggestion from its figures (decision 062) and its rating factor (decision 080). */
function suggestion(r: Row, rating: Rating): ForecastEntry {
  const weeks = Number(r.weeks);
  const per = (n: number) => (weeks === 0 ? 0 : Number(n) / weeks);
  const standing = Number(r.standing);
  return {
    id: r.dish_id,
    // No reference week had the dish: nothing to suggest (standing orders alone are not the day's demand).
    suggested: weeks === 0 ? null : Math.round((per(r.total) - per(r.away_total)) * rating.factor) + standing,
    average: oneDecimal(per(r.total)),
    weeks,
    standing,
    away_people: Number(r.away_people),
    away_portions: oneDecimal(per(r.away_total)),
    rating_factor: rating.factor,
    rating_average: rating.average,
  };
}

/** GET /app/dishlists/{id}/forecast: the suggested quantity of every dish whose stock the menu has. */
export async function menuForecast(db: Db, providerId: number, menuId: number, now: Date): Promise<MenuForecast> {
  const { day, weekday } = await menuDay(db, providerId, menuId);
  const refs = await referenceMenus(db, menuId, day, now);
  for (const r of refs) if (!r.rolled) await rollUp(db, r.id);
  const rows = (await db.execute<Row>(figuresSql(menuId, day, refs))).rows;
  const ratings = await ratingFactors(
    db,
    providerId,
    rows.map((r) => r.dish_id),
    now,
  );
  const none: Rating = { factor: 1, average: null };
  return { day, weekday, weeks: FORECAST_WEEKS, forecast: rows.map((r) => suggestion(r, ratings.get(r.dish_id) ?? none)) };
}

/**
 * The nightly job (decision 062): counts the provider menus whose deadline has passed in the
 * weeks a forecast reads and that are not counted yet, so a forecast never waits for it. A menu
 * a read finds uncounted (before the first night) is counted by that read.
 */
export async function rollUpForecastCounts(db: Db, now: Date): Promise<number> {
  const res = await db.execute<{ id: number }>(sql`
    select m.id from menus m
    where m.status and m."to" < ${now} and m."from" > ${now}::timestamptz - interval '${sql.raw(String(7 * (FORECAST_WEEKS + 1)))} days'
      and not exists (select 1 from forecast_menu_dishes f where f.menu_id = m.id)
    order by m.id`);
  for (const r of res.rows) await rollUp(db, r.id);
  return res.rows.length;
}
