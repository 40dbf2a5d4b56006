import { z } from 'zod';
import { listQuerySchema, pagedOf } from '../list-query.js';
import { dishlistSummary } from './ordering.js';
import { order } from './orders.js';

/*
 * History API: a location's menus with the sums of the caller's visible placed orders, and a
 * menu's orders. Money in euros with two decimals (see schemas/ordering.ts).
 *
 * GET  /app/dishlists/history/{locationId}           (customer: own location only, listing all
 *      their own orders wherever placed) -> Paged<HistoryMenu>
 * GET  /app/dishlists/history/{locationId}/{menuId}  -> HistoryMenuResult (customers: own orders only)
 * GET  /app/dishlists/history/{locationId}/{menuId}/pdf -> application/pdf (Bearer or ?bearer=)
 */

const euros = z.number();

/** A menu in the history with the sums of the caller's visible orders (status 2). */
export const historyMenu = dishlistSummary.extend({
  cash_total: euros,
  /** Card and bank together. */
  cards_total: euros,
  subsidy_total: euros,
  /** The employer's budget part (issue 29). */
  budget_total: euros,
  bonus_total: euros,
  /** Value of the food (sum of the lines). */
  total: euros,
  orders_count: z.number(),
});
export type HistoryMenu = z.infer<typeof historyMenu>;

/** History lists: 20 a page unless per_page says otherwise. */
export const HISTORY_PER_PAGE = 20;

/** The shared list query: page and per_page (no sorting or filters). */
export const historyQuery = listQuerySchema({ sort: [], defaultPerPage: HISTORY_PER_PAGE });

export const historyMenuResult = pagedOf(order).extend({
  dishlist: historyMenu,
  location: z.object({ id: z.number(), title: z.string() }),
});
export type HistoryMenuResult = z.infer<typeof historyMenuResult>;
