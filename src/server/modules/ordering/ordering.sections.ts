/*
 * The staff's orders page of a menu, bounded by location (decision 056): first each location's
 * section with its sums and new count (one grouped query, the answer grows with locations, not
 * orders), then one section's orders with their lines when it is opened.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { OrderSectionsResult, OrdersByMenuResult } from '../../../shared/schemas/orders.js';
import { locations, orders, shifts } from '../../db/schema/index.js';
import type { RequestContext } from '../../lib/context.js';
import { locationAddressLine } from '../../lib/address-sql.js';
import { NO_SUMS, ORDER_STATUS, orderSums, placedOrder, presentSums, type SumsCents } from '../orders/placed.read.js';
import { presentSummary, providerMenu } from '../priced-menu/priced-menu.read.js';
import { filterWhere, ordersByMenu } from './ordering.orders.js';

type GroupRow = { [K in keyof SumsCents]: string | number } & {
  cancelled: number;
  location_id: number | null;
  shift_id: number | null;
  payment_type: OrderSectionsResult['payment_types'][number] | null;
  new_count: string | number;
  title: string | null;
  address: string | null;
  shift_title: string | null;
};

type SectionsCtx = Pick<RequestContext, 'db' | 'gateway' | 'lang' | 'provider'>;

/** Locations by title (Latvian order), the orders without a location last: the page's order. */
const byTitle = (a: { location: { title: string } | null }, b: { location: { title: string } | null }) =>
  (a.location?.title ?? '\uffff').localeCompare(b.location?.title ?? '\uffff', 'lv');

/** The sections of a menu of the caller's provider (404 otherwise): placed orders, of the tab's `accepted`. */
export async function orderSections(ctx: SectionsCtx, input: { menuId: number; accepted?: number }): Promise<OrderSectionsResult> {
  const { db } = ctx;
  const menu = await providerMenu(db, await ctx.provider(), input.menuId);
  const where = and(filterWhere({ menuId: input.menuId, status: 2, accepted: input.accepted }), placedOrder());
  // One pass over the menu's placed orders (decision 088): summed per location, shift and payment
  // type (a hash aggregate, a few hundred groups), then per location here; the shifts and payment
  // types are those groups' keys (the shifts in the database's order of titles). The cancelled
  // count is an index-only count.
  const cancelled = and(eq(orders.menuId, input.menuId), eq(orders.status, ORDER_STATUS.cancelled));
  const sumKeys = Object.keys(orderSums) as (keyof SumsCents)[];
  const { rows: grouped } = await db.execute<GroupRow>(sql`
    with g as materialized (
      select ${orders.locationId} as location_id, ${orders.shiftId} as shift_id, ${orders.paymentType} as payment_type,
        ${sql.join(
          sumKeys.map((k) => sql`${orderSums[k]} as ${sql.identifier(k)}`),
          sql`, `,
        )},
        count(*) filter (where ${orders.accepted} <> 1) as new_count
      from ${orders} where ${where}
      group by 1, 2, 3
    )
    select cancelled.n as cancelled, g.*, ${locations.title} as title, ${locationAddressLine} as address, ${shifts.title} as shift_title
    from (select count(*)::int as n from ${orders} where ${cancelled}) cancelled
    left join (g left join ${locations} on ${locations.id} = g.location_id left join ${shifts} on ${shifts.id} = g.shift_id) on true
    order by shift_title, g.shift_id`);
  type Section = { id: number | null; title: string | null; address: string | null; newCount: number } & SumsCents;
  const byLocation = new Map<number | null, Section>();
  const shiftRows = new Map<number, { id: number; title: string }>();
  const paymentTypes = new Set<OrderSectionsResult['payment_types'][number]>();
  for (const r of grouped) {
    if (r.payment_type === null) continue;
    const id = r.location_id;
    const section = byLocation.get(id) ?? { ...NO_SUMS, id, title: r.title, address: r.address, newCount: 0 };
    for (const k of sumKeys) section[k] += Number(r[k]);
    section.newCount += Number(r.new_count);
    byLocation.set(id, section);
    if (r.shift_id !== null) shiftRows.set(r.shift_id, { id: r.shift_id, title: r.shift_title ?? '' });
    paymentTypes.add(r.payment_type);
  }
  const rows = [...byLocation.values()];
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
    shifts: [...shiftRows.values()],
    payment_types: [...paymentTypes].sort(),
    cancelled_count: grouped[0]?.cancelled ?? 0,
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
