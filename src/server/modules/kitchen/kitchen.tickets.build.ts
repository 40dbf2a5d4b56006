import { eq, inArray, ne, sql } from 'drizzle-orm';
import { pickText, type Lang } from '../../../shared/i18n.js';
import type { KitchenTicket, TicketCount, TicketGrouping } from '../../../shared/schemas/kitchen.js';
import type { Db } from '../../db/client.js';
import { dishes, kdsBumps, orders } from '../../db/schema/index.js';
import { deliveryOrder, deliveryStops, type DeliveryStop } from './kitchen.delivery.js';
import { providerMenu } from '../priced-menu/priced-menu.read.js';
import { ORDER_STATUS } from '../orders/placed.read.js';
import { countLines } from './kitchen.day.js';
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

type PlaceRow = {
  part: number;
  location_id: number | null;
  location: string | null;
  placed: number | null;
  cancelled: number | null;
  allergen: number | null;
  changed_at: Date | null;
  late: boolean | null;
  id: number | null;
};

/**
 * The menu's day (decisions 088, 093) in two reads side by side:
 * - its placed and cancelled orders read once, in two parts: 0. per location: its placed, cancelled
 *   and allergen-flagged orders, its last change and whether any was late; 3. the ids of the meeting
 *   orders (tickets of their own, kitchen.meeting-tickets.ts);
 * - the lines of its placed orders, meeting orders left out, per location, dish and chosen option
 *   (kitchen.day.ts' countLines): each dish per location (plain dishes and set meals) and the options
 *   chosen in its set meals, counted per set meal.
 * Meeting orders are counted in none of the counts.
 */
async function dayRows(db: Db, menuId: number, deadline: Date, lapOf?: ReadonlyMap<number, number>) {
  const { placed, cancelled } = ORDER_STATUS;
  const placedAt = sql`coalesce(o.paid_at, o.created_at)`;
  const isCancelled = sql`o.status = ${cancelled}`;
  const changedAt = sql`case when ${isCancelled} and o.cancelled_at > ${placedAt} then o.cancelled_at else ${placedAt} end`;
  const late = sql`${placedAt} > ${deadline} or (${isCancelled} and o.cancelled_at > ${deadline})`;
  // shownOrder(): placed and cancelled orders.
  const shown = sql`o.menu_id = ${menuId} and o.status in (${placed}, ${cancelled})`;
  const [{ rows }, groups] = await Promise.all([
    // Grouped before the locations' titles are joined (190 rows, not 28,000); the meeting orders'
    // ids from orders_menu_lines_idx alone.
    db.execute<PlaceRow>(sql`
      select 0 as part, g.location_id, loc.title as location, g.placed, g.cancelled, g.allergen, g.changed_at, g.late, null::int as id
      from (
        select o.location_id,
          (count(*) filter (where o.status = ${placed}))::int as placed,
          (count(*) filter (where ${isCancelled}))::int as cancelled,
          (count(*) filter (where o.status = ${placed} and cardinality(o.allergen_warnings) > 0))::int as allergen,
          max(${changedAt}) as changed_at,
          coalesce(bool_or(${late}), false) as late
        from ${orders} o where ${shown} and o.kind <> 'meeting'
        group by o.location_id
      ) g left join locations loc on loc.id = g.location_id
      union all
      select 3, o.location_id, null, null, null, null, null, null, o.id from ${orders} o where ${shown} and o.kind = 'meeting'`),
    countLines(db, { menuId, statuses: [placed], notMeeting: true }, { byLocation: true, lapOf }),
  ]);
  const places: {
    locationId: number | null;
    location: string | null;
    placed: number;
    cancelled: number;
    allergen: number;
    changedAt: Date;
    late: boolean;
  }[] = [];
  const meetings: number[] = [];
  for (const r of rows) {
    if (r.part === 0)
      places.push({
        locationId: r.location_id,
        location: r.location,
        placed: r.placed!,
        cancelled: r.cancelled!,
        allergen: r.allergen!,
        changedAt: new Date(r.changed_at!),
        late: r.late!,
      });
    else meetings.push(r.id!);
  }
  const counted: { locationId: number | null; dishId: number; qty: number }[] = [];
  const chosen: { locationId: number | null; setId: number; dishId: number; qty: number }[] = [];
  for (const g of groups) {
    if (g.lines > 0) counted.push({ locationId: g.location_id, dishId: g.dish_id, qty: g.lines });
    if (g.option_id !== null) chosen.push({ locationId: g.location_id, setId: g.dish_id, dishId: g.option_id, qty: g.chosen });
  }
  return { places, counted, chosen, meetings: meetings.sort((a, b) => a - b) };
}

