import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { toEuros } from '../../../shared/money.js';
import type { OrderTotals } from '../../../shared/schemas/orders.js';
import { orders } from '../../db/schema/index.js';

/**
 * Order status (orders.status): 0 failed, 1 pending (waiting for a card/bank payment), 2 placed,
 * 3 cancelled (kept in the data with who and when; never counted nor summed, decision 031).
 */
export const ORDER_STATUS = { failed: 0, pending: 1, placed: 2, cancelled: 3 } as const;

/**
 * What counts as "an order" in every count and sum anyone sees (menu lists, the order list,
 * history, the kitchen display, lap reports): a placed order. Cash orders are placed at once,
 * card and bank orders once paid; pending and failed ones are not orders yet.
 */
export const placedOrder = () => eq(orders.status, ORDER_STATUS.placed);

/**
 * The orders a list shows to its reader (history): placed and cancelled ones, the cancelled
 * marked as such. Only `placedOrder()` orders are counted and summed (`placedOrderSums`).
 */
export const shownOrder = () => inArray(orders.status, [ORDER_STATUS.placed, ORDER_STATUS.cancelled]);

/**
 * The orders a customer's history lists: shown ones and pending ones (a card or bank order waiting
 * for its payment, with its payment link; decision 045), so an unpaid order is never out of sight.
 * Pending orders are listed, never summed.
 */
export const listedOrder = () => inArray(orders.status, [ORDER_STATUS.pending, ORDER_STATUS.placed, ORDER_STATUS.cancelled]);

/** The sums of orderSums over the orders matching `only` (SQL `filter (where ...)`); all rows without it. */
function sumsOver(only?: SQL) {
  const f = only ? sql` filter (where ${only})` : sql``;
  return {
    cash: sql<number>`coalesce(sum(case when ${orders.paymentType} = 'cash' then ${orders.amountToPayCents} else 0 end)${f}, 0)`.mapWith(
      Number,
    ),
    card: sql<number>`coalesce(sum(case when ${orders.paymentType} in ('card', 'bank') then ${orders.amountToPayCents} else 0 end)${f}, 0)`.mapWith(
      Number,
    ),
    subsidy: sql<number>`coalesce(sum(${orders.subsidyCents})${f}, 0)`.mapWith(Number),
    budget: sql<number>`coalesce(sum(${orders.budgetCents})${f}, 0)`.mapWith(Number),
    bonus: sql<number>`coalesce(sum(${orders.bonusCents})${f}, 0)`.mapWith(Number),
    total: sql<number>`coalesce(sum(${orders.amountCents})${f}, 0)`.mapWith(Number),
    count: sql<number>`(count(${orders.id})${f})::int`,
  };
}

/**
 * Sums and count over the selected orders (filter them with `placedOrder()`). Sums stay bigint in
 * SQL (an int could overflow on a large menu); the driver reads int8 back as an exact number.
 * card = card and bank; total = the food value.
 */
export const orderSums = sumsOver();

/** orderSums over the placed orders among the selected ones (for a list that also shows cancelled orders). */
export const placedOrderSums = sumsOver(placedOrder());

/** The sums of `orderSums` as read, in cents. */
export type SumsCents = { [K in keyof typeof orderSums]: number };

export const NO_SUMS: SumsCents = { cash: 0, card: 0, subsidy: 0, budget: 0, bonus: 0, total: 0, count: 0 };

/** Sums in euros, as the API shows them. */
export function presentSums(s: Omit<SumsCents, 'budget'>): OrderTotals {
  return {
    cash: toEuros(s.cash),
    card: toEuros(s.card),
    subsidy: toEuros(s.subsidy),
    bonus: toEuros(s.bonus),
    total: toEuros(s.total),
    count: s.count,
  };
}
