import { recordAudit, type AuditWho } from '../../lib/audit.js';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { AcceptAllInput, AcceptAllResult } from '../../../shared/schemas/orders.js';
import type { Db } from '../../db/client.js';
import type { RequestContext } from '../../lib/context.js';
import { menus, orders } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { orderingText } from './ordering.messages.js';
import { ORDER_STATUS, placedOrder } from '../orders/placed.read.js';

/**
 * "Accept all new" (issue 13): the placed, not yet accepted orders of the menu (of one location
 * when given: the orders' own location, as the orders page groups them) are accepted in one
 * statement in one transaction; none is accepted twice. With `order_ids` (issue 24: what the page
 * showed and the user confirmed) only those of them that are still new and belong to this menu
 * (hence its provider) are accepted, and the menu must be the active provider's (`providerId`,
 * else 404); a newer new order stays new and is counted in `left_new`. Without `order_ids` (the
 * older body) every new order is accepted, as before. Answers the ids accepted (the caller
 * publishes one change per order).
 */
export async function acceptAllNew(
  ctx: Pick<RequestContext, 'db' | 'now' | 'lang'>,
  req: {
    input: AcceptAllInput;
    /** The active provider, or null (req.providerOrNull): asked only when the body names the orders. */
    providerId: () => Promise<number | null>;
    who: AuditWho;
  },
): Promise<AcceptAllResult> {
  const { db, now, lang } = ctx;
  const { input, who } = req;
  const ids = input.order_ids;
  const activeProvider = ids ? await req.providerId() : null;
  const { accepted, leftNew } = await db.transaction(async (tx) => {
    const [menu] = await tx.select({ id: menus.id, providerId: menus.providerId }).from(menus).where(eq(menus.id, input.dishlist_id));
    if (!menu || (ids && menu.providerId !== activeProvider)) throw new AppError(404, orderingText.coded('menuNotFound'));
    const scope = and(
      eq(orders.menuId, input.dishlist_id),
      placedOrder(),
      eq(orders.accepted, 0),
      input.location_id !== undefined ? eq(orders.locationId, input.location_id) : undefined,
    );
    const rows = await tx
      .update(orders)
      .set({ accepted: 1, updatedAt: now })
      .where(and(scope, ids ? inArray(orders.id, ids) : undefined))
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
    // The new orders the caller did not name (placed after the page counted) stay new; say how many.
    const [left] = ids ? await tx.select({ n: count() }).from(orders).where(scope) : [{ n: 0 }];
    return { accepted: rows.map((r) => r.id).sort((a, b) => a - b), leftNew: Number(left?.n ?? 0) };
  });
  const message =
    leftNew > 0
      ? orderingText(lang, 'acceptedSomeLeftNew', { count: accepted.length, left: leftNew })
      : orderingText(lang, 'acceptedAll', { count: accepted.length });
  return { success: true, message, accepted, left_new: leftNew };
}

/**
 * GET /app/order/new-count: placed orders not yet accepted on the provider's menus of today and
 * later (the menu's day in its provider's time zone), and on any menu still taking orders (a
 * menu of yesterday whose deadline is after midnight), for the navigation's badge.
 */
export async function countNewOrders(db: Db, providerId: number | null, now: Date): Promise<{ count: number }> {
  if (providerId === null) return { count: 0 };
  const res = await db.execute<{ n: number }>(sql`
    select count(*)::int as n
    from orders o
    join menus m on m.id = o.menu_id
    join providers p on p.id = m.provider_id
    where m.provider_id = ${providerId} and o.status = ${ORDER_STATUS.placed} and o.accepted = 0
      and ((m."from" at time zone p.timezone)::date >= (${now.toISOString()}::timestamptz at time zone p.timezone)::date
        or m."to" > ${now.toISOString()}::timestamptz)`);
  return { count: Number(res.rows[0]?.n ?? 0) };
}
