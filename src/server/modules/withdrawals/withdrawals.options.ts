/**
 * A dish chosen as an option inside set meals (order_item_options) of a menu's live orders: the
 * withdrawal changes only the dish's own lines (decision 083), so it refuses while such orders
 * exist rather than leave those eaters unreached and the kitchen cooking a withdrawn dish.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { dishWithdrawals, orderItemOptions, orderItems, orders } from '../../db/schema/index.js';
import { fieldError } from '../../lib/errors.js';
import { withdrawalsText } from './withdrawals.messages.js';

/** Refuses (422 on dish_id, naming how many orders) when live orders of the menu chose the dish inside a set meal. */
export async function refuseIfChosenInSetMeals(db: Db | Tx, menuId: number, dishId: number): Promise<void> {
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${orders.id})::int` })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(orderItemOptions, eq(orderItemOptions.orderItemId, orderItems.id))
    .where(and(eq(orders.menuId, menuId), inArray(orders.status, [1, 2]), eq(orderItemOptions.dishId, dishId)));
  const count = row?.count ?? 0;
  if (count > 0) {
    const message = withdrawalsText.coded('chosenInSetMeals', { count });
    throw fieldError(message, { dish_id: [message] });
  }
}

/** Whether the dish was withdrawn from the menu already (it cannot then be a substitute: its stock is 0). */
export async function isWithdrawn(db: Db | Tx, menuId: number, dishId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: dishWithdrawals.id })
    .from(dishWithdrawals)
    .where(and(eq(dishWithdrawals.menuId, menuId), eq(dishWithdrawals.dishId, dishId)));
  return row !== undefined;
}
