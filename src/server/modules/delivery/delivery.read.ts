import { sql, type SQL } from 'drizzle-orm';
import type { DeliveryTimeline, DeliveryWindow, MenuDelivery, OrderDelivery } from '../../../shared/schemas/delivery.js';
import type { Db } from '../../db/client.js';
import { windowFor } from '../laps/laps.read.js';
import { ORDER_STATUS } from '../orders/placed.read.js';

/*
 * The eater's delivery timeline (issue 28, decision 068): accepted (the order placed), cooking
 * (the menu's deadline passed), on the way (its lap's run departed), delivered (its stop marked
 * delivered, or the first of its portions' QR codes handed over), with the promised window.
 */

type When = Date | string | null;

interface OrderRow {
  order_id: number;
  user_id: number;
  provider_id: number;
  menu_id: number;
  location_id: number | null;
  status: number;
  created_at: When;
  paid_at: When;
  deadline: When;
  departed_at: When;
  run_late: number | null;
  delivered_at: When;
  estimate_at: When;
  stop_late: number | null;
  handed_over_at: When;
}

const iso = (v: When) => (v === null ? null : new Date(v).toISOString());

/** Orders with everything their timeline needs, in one statement. */
async function orderRows(db: Db, where: SQL): Promise<OrderRow[]> {
  const res = await db.execute<OrderRow & Record<string, unknown>>(sql`
    select o.id as order_id, o.user_id, m.provider_id, o.menu_id, o.location_id, o.status, o.created_at, o.paid_at,
      m."to" as deadline, r.departed_at, r.late_minutes as run_late,
      s.delivered_at, s.estimate_at, s.late_minutes as stop_late,
      (select min(h.handed_over_at) from portion_handovers h where h.order_id = o.id) as handed_over_at
    from orders o
    join menus m on m.id = o.menu_id
    left join lap_locations ll on ll.location_id = o.location_id
    left join laps lp on lp.id = ll.lap_id and lp.provider_id = m.provider_id
    left join lap_runs r on r.lap_id = lp.id and r.menu_id = o.menu_id
    left join lap_stop_statuses s on s.menu_id = o.menu_id and s.location_id = o.location_id
    where ${where}
    order by o.id desc
    limit 1`);
  return res.rows;
}

/** The promised window of a location's stop on a menu; null without one. */
async function windowOf(db: Db, menuId: number, locationId: number | null): Promise<DeliveryWindow | null> {
  return locationId === null ? null : windowFor(db, menuId, locationId);
}

function timeline(r: OrderRow, window: DeliveryWindow | null, now: Date): OrderDelivery {
  const placed = r.status === ORDER_STATUS.placed;
  const deadline = r.deadline === null ? null : new Date(r.deadline);
  const delivered = [r.delivered_at, r.handed_over_at].filter((v): v is Date | string => v !== null).map((v) => new Date(v).getTime());
  const steps: DeliveryTimeline['steps'] = [
    { step: 'accepted', at: placed ? iso(r.paid_at ?? r.created_at) : null },
    { step: 'cooking', at: placed && deadline && deadline <= now ? deadline.toISOString() : null },
    { step: 'on_the_way', at: placed ? iso(r.departed_at) : null },
    { step: 'delivered', at: placed && delivered.length > 0 ? new Date(Math.min(...delivered)).toISOString() : null },
  ];
  const late = r.stop_late ?? (r.run_late !== null && r.run_late > 0 ? r.run_late : null);
  return { order_id: r.order_id, steps, window, estimate_at: placed ? iso(r.estimate_at) : null, late_minutes: placed ? late : null };
}

/** An order's timeline with who may read it (its owner, or staff of its provider); null: no such order. */
export async function orderDelivery(
  db: Db,
  orderId: number,
  now: Date,
): Promise<{ userId: number; providerId: number; delivery: OrderDelivery } | null> {
  const [row] = await orderRows(db, sql`o.id = ${orderId}`);
  if (!row) return null;
  return {
    userId: row.user_id,
    providerId: row.provider_id,
    delivery: timeline(row, await windowOf(db, row.menu_id, row.location_id), now),
  };
}

/**
 * The order page's "delivery expected" for a user on a menu: the location of their latest placed
 * order on it (else their own location), its window, and that order's timeline.
 */
export async function menuDelivery(
  db: Db,
  user: { id: number; locationId: number | null },
  menuId: number,
  now: Date,
): Promise<MenuDelivery> {
  const [row] = await orderRows(db, sql`o.menu_id = ${menuId} and o.user_id = ${user.id} and o.status = ${ORDER_STATUS.placed}`);
  const locationId = row ? row.location_id : user.locationId;
  const window = await windowOf(db, menuId, locationId);
  return { location_id: locationId, window, order: row ? timeline(row, window, now) : null };
}
