import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ORDER_STATUS } from '../orders/placed.read.js';

/*
 * The dashboard's reads (decision 063): three statements over the provider's menus whose day (its
 * `from` in the provider's zone, as the statements and the team report) lies in the range, each
 * reading the orders once; the service sums their rows per chart. Orders are counted as everywhere
 * (orders/placed.read.ts): placed ones only; cancelled ones are counted apart and never summed;
 * refunds come from the ledger as the statement reads them (invoices/statement.ts, decision 038).
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
  select id, title, ("from" at time zone ${s.zone})::date as day, "to" from menus
  where provider_id = ${s.providerId} and "from" >= ${s.start} and "from" < ${s.end})`;

/** Some menus by id (those whose sums are not kept): the first CTE of the orders' reads. */
export type Menus = Scope | number[];
const menusIn = (menus: Menus) =>
  Array.isArray(menus) ? sql`m as materialized (select unnest(${`{${menus.join(',')}}`}::int[]) as id)` : menusOf(menus);

const atLocation = (locationId: number | null, alias = 'o') =>
  locationId === null ? sql`` : sql` and ${sql.raw(alias)}.location_id = ${locationId}`;

export interface MenuRow {
  menu_id: number;
  day: string;
  title: string;
  /** Stock left of the menu's dishes with a limit, by dish id. */
  limited: Record<string, number>;
  /** Dishes of the menu without a stock limit. */
  unlimited: number;
  /** Portions left over as recorded; null: nothing recorded. */
  left_over: number | null;
  /** Its deadline passed over an hour ago: its sums may be kept (dashboard_menu_sums). */
  closed: boolean;
}

/** The range's menus with their stock rows and recorded leftovers (small tables; no orders read). */
export async function menuRows(db: Db, s: Scope): Promise<MenuRow[]> {
  const res = await db.execute<{
    menu_id: number;
    day: string;
    title: string;
    limited: Record<string, number> | null;
    unlimited: number;
    left_over: string | null;
    closed: boolean;
  }>(sql`
    with ${menusOf(s)}
    select m.id as menu_id, m.day::text as day, m.title, m."to" < now() - interval '1 hour' as closed,
      (select jsonb_object_agg(b.dish_id, b.qty) from balances b where b.menu_id = m.id and b.qty is not null) as limited,
      (select count(*)::int from menu_dishes d where d.menu_id = m.id
        and not exists (select 1 from balances b where b.menu_id = d.menu_id and b.dish_id = d.dish_id and b.qty is not null)) as unlimited,
      (select sum(l.portions)::text from leftovers l where l.menu_id = m.id) as left_over
    from m order by m.day, m.id`);
  return res.rows.map((r) => ({ ...r, limited: r.limited ?? {}, left_over: r.left_over === null ? null : Number(r.left_over) }));
}

export interface PortionRow {
  menu_id: number;
  dish_id: number;
  /** Portions in placed orders (each line's dish and its chosen options, times the line's quantity). */
  placed: number;
  /** Portions holding stock: placed and pending orders whose stock was not given back (orders/stock.service.ts). */
  held: number;
}

/** Portions per menu and dish, of one location's orders or of all. */
export async function portionRows(db: Db, menus: Menus, locationId: number | null): Promise<PortionRow[]> {
  if (Array.isArray(menus) && menus.length === 0) return [];
  const res = await db.execute<{ menu_id: number; dish_id: number; placed: string; held: string }>(sql`
    with ${menusIn(menus)},
    o as (select o.id, o.menu_id, o.status = ${PLACED} as placed, not o.stock_released as holds from m join orders o on o.menu_id = m.id
      where o.status in (1, ${PLACED})${atLocation(locationId)}),
    p as (
      select o.menu_id, i.dish_id, i.qty, o.placed, o.holds from o join order_items i on i.order_id = o.id
      union all
      select o.menu_id, x.dish_id, i.qty, o.placed, o.holds from o join order_items i on i.order_id = o.id
        join order_item_options x on x.order_item_id = i.id)
    select menu_id, dish_id, coalesce(sum(qty) filter (where placed), 0)::text as placed,
      coalesce(sum(qty) filter (where holds), 0)::text as held
    from p group by 1, 2`);
  return res.rows.map((r) => ({ menu_id: r.menu_id, dish_id: r.dish_id, placed: Number(r.placed), held: Number(r.held) }));
}

