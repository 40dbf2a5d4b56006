/*
 * Orders with their lines and chosen options: the one loader (issue 25) and the orders as the API
 * presents them. The ordering pages, history, the kitchen's print-outs and tickets read orders here.
 */
import { asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Order } from '../../../shared/schemas/orders.js';
import type { Db } from '../../db/client.js';
import {
  locations,
  menus,
  orderItemOptions,
  orderItems,
  orders,
  payments,
  providers,
  refunds,
  shifts,
  users,
} from '../../db/schema/index.js';
import { alias } from 'drizzle-orm/pg-core';
import type { RequestContext } from '../../lib/context.js';
import { summaryColumns } from '../priced-menu/priced-menu.read.js';
import { allergenTitlesOf } from './allergens.read.js';
import { presentOrder } from './order.present.js';
import { pgIntArray } from './stock.service.js';

/** Staff (admin, kitchen) see every order; a customer their own. */
export const isStaff = (u: { role: string }) => u.role === 'admin' || u.role === 'kitchen';

/** A stored order line with its chosen options (in the order they were chosen). */
export type OrderLine = typeof orderItems.$inferSelect & { options: (typeof orderItemOptions.$inferSelect)[] };

/**
 * The lines of the given orders with their options, per order id, each order's lines in their
 * position. Two queries (lines, then their options); none for no orders. The ids go as one array
 * parameter: a whole day of a big caterer has more lines than PostgreSQL takes bind parameters
 * (65,535).
 */
export async function loadOrderLines(db: Db, orderIds: readonly number[]): Promise<Map<number, OrderLine[]>> {
  const linesOf = new Map<number, OrderLine[]>();
  if (orderIds.length === 0) return linesOf;
  const items = await db
    .select()
    .from(orderItems)
    .where(sql`${orderItems.orderId} = any(${pgIntArray([...orderIds])}::int[])`)
    .orderBy(asc(orderItems.position), asc(orderItems.id));
  const options = items.length
    ? await db
        .select()
        .from(orderItemOptions)
        .where(sql`${orderItemOptions.orderItemId} = any(${pgIntArray(items.map((i) => i.id))}::int[])`)
        .orderBy(asc(orderItemOptions.id))
    : [];
  const optionsOf = new Map<number, OrderLine['options']>();
  for (const o of options) {
    const list = optionsOf.get(o.orderItemId) ?? [];
    list.push(o);
    optionsOf.set(o.orderItemId, list);
  }
  for (const i of items) {
    const list = linesOf.get(i.orderId) ?? [];
    list.push({ ...i, options: optionsOf.get(i.id) ?? [] });
    linesOf.set(i.orderId, list);
  }
  return linesOf;
}

/** The amounts of a stored order in cents, for sums (never re-derived from presented euros). */
export type OrderCents = Pick<
  typeof orders.$inferSelect,
  'status' | 'paymentType' | 'amountCents' | 'subsidyCents' | 'bonusCents' | 'amountToPayCents'
>;

export interface OrdersQuery {
  where: SQL | undefined;
  page?: { limit: number; offset: number };
  /** Newest first unless 'oldest'. */
  order?: 'newest' | 'oldest';
  /** Staff see a failed refund's reason too. */
  staffView?: boolean;
}

const creators = alias(users, 'creators');

/** Reads orders matching `where` and presents them (items and options included). */
export async function loadOrders(ctx: Pick<RequestContext, 'db' | 'gateway' | 'lang'>, q: OrdersQuery): Promise<Order[]> {
  return (await loadOrderEntries(ctx, q)).map((e) => e.order);
}

/** loadOrders, each presented order with its stored amounts in cents. */
export async function loadOrderEntries(
  ctx: Pick<RequestContext, 'db' | 'gateway' | 'lang'>,
  q: OrdersQuery,
): Promise<{ order: Order; cents: OrderCents }[]> {
  const { db } = ctx;
  const order = (q.order ?? 'newest') === 'newest' ? desc(orders.id) : asc(orders.id);
  // A page's orders are picked from the orders alone, then joined: joining a whole menu of the big
  // caterer (28,500 orders with their payments and refunds) to keep 50 took 225 ms of PostgreSQL.
  // A paged read's condition names orders' columns only (its callers count with it over orders).
  // The ids are read first (a sub-select in the join made the planner join every order first).
  const pageIds = q.page
    ? (await db.select({ id: orders.id }).from(orders).where(q.where).orderBy(order).limit(q.page.limit).offset(q.page.offset)).map(
        (r) => r.id,
      )
    : null;
  if (pageIds?.length === 0) return [];
  const query = db
    .select({
      order: orders,
      menu: summaryColumns,
      user: { id: users.id, firstName: users.firstName, phone: users.phone },
      location: { id: locations.id, title: locations.title },
      shift: { id: shifts.id, title: shifts.title },
      creator: { id: creators.id, firstName: creators.firstName },
      payment: { reference: payments.reference, status: payments.status },
      refund: { status: refunds.status, amountCents: refunds.amountCents, attempts: refunds.attempts, lastError: refunds.lastError },
    })
    .from(orders)
    .innerJoin(menus, eq(menus.id, orders.menuId))
    .innerJoin(providers, eq(providers.id, menus.providerId))
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(locations, eq(locations.id, orders.locationId))
    .leftJoin(shifts, eq(shifts.id, orders.shiftId))
    .leftJoin(creators, eq(creators.id, orders.createdById))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    // One refund per order: its cancellation's, else its latest withdrawal's (decision 083 refunds
    // a withdrawn dish on the same payment; joining every refund listed such an order twice).
    .leftJoin(
      refunds,
      eq(
        refunds.id,
        sql`(select r.id from refunds r where r.payment_id = ${payments.id} order by (r.withdrawal_id is null) desc, r.id desc limit 1)`,
      ),
    )
    .where(pageIds ? inArray(orders.id, pageIds) : q.where)
    .orderBy(order);
  const rows = await query;
  if (rows.length === 0) return [];
  const [linesOf, allergenTitles] = await Promise.all([
    loadOrderLines(
      db,
      rows.map((r) => r.order.id),
    ),
    allergenTitlesOf(db),
  ]);
  const view = { allergenTitles, gateway: ctx.gateway, lang: ctx.lang, staffView: q.staffView ?? false };
  return rows.map((r) => ({ cents: r.order, order: presentOrder(r, linesOf.get(r.order.id) ?? [], view) }));
}
