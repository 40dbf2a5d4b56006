import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ORDER_STATUS } from '../orders/placed.read.js';

/*
 * The dashboard's reads (decision 063), each one statement over the provider's menus whose day
 * (its `from` in the provider's zone, as the statements and the team report) lies in the range.
 * Orders are counted as everywhere (orders/placed.read.ts): placed ones only; cancelled ones are
 * kept apart and never summed; refunds come from the ledger as the statement reads them
 * (invoices/statement.ts, decision 038).
 */

export interface Scope {
  providerId: number;
  /** The provider's zone: a menu's day. */
  zone: string;
  /** First instant of the first day and of the day after the last, in that zone. */
  start: Date;
  end: Date;
  locationId: number | null;
}

const PLACED = ORDER_STATUS.placed;

/** The menus of the range (id, title, day): the first CTE of every read. */
const menusOf = (s: Scope) => sql`m as materialized (
  select id, title, ("from" at time zone ${s.zone})::date as day from menus
  where provider_id = ${s.providerId} and "from" >= ${s.start} and "from" < ${s.end})`;

const atLocation = (s: Scope, alias = 'o') => (s.locationId === null ? sql`` : sql` and ${sql.raw(alias)}.location_id = ${s.locationId}`);

/**
 * Portions per menu and dish of the orders matching `where` (alias o): each line's dish and every
 * chosen option of it, times the line's quantity, as stock counts them (orders/stock.service.ts).
 */
const portions = (where: SQL) => sql`
  select o.menu_id, i.dish_id, i.qty::bigint as n from m join orders o on o.menu_id = m.id
    join order_items i on i.order_id = o.id where ${where}
  union all
  select o.menu_id, x.dish_id, i.qty::bigint from m join orders o on o.menu_id = m.id
    join order_items i on i.order_id = o.id join order_item_options x on x.order_item_id = i.id where ${where}`;

export interface DayRow {
  day: string;
  menu_id: number;
  menu_title: string;
  prepared: number | null;
  unlimited_dishes: number;
  ordered: number;
  left_over: number | null;
}

/**
 * Per menu: portions ordered (placed orders), prepared (dishes with a stock limit: the stock left
 * plus what the orders holding stock took: placed and pending ones not given back) and left over
 * (the kitchen's record; null when none). The whole menu, whatever the location filter: stock and
 * leftovers are kept per menu.
 */
export async function dayRows(db: Db, s: Scope): Promise<DayRow[]> {
  const res = await db.execute<{
    day: string;
    menu_id: number;
    menu_title: string;
    prepared: string | null;
    unlimited_dishes: number;
    ordered: string;
    left_over: string | null;
  }>(sql`
    with ${menusOf(s)},
    ordered as (select menu_id, sum(n) as n from (${portions(sql`o.status = ${PLACED}`)}) p group by menu_id),
    held as (select menu_id, dish_id, sum(n) as n from (${portions(sql`o.status in (1, 2) and not o.stock_released`)}) p group by 1, 2),
    prepared as (
      select b.menu_id, sum(b.qty + coalesce(h.n, 0)) as n from m join balances b on b.menu_id = m.id
        left join held h on h.menu_id = b.menu_id and h.dish_id = b.dish_id
      where b.qty is not null group by b.menu_id),
    unlimited as (
      select d.menu_id, count(*)::int as n from m join menu_dishes d on d.menu_id = m.id
      where not exists (select 1 from balances b where b.menu_id = d.menu_id and b.dish_id = d.dish_id and b.qty is not null)
      group by d.menu_id),
    left_over as (select l.menu_id, sum(l.portions) as n from m join leftovers l on l.menu_id = m.id group by l.menu_id)
    select m.day::text as day, m.id as menu_id, m.title as menu_title, p.n::text as prepared,
      coalesce(u.n, 0) as unlimited_dishes, coalesce(o.n, 0)::text as ordered, l.n::text as left_over
    from m left join ordered o on o.menu_id = m.id left join prepared p on p.menu_id = m.id
      left join unlimited u on u.menu_id = m.id left join left_over l on l.menu_id = m.id
    order by m.day, m.id`);
  const num = (v: string | null) => (v === null ? null : Number(v));
  return res.rows.map((r) => ({
    ...r,
    prepared: num(r.prepared),
    ordered: Number(r.ordered),
    left_over: num(r.left_over),
  }));
}

export interface DishRow {
  dish_id: number;
  title: Record<string, string>;
  ordered: number;
  menus: number;
}