/** Dish titles by id. */
export async function dishTitles(db: Db, ids: number[]): Promise<Map<number, Record<string, string>>> {
  if (ids.length === 0) return new Map();
  const res = await db.execute<{ id: number; title: Record<string, string> }>(
    sql`select id, title from dishes where id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  return new Map(res.rows.map((r) => [r.id, r.title]));
}

/** Menus a dish was on, per dish, over the range. */
export async function offeredRows(db: Db, s: Scope): Promise<{ dish_id: number; menus: number }[]> {
  const res = await db.execute<{ dish_id: number; menus: number }>(sql`
    with ${menusOf(s)}
    select d.dish_id, count(*)::int as menus from m join menu_dishes d on d.menu_id = m.id group by d.dish_id`);
  return res.rows;
}

export interface MoneyRow {
  menu_id: number;
  location_id: number | null;
  /** The location's title (set by the service). */
  title?: string | null;
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

export const MONEY_FIGURES = ['orders', 'cancelled', 'cash', 'card', 'bank', 'subsidy', 'bonus', 'gross', 'standing', 'refunds'] as const;

/**
 * Per menu and location: placed orders and their money as the statement sums them (what eaters
 * paid per payment type, subsidy, bonus, food value), cancelled orders counted apart, placed
 * orders a standing order placed (standing_order_runs.order_id), and refunds (positive cents) from
 * the ledger as the statement reads them (its covering partial index on refunds: decision 087).
 */
export async function moneyRows(db: Db, menus: Menus, locationId: number | null): Promise<MoneyRow[]> {
  if (Array.isArray(menus) && menus.length === 0) return [];
  const paid = (method: string) => sql`coalesce(sum(o.amount_to_pay_cents) filter (where placed and o.payment_type = ${method}), 0)`;
  const res = await db.execute<Record<string, string | number | null>>(sql`
    with ${menusIn(menus)},
    runs as (select r.order_id from m join standing_order_runs r on r.menu_id = m.id where r.order_id is not null),
    o as (select o.menu_id, o.location_id, o.payment_type, o.amount_to_pay_cents, o.subsidy_cents, o.bonus_cents, o.amount_cents,
        o.status = ${PLACED} as placed, r.order_id is not null as standing
      from m join orders o on o.menu_id = m.id left join runs r on r.order_id = o.id
      where o.status in (${PLACED}, ${ORDER_STATUS.cancelled})${atLocation(locationId)}),
    s as (select o.menu_id, coalesce(o.location_id, 0) as location_id, count(*) filter (where placed) as orders,
      count(*) filter (where not placed) as cancelled, ${paid('cash')} as cash, ${paid('card')} as card,
      ${paid('bank')} as bank, coalesce(sum(o.subsidy_cents) filter (where placed), 0) as subsidy,
      coalesce(sum(o.bonus_cents) filter (where placed), 0) as bonus,
      coalesce(sum(o.amount_cents) filter (where placed), 0) as gross,
      count(*) filter (where placed and standing) as standing
    from o group by 1, 2),
    r as (select e.menu_id, coalesce(e.location_id, 0) as location_id, -sum(e.amount_cents) as refunds
      from m join ledger_entries e on e.menu_id = m.id and e.kind = 'refund'
      where true${atLocation(locationId, 'e')} group by 1, 2)
    select coalesce(s.menu_id, r.menu_id) as menu_id, coalesce(s.location_id, r.location_id) as location_id,
      coalesce(s.orders, 0)::int as orders, coalesce(s.cancelled, 0)::int as cancelled, coalesce(s.cash, 0)::text as cash,
      coalesce(s.card, 0)::text as card, coalesce(s.bank, 0)::text as bank, coalesce(s.subsidy, 0)::text as subsidy,
      coalesce(s.bonus, 0)::text as bonus, coalesce(s.gross, 0)::text as gross, coalesce(s.standing, 0)::int as standing,
      coalesce(r.refunds, 0)::text as refunds
    from s full join r on r.menu_id = s.menu_id and r.location_id = s.location_id`);
  return res.rows.map((r) => ({
    menu_id: Number(r.menu_id),
    location_id: Number(r.location_id) || null,
    title: null,
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

/** Location titles by id. */
export async function locationTitles(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const res = await db.execute<{ id: number; title: string }>(
    sql`select id, title from locations where id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  return new Map(res.rows.map((r) => [r.id, r.title]));
}
