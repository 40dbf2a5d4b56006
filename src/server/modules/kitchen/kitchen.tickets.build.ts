import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { pickText, type Lang } from '../../../shared/i18n.js';
import type { KitchenTicket, TicketCount, TicketGrouping } from '../../../shared/schemas/kitchen.js';
import type { Db } from '../../db/client.js';
import { dishes, kdsBumps, locations, orderItemOptions, orderItems, orders } from '../../db/schema/index.js';
import { deliveryOrder, deliveryStops, type DeliveryStop } from './kitchen.delivery.js';
import { providerMenu } from '../priced-menu/priced-menu.read.js';
import { ORDER_STATUS, placedOrder, shownOrder } from '../orders/placed.read.js';
import { departureOn } from './kitchen.departure.js';
import { meetingTickets } from './kitchen.meeting-tickets.js';

/*
 * The tickets of a menu (decision 053): counted per location in SQL (one row per location, one per
 * location and dish), then put together per lap or location here. What the answer holds grows with
 * the locations and dishes, not with the orders; a ticket's orders are read when it is opened
 * (kitchen.ticket-orders.ts).
 */

export type Built = KitchenTicket & { changedAt: Date };
export type Bump = { ticketKey: string; bumpedAt: Date; recalledAt: Date | null };

const iso = (d: Date) => d.toISOString();
/** Meeting orders are tickets of their own (kitchen.meeting-tickets.ts), never counted on their location's. */
export const notMeeting = () => ne(orders.kind, 'meeting');

/** The key of the ticket a location's orders go on. */
export function ticketKeyOf(locationId: number | null, stop: DeliveryStop | undefined, by: TicketGrouping): string {
  return by === 'lap' && stop !== undefined ? `lap:${stop.lapId}` : `loc:${locationId ?? 'none'}`;
}

/** Per location: its placed, cancelled and allergen-flagged orders, its last change and whether any was late. */
async function locationRows(db: Db, menuId: number, deadline: Date) {
  const placedAt = sql`coalesce(${orders.paidAt}, ${orders.createdAt})`;
  const cancelled = sql`${orders.status} = ${ORDER_STATUS.cancelled}`;
  const changedAt = sql`case when ${cancelled} and ${orders.cancelledAt} > ${placedAt} then ${orders.cancelledAt} else ${placedAt} end`;
  const late = sql`${placedAt} > ${deadline} or (${cancelled} and ${orders.cancelledAt} > ${deadline})`;
  return db
    .select({
      locationId: orders.locationId,
      location: locations.title,
      placed: sql<number>`(count(*) filter (where ${placedOrder()}))::int`,
      cancelled: sql<number>`(count(*) filter (where ${cancelled}))::int`,
      allergen: sql<number>`(count(*) filter (where ${placedOrder()} and cardinality(${orders.allergenWarnings}) > 0))::int`,
      changedAt: sql<Date>`max(${changedAt})`.mapWith(orders.createdAt),
      late: sql<boolean>`coalesce(bool_or(${late}), false)`,
    })
    .from(orders)
    .leftJoin(locations, eq(locations.id, orders.locationId))
    .where(and(eq(orders.menuId, menuId), shownOrder(), notMeeting()))
    .groupBy(orders.locationId, locations.title);
}

/**
 * Per location: each dish of its placed orders and how many (plain dishes and set meals), and the
 * options chosen in its set meals, counted per set meal; index-only scans per order (migration 0017).
 */
async function dishRows(db: Db, menuId: number) {
  const placed = and(eq(orders.menuId, menuId), placedOrder(), notMeeting());
  const qty = sql<number>`sum(${orderItems.qty})`.mapWith(Number);
  return Promise.all([
    db
      .select({ locationId: orders.locationId, dishId: orderItems.dishId, qty })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(placed)
      .groupBy(orders.locationId, orderItems.dishId),
    db
      .select({ locationId: orders.locationId, setId: orderItems.dishId, dishId: orderItemOptions.dishId, qty })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .innerJoin(orderItemOptions, eq(orderItemOptions.orderItemId, orderItems.id))
      .where(placed)
      .groupBy(orders.locationId, orderItems.dishId, orderItemOptions.dishId),
  ]);
}

