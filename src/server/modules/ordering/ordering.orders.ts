/*
 * The staff's orders list of a menu (grouped per location, with sums), one order for its owner or
 * staff, and staff's writes on an order (accept, delete).
 */
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Order, OrdersByMenuResult } from '../../../shared/schemas/orders.js';
import type { Db } from '../../db/client.js';
import { locations, menus, orders, payments, providers } from '../../db/schema/index.js';
import type { RequestContext, UserContext } from '../../lib/context.js';
import { recordAudit, type AuditWho } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { locationAddressLine } from '../../lib/address-sql.js';
import { isStaff, loadOrderEntries, loadOrders } from '../orders/orders.read.js';
import { NO_SUMS, orderSums, placedOrder, presentSums, type SumsCents } from '../orders/placed.read.js';
import { releaseForDelete } from '../orders/stock.service.js';
import { presentSummary, summaryColumns } from '../priced-menu/priced-menu.read.js';
import { orderingText } from './ordering.messages.js';

type OrdersCtx = Pick<RequestContext, 'db' | 'gateway' | 'lang'>;

/** One order for its owner, staff, or (a meeting or guest order) its location's manager; 404 unknown, 403 someone else's. */
export async function getOrder(ctx: OrdersCtx & Pick<UserContext, 'user'>, orderId: number): Promise<Order> {
  const { db, user } = ctx;
  const owner = await db
    .select({ userId: orders.userId, kind: orders.kind, locationId: orders.locationId })
    .from(orders)
    .where(eq(orders.id, orderId));
  const o = owner[0];
  if (!o) throw new AppError(404, t.coded('notFound'));
  // A meeting or guest order is its location manager's too (decision 076).
  const managed = o.kind !== 'own' && user.isLocationManager && o.locationId !== null && o.locationId === user.locationId;
  if (!isStaff(user) && o.userId !== user.id && !managed) throw new AppError(403, t.coded('forbidden'));
  const [order] = await loadOrders(ctx, { where: eq(orders.id, orderId), staffView: isStaff(user) });
  return order!;
}

/**
 * Sums of the placed orders matching `where` per location (the orders' own location; null: none),
 * from the one sums-by-payment-type query (orderSums).
 */
async function sumsByLocation(db: Db, where: SQL | undefined): Promise<Map<number | null, SumsCents>> {
  const rows = await db
    .select({ locationId: locations.id, ...orderSums })
    .from(orders)
    .leftJoin(locations, eq(locations.id, orders.locationId))
    .where(and(where, placedOrder()))
    .groupBy(locations.id);
  return new Map(rows.map(({ locationId, ...sums }) => [locationId, sums]));
}

export interface OrdersFilter {
  menuId?: number;
  status?: number;
  accepted?: number;
  userId?: number;
  /** The location the order was placed for (null: orders without one). */
  locationId?: number | null;
}

export function filterWhere(f: OrdersFilter): SQL | undefined {
  return and(
    f.menuId !== undefined ? eq(orders.menuId, f.menuId) : undefined,
    f.status !== undefined ? eq(orders.status, f.status) : undefined,
    f.accepted !== undefined ? eq(orders.accepted, f.accepted) : undefined,
    f.userId !== undefined ? eq(orders.userId, f.userId) : undefined,
    f.locationId === null ? isNull(orders.locationId) : f.locationId !== undefined ? eq(orders.locationId, f.locationId) : undefined,
  );
}

/** Staff: the orders of one menu grouped per location (locations by title), with totals. */
export async function ordersByMenu(ctx: OrdersCtx, f: OrdersFilter): Promise<OrdersByMenuResult> {
  const { db } = ctx;
  const where = filterWhere(f);
  // The menu, the orders and their sums are independent reads: one round trip's wait for the three.
  const [menuRow, entries, sums] = await Promise.all([
    f.menuId !== undefined
      ? db.select(summaryColumns).from(menus).innerJoin(providers, eq(providers.id, menus.providerId)).where(eq(menus.id, f.menuId))
      : [],
    loadOrderEntries(ctx, { where, order: 'oldest', staffView: true }),
    sumsByLocation(db, where),
  ]);
  const locationIds = [...new Set(entries.map((e) => e.order.user.location?.id).filter((id): id is number => id !== undefined))];
  const locationRows = locationIds.length
    ? await db
        .select({ id: locations.id, title: locations.title, address: locationAddressLine })
        .from(locations)
        .where(inArray(locations.id, locationIds))
    : [];
  const groups = new Map<number | null, typeof entries>();
  for (const e of entries) {
    const key = e.order.user.location?.id ?? null;
    const g = groups.get(key) ?? [];
    g.push(e);
    groups.set(key, g);
  }
  const byId = new Map(locationRows.map((l) => [l.id, l]));
  const all = { ...NO_SUMS };
  for (const s of sums.values()) for (const k of Object.keys(all) as (keyof SumsCents)[]) all[k] += s[k];
  const data = [...groups.entries()]
    .map(([id, group]) => ({
      location: id === null ? null : (byId.get(id) ?? null),
      totals: presentSums(sums.get(id) ?? NO_SUMS),
      orders: group.map((e) => e.order),
    }))
    .sort((a, b) => (a.location?.title ?? '\uffff').localeCompare(b.location?.title ?? '\uffff', 'lv'));
  return { dishlist: menuRow[0] ? presentSummary(menuRow[0]) : null, data, totals: presentSums(all) };
}

