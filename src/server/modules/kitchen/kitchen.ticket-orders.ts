import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { pickText } from '../../../shared/i18n.js';
import type { TicketOrder, TicketOrdersResult } from '../../../shared/schemas/kitchen.js';
import type { RequestContext } from '../../lib/context.js';
import { locations, orders, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { deliveryOrder, deliveryStops } from './kitchen.delivery.js';
import { locationsOfKey, notMeeting } from './kitchen.tickets.build.js';
import { meetingOfKey, meetingTicketOrders } from './kitchen.meeting-tickets.js';
import { providerMenu } from '../priced-menu/priced-menu.read.js';
import { allergenTitlesOf, namedAllergens } from '../orders/allergens.read.js';
import { loadOrderLines } from '../orders/orders.read.js';
import { ORDER_STATUS, shownOrder } from '../orders/placed.read.js';

const iso = (d: Date) => d.toISOString();

/**
 * GET /app/kitchen/{menuId}/tickets/orders?ticket=: the orders (placed and cancelled) of one
 * ticket, in delivery order and oldest first within a stop, with their lines (decision 053: read
 * when a ticket is opened, so the tickets' answer does not grow with the day). 404 for a menu of
 * another provider or a lap it does not have.
 */
export async function ticketOrders(
  ctx: Pick<RequestContext, 'db' | 'lang' | 'provider'>,
  { menuId, key }: { menuId: number; key: string },
): Promise<TicketOrdersResult> {
  const { db, lang } = ctx;
  const providerId = await ctx.provider();
  const menu = await providerMenu(db, providerId, menuId);
  const meetingId = meetingOfKey(key);
  if (meetingId !== null) {
    const meeting = await meetingTicketOrders(db, menu, meetingId, lang);
    if (!meeting) throw new AppError(404, t.coded('notFound'));
    return { ticket: key, orders: meeting };
  }
  const stopOf = await deliveryStops(db, providerId);
  const places = locationsOfKey(key, stopOf);
  if (!places) throw new AppError(404, t.coded('notFound'));
  const ids = places.filter((id): id is number => id !== null);
  const [rows, titles] = await Promise.all([
    db
      .select({
        id: orders.id,
        status: orders.status,
        name: users.firstName,
        locationId: orders.locationId,
        location: locations.title,
        comment: orders.comment,
        createdAt: orders.createdAt,
        paidAt: orders.paidAt,
        cancelledAt: orders.cancelledAt,
        warnings: orders.allergenWarnings,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(locations, eq(locations.id, orders.locationId))
      .where(
        and(
          eq(orders.menuId, menuId),
          shownOrder(),
          notMeeting(),
          or(ids.length ? inArray(orders.locationId, ids) : undefined, places.includes(null) ? isNull(orders.locationId) : undefined),
        ),
      ),
    allergenTitlesOf(db),
  ]);
  const itemsOf = await loadOrderLines(
    db,
    rows.map((r) => r.id),
  );
  const deadline = menu.to.getTime();
  const byDelivery = deliveryOrder(stopOf, lang);
  const list: TicketOrder[] = [...rows]
    .sort((a, b) => byDelivery(a, b) || a.id - b.id)
    .map((r) => {
      const placedAt = r.paidAt ?? r.createdAt;
      const cancelled = r.status === ORDER_STATUS.cancelled;
      return {
        id: r.id,
        name: r.name,
        location: r.location,
        comment: r.comment,
        placed_at: iso(placedAt),
        late: placedAt.getTime() > deadline || (cancelled && r.cancelledAt !== null && r.cancelledAt.getTime() > deadline),
        cancelled,
        allergens: namedAllergens(titles, r.warnings, lang).map((a) => a.title),
        lines: (itemsOf.get(r.id) ?? []).map((i) => ({
          title: pickText(i.title, lang),
          qty: i.qty,
          options: i.options.map((o) => pickText(o.title, lang)),
          allergen: i.allergenIds.some((a) => r.warnings.includes(a)),
        })),
      };
    });
  return { ticket: key, orders: list };
}
