import { recordAudit, type AuditWho } from '../../lib/audit.js';
import { and, eq, sql } from 'drizzle-orm';
import type { Lang } from '../../../shared/i18n.js';
import type { AcceptAllInput, AcceptAllResult } from '../../../shared/schemas/orders.js';
import type { Db } from '../../db/client.js';
import { menus, orders } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { orderingText } from './ordering.messages.js';
import { ORDER_STATUS, placedOrder } from './ordering.placed.js';

/**
 * "Accept all new" (issue 13): every placed, not yet accepted order of the menu (of one location
 * when given: the orders' own location, as the orders page groups them) is accepted in one
 * statement in one transaction. An order placed while this runs is either in it or stays new;
 * none is accepted twice. Answers the ids accepted (the caller publishes one change per order).
 */
export async function acceptAllNew(db: Db, input: AcceptAllInput, now: Date, lang: Lang, who: AuditWho): Promise<AcceptAllResult> {
  const accepted = await db.transaction(async (tx) => {
    const [menu] = await tx.select({ id: menus.id, providerId: menus.providerId }).from(menus).where(eq(menus.id, input.dishlist_id));
    if (!menu) throw new AppError(404, orderingText(lang, 'menuNotFound'));
    const rows = await tx
      .update(orders)
      .set({ accepted: 1, updatedAt: now })
      .where(
        and(
          eq(orders.menuId, input.dishlist_id),
          placedOrder(),
          eq(orders.accepted, 0),
          input.location_id !== undefined ? eq(orders.locationId, input.location_id) : undefined,
        ),
      )
      .returning({ id: orders.id });
    // One entry per order, as a single accept writes (decision 037).
    for (const r of rows) {
      await recordAudit(tx, who, {
        action: 'order.accept',
        entityType: 'order',
        entityId: r.id,
        providerId: menu.providerId,
        before: { accepted: 0 },
        after: { accepted: 1 },
      });
    }
    return rows.map((r) => r.id).sort((a, b) => a - b);
  });
  return { success: true, message: orderingText(lang, 'acceptedAll', { count: accepted.length }), accepted };
}

/**
 * GET /app/order/new-count: placed orders not yet accepted on the provider's menus of today and
 * later (the menu's day in its provider's time zone), for the navigation's badge.
 */
export async function countNewOrders(db: Db, providerId: number | null, now: Date): Promise<{ count: number }> {
  if (providerId === null) return { count: 0 };
  const res = await db.execute<{ n: number }>(sql`
    select count(*)::int as n
    from orders o
    join menus m on m.id = o.menu_id
    join providers p on p.id = m.provider_id
    where m.provider_id = ${providerId} and o.status = ${ORDER_STATUS.placed} and o.accepted = 0
      and (m."from" at time zone p.timezone)::date >= (${now.toISOString()}::timestamptz at time zone p.timezone)::date`);
  return { count: Number(res.rows[0]?.n ?? 0) };
}
