/* Meeting orders as the API presents them (schemas/meetings.ts): one, or a location's list. */
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { pickText } from '../../../shared/i18n.js';
import { toEuros } from '../../../shared/money.js';
import type { MeetingOrder } from '../../../shared/schemas/meetings.js';
import { locations, menus, orders, users } from '../../db/schema/index.js';
import type { UserContext } from '../../lib/context.js';
import { isoTime } from '../../lib/time.js';
import { isStaff, loadOrderLines } from '../orders/orders.read.js';
import { ORDER_STATUS } from '../orders/placed.read.js';
import { isOpen } from '../priced-menu/priced-menu.read.js';

/** The most meeting orders one list answers (newest first). */
export const MEETINGS_LIST_MAX = 200;

type ListCtx = Pick<UserContext, 'db' | 'lang' | 'now' | 'user'>;

/** Meeting orders matching `where` (placed, pending and cancelled), newest first, presented for the caller. */
export async function loadMeetings(ctx: ListCtx, where: SQL | undefined): Promise<MeetingOrder[]> {
  const { db, lang, now, user } = ctx;
  const rows = await db
    .select({
      order: orders,
      menu: { id: menus.id, title: menus.title, from: menus.from, to: menus.to, status: menus.status },
      location: { id: locations.id, title: locations.title },
      host: { id: users.id, firstName: users.firstName },
    })
    .from(orders)
    .innerJoin(menus, eq(menus.id, orders.menuId))
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(locations, eq(locations.id, orders.locationId))
    .where(
      and(eq(orders.kind, 'meeting'), inArray(orders.status, [ORDER_STATUS.pending, ORDER_STATUS.placed, ORDER_STATUS.cancelled]), where),
    )
    .orderBy(desc(orders.id))
    .limit(MEETINGS_LIST_MAX);
  const linesOf = await loadOrderLines(
    db,
    rows.map((r) => r.order.id),
  );
  const staff = isStaff(user);
  return rows.map(({ order: o, menu, location, host }) => {
    const lines = linesOf.get(o.id) ?? [];
    const mine = o.userId === user.id || (user.isLocationManager && o.locationId !== null && o.locationId === user.locationId);
    const live = o.status === ORDER_STATUS.pending || o.status === ORDER_STATUS.placed;
    return {
      id: o.id,
      kind: o.kind === 'guest' ? 'guest' : 'meeting',
      status: o.status,
      created_at: isoTime(o.createdAt),
      cancelled_at: o.cancelledAt ? isoTime(o.cancelledAt) : null,
      menu: { id: menu.id, title: menu.title, from: isoTime(menu.from), to: isoTime(menu.to) },
      location: location?.id != null ? { id: location.id, title: location.title! } : null,
      host: { id: host.id, first_name: host.firstName },
      delivery_note: o.deliveryNote,
      cost_centre_id: o.costCentreId,
      amount: toEuros(o.amountCents),
      portions: lines.reduce((n, l) => n + l.qty, 0),
      items: lines.map((l) => ({
        id: l.id,
        dish: { id: l.dishId, title: pickText(l.title, lang) },
        qty: l.qty,
        price: toEuros(l.unitPriceCents),
        total: toEuros(l.unitPriceCents * l.qty),
        options: l.options.map((op) => pickText(op.title, lang)),
        guest_name: l.guestName,
      })),
      cancellable: live && (staff || (mine && isOpen(menu, now))),
    };
  });
}