export async function countOrders(db: Db, where: SQL | undefined): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(where);
  return rows[0]?.n ?? 0;
}

/** Staff acknowledges (1) or un-acknowledges (0) a placed order; 409 for a pending or failed one. */
export async function setAccepted(
  ctx: OrdersCtx & Pick<UserContext, 'user' | 'now'>,
  input: { orderId: number; accepted: 0 | 1; who: AuditWho },
) {
  const { db, now } = ctx;
  const { orderId, accepted, who } = input;
  await db.transaction(async (tx) => {
    const [old] = await tx
      .select({ accepted: orders.accepted, providerId: menus.providerId })
      .from(orders)
      .leftJoin(menus, eq(menus.id, orders.menuId))
      .where(eq(orders.id, orderId))
      .for('update', { of: orders });
    if (!old) throw new AppError(404, t.coded('notFound'));
    const rows = await tx
      .update(orders)
      .set({ accepted, updatedAt: now })
      .where(and(eq(orders.id, orderId), placedOrder()))
      .returning({ id: orders.id });
    if (!rows[0]) throw new AppError(409, orderingText.coded('notPlaced'));
    // Accepting an accepted order changes nothing and records nothing.
    if (old.accepted !== accepted) {
      const action = accepted ? 'order.accept' : 'order.revoke';
      const [before, after] = [{ accepted: old.accepted }, { accepted }];
      await recordAudit(tx, who, { action, entityType: 'order', entityId: orderId, providerId: old.providerId, before, after });
    }
  });
  return getOrder(ctx, orderId);
}

/**
 * Staff deletes an order; its stock and bonus go back first (once). Refused (409) while it has a
 * paid or pending card/bank payment: deleting the order would delete that payment's record
 * (a refund or a late bank notification needs it).
 */
/** What the audit log keeps of a deleted order (the row itself is gone). */
const deletedOrderFields = {
  user_id: orders.userId,
  location_id: orders.locationId,
  status: orders.status,
  accepted: orders.accepted,
  payment_type: orders.paymentType,
  amount_cents: orders.amountCents,
};

/** Deletes an order and gives its stock back; answers the menu it belonged to. */
export async function deleteOrder(ctx: Pick<RequestContext, 'db' | 'now'>, input: { orderId: number; who: AuditWho }): Promise<number> {
  const { db, now } = ctx;
  const { orderId, who } = input;
  const menuId = await db.transaction(async (tx) => {
    // Same lock order as payment notifications: payment, order, user, balances.
    const paid = await tx.select({ status: payments.status }).from(payments).where(eq(payments.orderId, orderId)).for('update');
    if (paid.some((p) => p.status === 'paid' || p.status === 'pending')) throw new AppError(409, orderingText.coded('paymentKeepsOrder'));
    const exists = await tx
      .select({ menuId: orders.menuId, providerId: menus.providerId, ...deletedOrderFields })
      .from(orders)
      .leftJoin(menus, eq(menus.id, orders.menuId))
      .where(eq(orders.id, orderId))
      .for('update', { of: orders });
    if (!exists[0]) return null;
    await releaseForDelete(tx, orderId, now);
    await tx.delete(orders).where(eq(orders.id, orderId));
    const { menuId: menu_id, providerId, ...rest } = exists[0];
    const before = { menu_id, ...rest };
    await recordAudit(tx, who, { action: 'order.delete', entityType: 'order', entityId: orderId, providerId, before });
    return exists[0].menuId;
  });
  if (menuId === null) throw new AppError(404, t.coded('notFound'));
  return menuId;
}
