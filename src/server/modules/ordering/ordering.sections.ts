/*
 * The staff's orders page of a menu, bounded by location (decision 056): first each location's
 * section with its sums and new count (one grouped query, the answer grows with locations, not
 * orders), then one section's orders with their lines when it is opened.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { OrderSectionsResult, OrdersByMenuResult } from '../../../shared/schemas/orders.js';
import { locations, orders, shifts } from '../../db/schema/index.js';
import type { RequestContext } from '../../lib/context.js';
import { locationAddressLine } from '../../lib/address-sql.js';
import { NO_SUMS, ORDER_STATUS, orderSums, placedOrder, presentSums, type SumsCents } from '../orders/placed.read.js';
import { presentSummary, providerMenu } from '../priced-menu/priced-menu.read.js';
import { filterWhere, ordersByMenu } from './ordering.orders.js';

type SectionsCtx = Pick<RequestContext, 'db' | 'gateway' | 'lang' | 'provider'>;

/** Locations by title (Latvian order), the orders without a location last: the page's order. */
const byTitle = (a: { location: { title: string } | null }, b: { location: { title: string } | null }) =>
  (a.location?.title ?? '\uffff').localeCompare(b.location?.title ?? '\uffff', 'lv');

/** The sections of a menu of the caller's provider (404 otherwise): placed orders, of the tab's `accepted`. */
export async function orderSections(ctx: SectionsCtx, input: { menuId: number; accepted?: number }): Promise<OrderSectionsResult> {
  const { db } = ctx;
  const menu = await providerMenu(db, await ctx.provider(), input.menuId);
  const where = and(filterWhere({ menuId: input.menuId, status: 2, accepted: input.accepted }), placedOrder());
  const cancelled = and(eq(orders.menuId, input.menuId), eq(orders.status, ORDER_STATUS.cancelled));
  const [rows, shiftRows, paymentRows, cancelledRows] = await Promise.all([
    db
      .select({
        id: locations.id,
        title: locations.title,
        address: locationAddressLine,
        ...orderSums,
        newCount: sql<number>`count(*) filter (where ${orders.accepted} <> 1)`.mapWith(Number),
      })
      .from(orders)
      .leftJoin(locations, eq(locations.id, orders.locationId))
      .where(where)
      .groupBy(locations.id),
    db
      .selectDistinct({ id: shifts.id, title: shifts.title })
      .from(orders)
      .innerJoin(shifts, eq(shifts.id, orders.shiftId))
      .where(where)
      .orderBy(asc(shifts.title), asc(shifts.id)),
    db.selectDistinct({ type: orders.paymentType }).from(orders).where(where).orderBy(asc(orders.paymentType)),
    db.select({ n: count() }).from(orders).where(cancelled),
  ]);
  const all: SumsCents = { ...NO_SUMS };
  let newCount = 0;
  const sections = rows
    .map(({ id, title, address, newCount: n, ...sums }) => {
      for (const k of Object.keys(all) as (keyof SumsCents)[]) all[k] += sums[k];
      newCount += n;
      return {
        location: id === null ? null : { id, title: title ?? '', address: address ?? '' },
        totals: presentSums(sums),
        new_count: n,
      };
    })
    .sort(byTitle);
  return {
    dishlist: presentSummary(menu),
    totals: presentSums(all),
    new_count: newCount,
    sections,
    shifts: shiftRows,
    payment_types: paymentRows.map((r) => r.type),
    cancelled_count: cancelledRows[0]?.n ?? 0,
  };
}

/** One section's placed orders with their lines (the orders list's `full=1` answer, one group or none). */
export async function sectionOrders(
  ctx: SectionsCtx,
  input: { menuId: number; location: number | 'none'; accepted?: number },
): Promise<OrdersByMenuResult> {
  await providerMenu(ctx.db, await ctx.provider(), input.menuId);
  const locationId = input.location === 'none' ? null : input.location;
  return ordersByMenu(ctx, { menuId: input.menuId, status: 2, accepted: input.accepted, locationId });
}
