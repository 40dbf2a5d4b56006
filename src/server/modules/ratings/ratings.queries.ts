import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { ratingWindowEnd } from '../../lib/rating-window.js';

/*
 * What the eater's ratings read (decision 079): an order with its delivery time (as the delivery
 * timeline reads it, delivery.read.ts: its stop's delivered_at, or the first of its portions
 * handed over, whichever came first) and its rateable dishes, one per dish, with their ratings.
 */

export type When = Date | string | null;

export interface RatedOrder {
  id: number;
  userId: number;
  status: number;
  menuId: number;
  providerId: number;
  menuTitle: string;
  day: string;
  zone: string;
  deliveredAt: Date | null;
  /** Whether the eater's account is active (a deactivated eater's rating link opens nothing). */
  userActive: boolean;
  /** The end of the rating window; null while not delivered. */
  until: Date | null;
}

interface OrderRow {
  id: number;
  user_id: number;
  status: number;
  menu_id: number;
  provider_id: number;
  menu_title: string;
  day: string;
  zone: string;
  delivered_at: When;
  user_active: boolean;
}

const orderSelect = sql`
  select o.id, o.user_id, u.active as user_active, o.status, o.menu_id, m.provider_id, m.title as menu_title, p.timezone as zone,
    to_char((m."from" at time zone p.timezone)::date, 'YYYY-MM-DD') as day,
    least(s.delivered_at, (select min(h.handed_over_at) from portion_handovers h where h.order_id = o.id)) as delivered_at
  from orders o
  join users u on u.id = o.user_id
  join menus m on m.id = o.menu_id
  join providers p on p.id = m.provider_id
  left join lap_stop_statuses s on s.menu_id = o.menu_id and s.location_id = o.location_id`;

function present(r: OrderRow): RatedOrder {
  const deliveredAt = r.delivered_at === null ? null : new Date(r.delivered_at);
  return {
    id: r.id,
    userId: r.user_id,
    status: Number(r.status),
    menuId: r.menu_id,
    providerId: r.provider_id,
    menuTitle: r.menu_title,
    day: r.day,
    zone: r.zone,
    deliveredAt,
    userActive: r.user_active,
    until: deliveredAt && ratingWindowEnd(deliveredAt, r.zone),
  };
}

async function ordersWhere(db: Db | Tx, where: SQL, tail: SQL = sql``): Promise<RatedOrder[]> {
  const res = await db.execute<OrderRow & Record<string, unknown>>(sql`${orderSelect} where ${where} ${tail}`);
  return res.rows.map(present);
}

export async function ratedOrder(db: Db | Tx, orderId: number): Promise<RatedOrder | undefined> {
  const [order] = await ordersWhere(db, sql`o.id = ${orderId}`);
  return order;
}

/** Whether the window is open at `now` (delivered, and before the end of the next day). */
export const windowOpen = (o: RatedOrder, now: Date) => o.deliveredAt !== null && o.until !== null && o.deliveredAt <= now && now < o.until;

/**
 * The user's placed orders that may have dishes to rate now, newest menu first: menus of the last
 * three days (a window never outlives two), each with at least one dish not rated. One statement
 * on the user's orders (orders_user_idx), for the order page's "yesterday" card.
 */
export async function pendingOrders(db: Db, userId: number, now: Date, placed: number): Promise<RatedOrder[]> {
  const since = new Date(now.getTime() - 3 * 86_400_000).toISOString();
  return ordersWhere(
    db,
    sql`o.user_id = ${userId} and o.status = ${placed} and m."from" > ${since}::timestamptz and m."from" <= ${now.toISOString()}::timestamptz
      and exists (select 1 from order_items i where i.order_id = o.id
        and not exists (select 1 from dish_ratings r where r.order_id = o.id and r.dish_id = i.dish_id))`,
    sql`order by m."from" desc, o.id desc limit 5`,
  );
}

export interface LineRow {
  dish_id: number;
  title: Record<string, string>;
  stars: number | null;
  comment: string | null;
  tags: string[] | null;
  answer: string | null;
  answered_at: When;
}

/** The order's dishes and set meals, one line per dish (in the order's order), with their ratings. */
export async function ratingLines(db: Db | Tx, orderId: number): Promise<LineRow[]> {
  const res = await db.execute<LineRow & Record<string, unknown>>(sql`
    select i.dish_id, (array_agg(i.title order by i.position, i.id))[1] as title,
      r.stars, r.comment, r.tags, r.answer, r.answered_at
    from order_items i
    left join dish_ratings r on r.order_id = i.order_id and r.dish_id = i.dish_id
    where i.order_id = ${orderId}
    group by i.dish_id, r.id
    order by min(i.position), min(i.id)`);
  return res.rows;
}
