/*
 * The forecast in the balance editor (issue 27, decision 062): per dish of a menu, the portions
 * to prepare for its day from the same weekday's orders of the last weeks, the standing orders
 * known for the day and the people away that day who usually order the dish.
 */
import { sql } from 'drizzle-orm';
import { FORECAST_WEEKS, type ForecastEntry, type MenuForecast } from '../../../shared/schemas/forecast.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { awayOn } from '../away/away.read.js';

type MenuDay = {
  day: string;
  weekday: number;
};

type Row = {
  dish_id: number;
  weeks: number;
  total: number;
  away_total: number;
  away_people: number;
  standing: number;
};

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

/** Dishes whose stock a menu has (its dishes and its set meals' options), as a subquery of `menuId`. */
const stockOf = (menuId: SqlRef) => sql`
  select md.dish_id from menu_dishes md where md.menu_id = ${menuId}
  union
  select o.dish_id from menu_dishes md
    join complex_groups g on g.dish_id = md.dish_id
    join complex_options o on o.group_id = g.id
  where md.menu_id = ${menuId}`;
type SqlRef = number | ReturnType<typeof sql>;

/**
 * The figures per dish, in one statement. Bounded by the indexes: the provider's menus of the
 * six weeks before (menus_provider_from_idx), their orders (orders_menu_idx) and lines
 * (order_items_order_lines_idx, order_item_options_item_dish_idx), the provider's active
 * standing orders (standing_orders_provider_idx), away days per user and location and day.
 */
async function figures(db: Db, menuId: number, day: string): Promise<Row[]> {
  const res = await db.execute<Row>(sql`
    with m as (
      select m.id, m.provider_id, m."from", p.timezone, ${day}::date as day
      from menus m join providers p on p.id = m.provider_id where m.id = ${menuId}
    ),
    stock as (${stockOf(menuId)}),
    refs as (
      select r.id, (r."from" at time zone m.timezone)::date as day
      from m join menus r on r.provider_id = m.provider_id and r.status
        and r."from" > m."from" - interval '44 days' and r."from" < m."from" - interval '6 days'
      where (m.day - (r."from" at time zone m.timezone)::date) in (${sql.raw(
        Array.from({ length: FORECAST_WEEKS }, (_, k) => 7 * (k + 1)).join(', '),
      )})
    ),
    weeks as (
      select x.dish_id, count(distinct rf.day)::int as n
      from refs rf cross join lateral (${stockOf(sql`rf.id`)}) x
      where x.dish_id in (select dish_id from stock)
      group by x.dish_id
    ),
    own as (
      select o.id, o.user_id from refs rf
        join orders o on o.menu_id = rf.id and o.status in (1, 2)
      where not exists (
        select 1 from standing_order_runs sr where sr.user_id = o.user_id and sr.day = rf.day and sr.order_id = o.id)
    ),
    lines as (
      select own.user_id, oi.dish_id, oi.qty from own join order_items oi on oi.order_id = own.id
      union all
      select own.user_id, oio.dish_id, oi.qty from own
        join order_items oi on oi.order_id = own.id
        join order_item_options oio on oio.order_item_id = oi.id
    ),
    per_user as (
      select user_id, dish_id, sum(qty)::int as n from lines where dish_id in (select dish_id from stock) group by user_id, dish_id
    ),
    away as (
      select u.id from users u, m
      where u.id in (select user_id from per_user) and ${awayOn({ id: sql`u.id`, locationId: sql`u.location_id` }, sql`m.day`)}
    ),
    hist as (
      select dish_id, sum(n)::int as total,
        coalesce(sum(n) filter (where user_id in (select id from away)), 0)::int as away_total,
        (count(*) filter (where user_id in (select id from away)))::int as away_people
      from per_user group by dish_id
    ),
    standing as (
      select x.dish_id, sum(so.qty)::int as n
      from m join standing_orders so on so.provider_id = m.provider_id and so.active
        join users u on u.id = so.user_id and u.active and u.role = 'customer'
        cross join lateral (
          select so.dish_id union all select (c->>'dish_id')::int from jsonb_array_elements(so.complex) c
        ) x
      where extract(isodow from m.day)::smallint = any(so.weekdays)
        and (so.ends_on is null or m.day <= so.ends_on)
        and not (m.day = any(so.skip_dates))
        and not ${awayOn({ id: sql`u.id`, locationId: sql`u.location_id` }, sql`m.day`)}
        and exists (select 1 from menu_dishes md where md.menu_id = m.id and md.dish_id = so.dish_id)
      group by x.dish_id
    )
    select s.dish_id, coalesce(w.n, 0) as weeks, coalesce(h.total, 0) as total, coalesce(h.away_total, 0) as away_total,
      coalesce(h.away_people, 0) as away_people, coalesce(st.n, 0) as standing
    from stock s
      left join weeks w on w.dish_id = s.dish_id
      left join hist h on h.dish_id = s.dish_id
      left join standing st on st.dish_id = s.dish_id
    order by s.dish_id`);
  return res.rows;
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** A dish's suggestion from its figures (decision 062). */
export function suggestion(r: Row): ForecastEntry {
  const weeks = Number(r.weeks);
  const per = (n: number) => (weeks === 0 ? 0 : Number(n) / weeks);
  const standing = Number(r.standing);
  return {
    id: r.dish_id,
    suggested: Math.round(per(r.total) - per(r.away_total)) + standing,
    average: oneDecimal(per(r.total)),
    weeks,
    standing,
    away_people: Number(r.away_people),
    away_portions: oneDecimal(per(r.away_total)),
  };
}

/** GET /app/dishlists/{id}/forecast: the suggested quantity of every dish whose stock the menu has. */
export async function menuForecast(db: Db, providerId: number, menuId: number): Promise<MenuForecast> {
  const { day, weekday } = await menuDay(db, providerId, menuId);
  const rows = await figures(db, menuId, day);
  return { day, weekday, weeks: FORECAST_WEEKS, forecast: rows.map(suggestion) };
}
