import { eq, sql } from 'drizzle-orm';
import { orders } from '../../db/schema/index.js';

/** Order status (orders.status): 0 failed, 1 pending (waiting for a card/bank payment), 2 placed. */
export const ORDER_STATUS = { failed: 0, pending: 1, placed: 2 } as const;

/**
 * What counts as "an order" in every count and sum anyone sees (menu lists, the order list,
 * history, the kitchen display, lap reports): a placed order. Cash orders are placed at once,
 * card and bank orders once paid; pending and failed ones are not orders yet.
 */
export const placedOrder = () => eq(orders.status, ORDER_STATUS.placed);

/**
 * Sums and count over the selected orders (filter them with `placedOrder()`). Sums stay bigint in
 * SQL (an int could overflow on a large menu); the driver reads int8 back as an exact number.
 * card = card and bank; total = the food value.
 */
export const orderSums = {
  cash: sql<number>`coalesce(sum(case when ${orders.paymentType} = 'cash' then ${orders.amountToPayCents} else 0 end), 0)`.mapWith(Number),
  card: sql<number>`coalesce(sum(case when ${orders.paymentType} in ('card', 'bank') then ${orders.amountToPayCents} else 0 end), 0)`.mapWith(
    Number,
  ),
  subsidy: sql<number>`coalesce(sum(${orders.subsidyCents}), 0)`.mapWith(Number),
  bonus: sql<number>`coalesce(sum(${orders.bonusCents}), 0)`.mapWith(Number),
  total: sql<number>`coalesce(sum(${orders.amountCents}), 0)`.mapWith(Number),
  count: sql<number>`count(${orders.id})::int`,
};