async function dishTitles(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, { title: Record<string, string> | null; position: number }>();
  const rows = await db
    .select({ id: dishes.id, title: dishes.title, position: dishes.position })
    .from(dishes)
    .where(inArray(dishes.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The menu's tickets (placed and cancelled orders) in delivery order, with their bumps and the kitchen display's departure. */
export async function buildTickets(db: Db, providerId: number, menuId: number, by: TicketGrouping, lang: Lang) {
  const [menu, stopOf] = await Promise.all([providerMenu(db, providerId, menuId), deliveryStops(db, providerId)]);
  // Per lap, the lines are counted per lap in SQL (decision 093); per location, per location.
  const lapOf = by === 'lap' ? new Map([...stopOf].map(([location, s]) => [location, s.lapId])) : undefined;
  const [{ places, counted, chosen, meetings: meetingIds }, bumps] = await Promise.all([
    dayRows(db, menuId, menu.to, lapOf),
    db
      .select({ ticketKey: kdsBumps.ticketKey, bumpedAt: kdsBumps.bumpedAt, recalledAt: kdsBumps.recalledAt })
      .from(kdsBumps)
      .where(eq(kdsBumps.menuId, menuId)),
  ]);
  const [titles, meetings] = await Promise.all([
    dishTitles(db, [...new Set([...counted, ...chosen].map((r) => r.dishId))]),
    meetingTickets(db, menu, stopOf, lang, meetingIds),
  ]);
  const title = (id: number) => pickText(titles.get(id)?.title ?? null, lang);
  const position = (id: number) => titles.get(id)?.position ?? 0;

  const byDelivery = deliveryOrder(stopOf, lang);
  // Each lap's departure worked out once: luxon's zone arithmetic per ticket was the largest part
  // of the per-location view's node CPU (decision 088).
  const departures = new Map<string | null, string | null>();
  const departs = (time: string | null) => {
    if (!departures.has(time)) departures.set(time, departureOn(menu.from, menu.timezone, time));
    return departures.get(time)!;
  };
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
        dispatch_at: departs(stop?.departsAt ?? null),
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
  // A count's location id below 0 is a lap's (minus its id, countLines' lapOf).
  const ticketOf = (locationId: number | null) =>
    tickets.get(locationId !== null && locationId < 0 ? `lap:${-locationId}` : (keyOfLocation.get(locationId) ?? ''));
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
  // The departure's rule (kitchen.departure.ts) from what is read already: the earliest planned departure among the
  // active laps (stopOf holds only those) that carry a placed order, meeting orders included.
  const carrying = [
    ...places.filter((p) => p.placed > 0).map((p) => p.locationId),
    ...meetings.filter((m) => m.order_count > 0).map((m) => m.locationId),
  ];
  let departsAt: string | null = null;
  for (const id of carrying) {
    const at = id !== null ? stopOf.get(id)?.departsAt : null;
    if (at && (departsAt === null || at < departsAt)) departsAt = at;
  }
  return {
    menu,
    tickets: withMeetings(all, meetings, keyOfLocation),
    bumps: new Map(bumps.map((b) => [b.ticketKey, b])),
    dispatchAt: departs(departsAt),
  };
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