/** Every dish on the range's menus or in its placed orders (at the location): portions ordered and on how many menus. */
export async function dishRows(db: Db, s: Scope): Promise<DishRow[]> {
  const res = await db.execute<{ dish_id: number; title: Record<string, string>; ordered: string; menus: number }>(sql`
    with ${menusOf(s)},
    ordered as (select dish_id, sum(n) as n from (${portions(sql`o.status = ${PLACED}${atLocation(s)}`)}) p group by dish_id),
    offered as (select d.dish_id, count(*)::int as n from m join menu_dishes d on d.menu_id = m.id group by d.dish_id),
    both_ as (select coalesce(o.dish_id, f.dish_id) as dish_id, coalesce(o.n, 0) as ordered, coalesce(f.n, 0) as menus
      from ordered o full join offered f on f.dish_id = o.dish_id)
    select b.dish_id, d.title, b.ordered::text as ordered, b.menus from both_ b join dishes d on d.id = b.dish_id
    order by b.ordered desc, b.dish_id`);
  return res.rows.map((r) => ({ ...r, ordered: Number(r.ordered) }));
}

export type LocationRow = {
  period: string;
  location_id: number | null;
  title: string | null;
  orders: number;
};

/** Placed orders per period (a day, or the Monday of its week) and location. */
export async function locationRows(db: Db, s: Scope, period: 'day' | 'week'): Promise<LocationRow[]> {
  const bucket = period === 'day' ? sql`m.day` : sql`date_trunc('week', m.day)::date`;
  const res = await db.execute<LocationRow>(sql`
    with ${menusOf(s)}
    select ${bucket}::text as period, o.location_id, l.title, count(*)::int as orders
    from m join orders o on o.menu_id = m.id left join locations l on l.id = o.location_id
    where o.status = ${PLACED}${atLocation(s)}
    group by 1, 2, 3 order by 1, 2`);
  return res.rows;
}

export interface MoneyRow {
  location_id: number | null;
  title: string | null;
  orders: number;
  cancelled: number;
  cash: number;
  card: number;
  bank: number;
  subsidy: number;
  bonus: number;
  gross: number;
  standing: number;
  refunds: number;
}

/**
 * Per location: placed orders and their money as the statement sums it (what eaters paid per
 * payment type, subsidy, bonus, food value), cancelled orders counted apart, placed orders a
 * standing order placed (standing_order_runs.order_id), and refunds from the ledger.
 */
export async function moneyRows(db: Db, s: Scope): Promise<MoneyRow[]> {
  const paid = (method: string) => sql`coalesce(sum(o.amount_to_pay_cents) filter (where placed and o.payment_type = ${method}), 0)::text`;
  const res = await db.execute<Record<keyof MoneyRow, string | null>>(sql`
    with ${menusOf(s)},
    runs as (select r.order_id from m join standing_order_runs r on r.menu_id = m.id where r.order_id is not null),
    o as (select o.location_id, o.payment_type, o.amount_to_pay_cents, o.subsidy_cents, o.bonus_cents, o.amount_cents,
        o.status = ${PLACED} as placed, r.order_id is not null as standing
      from m join orders o on o.menu_id = m.id left join runs r on r.order_id = o.id
      where o.status in (${PLACED}, ${ORDER_STATUS.cancelled})${atLocation(s)}),
    sums as (
      select o.location_id, count(*) filter (where placed) as orders, count(*) filter (where not placed) as cancelled,
        ${paid('cash')} as cash, ${paid('card')} as card, ${paid('bank')} as bank,
        coalesce(sum(o.subsidy_cents) filter (where placed), 0)::text as subsidy,
        coalesce(sum(o.bonus_cents) filter (where placed), 0)::text as bonus,
        coalesce(sum(o.amount_cents) filter (where placed), 0)::text as gross,
        count(*) filter (where placed and standing) as standing
      from o group by o.location_id),
    refunds as (
      select e.location_id, -sum(e.amount_cents) as refunds from m join ledger_entries e on e.menu_id = m.id
      where e.kind = 'refund'${atLocation(s, 'e')} group by e.location_id)
    select coalesce(s.location_id, r.location_id) as location_id, l.title, coalesce(s.orders, 0)::text as orders,
      coalesce(s.cancelled, 0)::text as cancelled, coalesce(s.cash, '0') as cash, coalesce(s.card, '0') as card,
      coalesce(s.bank, '0') as bank, coalesce(s.subsidy, '0') as subsidy, coalesce(s.bonus, '0') as bonus,
      coalesce(s.gross, '0') as gross, coalesce(s.standing, 0)::text as standing, coalesce(r.refunds, 0)::text as refunds
    from sums s full join refunds r on coalesce(r.location_id, 0) = coalesce(s.location_id, 0)
      left join locations l on l.id = coalesce(s.location_id, r.location_id)
    order by l.title nulls last, 1`);
  return res.rows.map((r) => ({
    location_id: r.location_id === null ? null : Number(r.location_id),
    title: r.title,
    orders: Number(r.orders),
    cancelled: Number(r.cancelled),
    cash: Number(r.cash),
    card: Number(r.card),
    bank: Number(r.bank),
    subsidy: Number(r.subsidy),
    bonus: Number(r.bonus),
    gross: Number(r.gross),
    standing: Number(r.standing),
    refunds: Number(r.refunds),
  }));
}