async function dishTitles(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, { title: Record<string, string> | null; position: number }>();
  const rows = await db
    .select({ id: dishes.id, title: dishes.title, position: dishes.position })
    .from(dishes)
    .where(inArray(dishes.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The menu's tickets (placed and cancelled orders) in delivery order, with their bumps. */
export async function buildTickets(db: Db, providerId: number, menuId: number, by: TicketGrouping, lang: Lang) {
  const menu = await providerMenu(db, providerId, menuId);
  const [places, [counted, chosen], stopOf, bumps] = await Promise.all([
    locationRows(db, menuId, menu.to),
    dishRows(db, menuId),
    deliveryStops(db, providerId),
    db
      .select({ ticketKey: kdsBumps.ticketKey, bumpedAt: kdsBumps.bumpedAt, recalledAt: kdsBumps.recalledAt })
      .from(kdsBumps)
      .where(eq(kdsBumps.menuId, menuId)),
  ]);
  const [titles, meetings] = await Promise.all([
    dishTitles(db, [...new Set([...counted, ...chosen].map((r) => r.dishId))]),
    meetingTickets(db, menu, stopOf, lang),
  ]);
  const title = (id: number) => pickText(titles.get(id)?.title ?? null, lang);
  const position = (id: number) => titles.get(id)?.position ?? 0;

  const byDelivery = deliveryOrder(stopOf, lang);
  type Counted = TicketCount & { dishId: number; chosen: Map<number, number> };
  // Filled in delivery order (the locations are sorted first), so the tickets come out in it.
  const tickets = new Map<string, Built & { counts: Map<number, Counted> }>();
  const keyOfLocation = new Map<number | null, string>();
  for (const r of [...places].sort((a, b) => byDelivery(a, b))) {
    const stop = r.locationId !== null ? stopOf.get(r.locationId) : undefined;
    const key = ticketKeyOf(r.locationId, stop, by);
    const byLap = key.startsWith('lap:');
    keyOfLocation.set(r.locationId, key);
    let ticket = tickets.get(key);
    if (!ticket) {
      ticket = {
        key,
        kind: byLap ? 'lap' : 'location',
        title: byLap ? stop!.lapTitle : r.location,
        stops: [],
        lines: [],
        order_count: 0,
        cancelled_count: 0,
        allergen_orders: 0,
        portions: 0,
        late: false,
        changed_at: iso(r.changedAt),
        changedAt: r.changedAt,
        changed_after_bump: false,
        dispatch_at: departureOn(menu.from, menu.timezone, stop?.departsAt ?? null),
        counts: new Map(),
      };
      tickets.set(key, ticket);
    }
    if (r.location !== null) ticket.stops.push(r.location);
    ticket.order_count += r.placed;
    ticket.cancelled_count += r.cancelled;
    ticket.allergen_orders += r.allergen;
    ticket.late ||= r.late;
    if (r.changedAt > ticket.changedAt) {
      ticket.changedAt = r.changedAt;
      ticket.changed_at = iso(r.changedAt);
    }
  }
  const ticketOf = (locationId: number | null) => tickets.get(keyOfLocation.get(locationId) ?? '');
  for (const r of counted) {
    const ticket = ticketOf(r.locationId);
    if (!ticket) continue;
    const seen = ticket.counts.get(r.dishId);
    if (seen) seen.qty += r.qty;
    else ticket.counts.set(r.dishId, { dishId: r.dishId, title: title(r.dishId), qty: r.qty, options: [], chosen: new Map() });
    ticket.portions += r.qty;
  }
  for (const r of chosen) {
    const set = ticketOf(r.locationId)?.counts.get(r.setId);
    if (set) set.chosen.set(r.dishId, (set.chosen.get(r.dishId) ?? 0) + r.qty);
  }
  const byPlace = (a: number, b: number) => position(a) - position(b) || a - b;
  const all = [...tickets.values()].map(({ counts, ...t }) => ({
    ...t,
    lines: [...counts.values()]
      .sort((a, b) => byPlace(a.dishId, b.dishId))
      .map(({ dishId: _d, chosen, ...line }) => ({
        ...line,
        options: [...chosen].sort(([a], [b]) => byPlace(a, b)).map(([id, n]) => `${n} × ${title(id)}`),
      })),
  }));
  return { menu, tickets: withMeetings(all, meetings, keyOfLocation), bumps: new Map(bumps.map((b) => [b.ticketKey, b])) };
}

/** The location ids a ticket key stands for (null: orders without a location); null for a key of no lap of the provider. */
export function locationsOfKey(key: string, stopOf: Map<number, DeliveryStop>): (number | null)[] | null {
  if (key === 'loc:none') return [null];
  if (key.startsWith('loc:')) return [Number(key.slice(4))];
  const lapId = Number(key.slice(4));
  const ids = [...stopOf].filter(([, s]) => s.lapId === lapId).map(([id]) => id);
  return ids.length ? ids : null;
}

/** Each meeting ticket right after its location's (or lap's) ticket, else after all of them. */
function withMeetings<T extends Built>(
  tickets: T[],
  meetings: (Built & { locationId: number | null })[],
  keyOfLocation: Map<number | null, string>,
): Built[] {
  const after = new Map<string, Built[]>();
  const rest: Built[] = [];
  for (const { locationId, ...m } of meetings) {
    const key = keyOfLocation.get(locationId);
    if (key) after.set(key, [...(after.get(key) ?? []), m]);
    else rest.push(m);
  }
  return [...tickets.flatMap((t) => [t, ...(after.get(t.key) ?? [])]), ...rest];
}
