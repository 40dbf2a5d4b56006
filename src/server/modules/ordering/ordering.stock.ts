import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { balances, orderItemOptions, orderItems, orders, payments, users } from '../../db/schema/index.js';
import { reverseOrderEntries } from '../../lib/ledger.js';

/** A PostgreSQL int[] literal passed as one parameter. */
export function pgIntArray(values: number[]): string {
  if (!values.every((v) => Number.isSafeInteger(v))) throw new TypeError('not integers');
  return `{${values.join(',')}}`;
}

/** Gives stock back (limited rows only), locking rows in dish-id order. */
export async function returnStock(tx: Tx, menuId: number, needs: Map<number, number>): Promise<void> {
  const ids = [...needs.keys()].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await tx.execute(
    sql`select 1 from ${balances} where menu_id = ${menuId} and dish_id = any(${pgIntArray(ids)}::int[]) order by dish_id for update`,
  );
  await tx.execute(sql`
    update ${balances} b set qty = b.qty + v.n
    from (select unnest(${pgIntArray(ids)}::int[]) as dish_id,
                 unnest(${pgIntArray(ids.map((id) => needs.get(id)!))}::int[]) as n) v
    where b.menu_id = ${menuId} and b.dish_id = v.dish_id and b.qty is not null`);
}

/** What a stored order consumed: each line's dish and every chosen option, times the line's qty. */
export async function orderNeeds(tx: Tx, orderId: number): Promise<Map<number, number>> {
  const items = await tx
    .select({ id: orderItems.id, dishId: orderItems.dishId, qty: orderItems.qty })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const needs = new Map<number, number>();
  const add = (d: number, n: number) => needs.set(d, (needs.get(d) ?? 0) + n);
  for (const i of items) add(i.dishId, i.qty);
  if (items.length > 0) {
    const qtyOf = new Map(items.map((i) => [i.id, i.qty]));
    const opts = await tx
      .select({ itemId: orderItemOptions.orderItemId, dishId: orderItemOptions.dishId })
      .from(orderItemOptions)
      .where(
        inArray(
          orderItemOptions.orderItemId,
          items.map((i) => i.id),
        ),
      );
    for (const o of opts) add(o.dishId, qtyOf.get(o.itemId)!);
  }
  return needs;
}

/**
 * Releases a pending order: marks it failed (status 0) and gives back its stock and bonus, at
 * most once (the status/stock_released guard makes a second call a no-op). Its idempotency key
 * is freed too: a retry with the same key (the web reuses one only after a network failure)
 * then places a new order instead of answering one that failed. Answers whether this call
 * released it. Lock order: the order row, the user row, then balances by dish id.
 */
export async function releasePendingOrder(tx: Tx, orderId: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ status: 0, stockReleased: true, idempotencyKey: null, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, 1), eq(orders.stockReleased, false)))
    .returning({ menuId: orders.menuId, userId: orders.userId, bonusCents: orders.bonusCents });
  const row = rows[0];
  if (!row) return false;
  await giveBack(tx, orderId, row, now, null);
  return true;
}

/**
 * Releases a customer's unpaid card/bank order because they placed a new order on the same menu
 * (decision 045): like the payment expiry sweep, in one transaction with the sweep's lock order
 * (payment row, order row, user row, balances), the order failed with its stock, bonus and ledger
 * entries given back, and its pending payment marked failed (the sandbox page then refuses it; a
 * real gateway's late "paid" records a refund, payments.service.ts). Only an order of `userId`
 * still unpaid is released. Answers whether this call released it.
 */
export async function releaseAbandonedOrder(tx: Tx, orderId: number, userId: number, now: Date): Promise<boolean> {
  await tx.select({ id: payments.id }).from(payments).where(eq(payments.orderId, orderId)).for('update');
  const [own] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .for('update');
  if (!own || !(await releasePendingOrder(tx, orderId, now))) return false;
  await tx
    .update(payments)
    .set({ status: 'failed', updatedAt: now })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')));
  return true;
}

/**
 * Gives back the stock and bonus of a placed or pending order that is about to be deleted
 * (no-op when already released). Answers whether anything was given back.
 */
export async function releaseForDelete(tx: Tx, orderId: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ stockReleased: true, updatedAt: now })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [1, 2]), eq(orders.stockReleased, false)))
    .returning({ menuId: orders.menuId, userId: orders.userId, bonusCents: orders.bonusCents });
  const row = rows[0];
  if (!row) return false;
  await giveBack(tx, orderId, row, now, null);
  return true;
}

/**
 * Gives back the bonus (always updating the user's row, which locks it first and gives it a new
 * version: an order priced from the old subsidy or bonus then notices, see ordering.persist.ts),
 * then the stock, and reverses the order's placing entries in the ledger (decision 038).
 */
async function giveBack(
  tx: Tx,
  orderId: number,
  row: { menuId: number; userId: number; bonusCents: number },
  now: Date,
  actorId: number | null,
) {
  await tx
    .update(users)
    .set({ bonusCents: sql`${users.bonusCents} + ${row.bonusCents}` })
    .where(eq(users.id, row.userId));
  await returnStock(tx, row.menuId, await orderNeeds(tx, orderId));
  await reverseOrderEntries(tx, orderId, now, actorId);
}

/** The order status of a cancelled order (kept in the data; never counted: ordering.placed.ts). */
export const CANCELLED_STATUS = 3;

/**
 * Cancels a placed or pending order: status 3 with who and when, and gives back its stock and
 * bonus, at most once (the status/stock_released guard makes a second call a no-op; the subsidy
 * comes back by itself, since only pending and placed orders count as subsidy used). The
 * idempotency key is freed like a released order's. Answers what it cancelled, or null.
 * Lock order: the order row, the user row, then balances by dish id (the caller locks the payment first).
 */
export async function cancelAndRelease(
  tx: Tx,
  orderId: number,
  cancelledById: number,
  now: Date,
): Promise<{ menuId: number; userId: number } | null> {
  const rows = await tx
    .update(orders)
    .set({ status: CANCELLED_STATUS, cancelledAt: now, cancelledById, stockReleased: true, idempotencyKey: null, updatedAt: now })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [1, 2]), eq(orders.stockReleased, false)))
    .returning({ menuId: orders.menuId, userId: orders.userId, bonusCents: orders.bonusCents });
  const row = rows[0];
  if (!row) return null;
  await giveBack(tx, orderId, row, now, cancelledById);
  return { menuId: row.menuId, userId: row.userId };
}
