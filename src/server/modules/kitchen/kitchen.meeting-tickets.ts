import { and, eq, inArray } from 'drizzle-orm';
import { pickText, type Lang } from '../../../shared/i18n.js';
import type { TicketOrder } from '../../../shared/schemas/kitchen.js';
import type { Db } from '../../db/client.js';
import { locations, orders, users } from '../../db/schema/index.js';
import { loadOrderLines } from '../orders/orders.read.js';
import { ORDER_STATUS, shownOrder } from '../orders/placed.read.js';
import type { DeliveryStop } from './kitchen.delivery.js';
import { departureOn } from './kitchen.departure.js';
import type { Built } from './kitchen.tickets.build.js';

/*
 * Meeting orders on the kitchen display (issue 29, decision 076): each one is a ticket of its own
 * (`meeting:<orderId>`), not counted on its location's or lap's ticket, with its host and where to
 * bring it; its orders (the one order, with each line's guest) are read when it is opened.
 */

const iso = (d: Date) => d.toISOString();
/** The key of a meeting order's ticket. */
export const meetingKeyOf = (orderId: number) => `meeting:${orderId}`;
/** The order id of a meeting ticket's key (null: another kind of key). */
export function meetingOfKey(key: string): number | null {
  return key.startsWith('meeting:') ? Number(key.slice('meeting:'.length)) : null;
}

async function meetingRows(db: Db, menuId: number, only?: number[]) {
  if (only?.length === 0) return [];
  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      host: users.firstName,
      email: users.email,
      locationId: orders.locationId,
      location: locations.title,
      deliveryNote: orders.deliveryNote,
      comment: orders.comment,
      createdAt: orders.createdAt,
      cancelledAt: orders.cancelledAt,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(locations, eq(locations.id, orders.locationId))
    .where(and(eq(orders.menuId, menuId), eq(orders.kind, 'meeting'), shownOrder(), only ? inArray(orders.id, only) : undefined))
    .orderBy(orders.id);
  const linesOf = await loadOrderLines(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, host: r.host.trim() || r.email, lines: linesOf.get(r.id) ?? [] }));
}

/**
 * The menu's meeting tickets, oldest first, each with the location it goes to (to place it after
 * that location's ticket); `only`: the ids of the menu's meeting orders when already known (the
 * tickets' pass over the day finds them, decision 088), so they are read by their keys.
 */
export async function meetingTickets(
  db: Db,
  menu: { id: number; from: Date; to: Date; timezone: string },
  stopOf: Map<number, DeliveryStop>,
  lang: Lang,
  only?: number[],
): Promise<(Built & { locationId: number | null })[]> {
  const rows = await meetingRows(db, menu.id, only);
  return rows.map((r) => {
    const cancelled = r.status === ORDER_STATUS.cancelled;
    const changedAt = cancelled && r.cancelledAt && r.cancelledAt > r.createdAt ? r.cancelledAt : r.createdAt;
    const counts = new Map<string, { title: string; qty: number; options: string[] }>();
    for (const l of cancelled ? [] : r.lines) {
      const title = pickText(l.title, lang);
      const options = l.options.map((o) => pickText(o.title, lang));
      const key = `${title}\u0000${options.join('\u0000')}`;
      const seen = counts.get(key);
      if (seen) seen.qty += l.qty;
      else counts.set(key, { title, qty: l.qty, options });
    }
    const stop = r.locationId !== null ? stopOf.get(r.locationId) : undefined;
    return {
      key: meetingKeyOf(r.id),
      kind: 'meeting' as const,
      title: r.location,
      stops: r.location !== null ? [r.location] : [],
      lines: [...counts.values()].map((c) => ({ ...c, options: c.options.map((o) => `${c.qty} × ${o}`) })),
      order_count: cancelled ? 0 : 1,
      cancelled_count: cancelled ? 1 : 0,
      allergen_orders: 0,
      portions: cancelled ? 0 : r.lines.reduce((n, l) => n + l.qty, 0),
      late: r.createdAt > menu.to || (cancelled && r.cancelledAt !== null && r.cancelledAt > menu.to),
      changed_at: iso(changedAt),
      changedAt,
      changed_after_bump: false,
      dispatch_at: departureOn(menu.from, menu.timezone, stop?.departsAt ?? null),
      meeting: { order_id: r.id, host: r.host, delivery_note: r.deliveryNote },
      locationId: r.locationId,
    };
  });
}

/** GET /app/kitchen/{menuId}/tickets/orders?ticket=meeting:<id>: the meeting order with each line's guest (null: no such meeting on the menu). */
export async function meetingTicketOrders(
  db: Db,
  menu: { id: number; to: Date },
  orderId: number,
  lang: Lang,
): Promise<TicketOrder[] | null> {
  const [r] = await meetingRows(db, menu.id, [orderId]);
  if (!r) return null;
  const cancelled = r.status === ORDER_STATUS.cancelled;
  return [
    {
      id: r.id,
      name: r.host,
      location: r.location,
      comment: r.comment,
      placed_at: iso(r.createdAt),
      late: r.createdAt > menu.to || (cancelled && r.cancelledAt !== null && r.cancelledAt > menu.to),
      cancelled,
      allergens: [],
      lines: r.lines.map((l) => ({
        title: pickText(l.title, lang),
        qty: l.qty,
        options: l.options.map((o) => pickText(o.title, lang)),
        allergen: false,
        guest_name: l.guestName,
      })),
      meeting: { delivery_note: r.deliveryNote },
    },
  ];
}
