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

/**
 * Takes the stock an order needs (units per dish id) inside the caller's transaction, the way the
 * order statement does (ordering.statement.ts): the menu's balance rows of the needed dishes locked
 * in dish-id order (concurrent orders never deadlock on them), then, only when no limited dish is
 * short, every limited row decremented. Dishes without a balance row, or with qty null, are
 * unlimited. Answers the short dishes ([dish id, qty left]; nothing taken when any) and the stock
 * left after taking ([dish id, qty left] of the limited dishes taken). The caller rolls back on short.
 */
export async function takeStock(
  tx: Tx,
  menuId: number,
  needs: Map<number, number>,
): Promise<{ short: [number, number][]; left: [number, number][] }> {
  const ids = [...needs.keys()].sort((a, b) => a - b);
  if (ids.length === 0) return { short: [], left: [] };
  const locked = await tx.execute<{ dish_id: number; qty: number | null }>(
    sql`select dish_id, qty from ${balances} where menu_id = ${menuId} and dish_id = any(${pgIntArray(ids)}::int[]) order by dish_id for update`,
  );
  const short: [number, number][] = [];
  for (const r of locked.rows) if (r.qty !== null && r.qty < needs.get(r.dish_id)!) short.push([r.dish_id, r.qty]);
  if (short.length > 0) return { short, left: [] };
  const taken = await tx.execute<{ dish_id: number; qty: number }>(sql`
    update ${balances} b set qty = b.qty - v.n
    from (select unnest(${pgIntArray(ids)}::int[]) as dish_id,
                 unnest(${pgIntArray(ids.map((id) => needs.get(id)!))}::int[]) as n) v
    where b.menu_id = ${menuId} and b.dish_id = v.dish_id and b.qty is not null
    returning b.dish_id, b.qty`);
  return { short: [], left: taken.rows.map((r) => [r.dish_id, r.qty]) };
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

/** Who released a pending order and why (on its ledger reversals); none for a job or a gateway notification. */
export interface ReleasedBy {
  actorId: number;
  reason: string;
}

/**
 * Releases a pending order: marks it failed (status 0) and gives back its stock and bonus, at
 * most once (the status/stock_released guard makes a second call a no-op). Its idempotency key
 * is freed too: a retry with the same key (the web reuses one only after a network failure)
 * then places a new order instead of answering one that failed. Answers whether this call
 * released it. Lock order: the order row, the user row, then balances by dish id.
 */
export async function releasePendingOrder(tx: Tx, orderId: number, now: Date, by: ReleasedBy | null = null): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ status: 0, stockReleased: true, idempotencyKey: null, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, 1), eq(orders.stockReleased, false)))
    .returning({ menuId: orders.menuId, userId: orders.userId, bonusCents: orders.bonusCents });
  const row = rows[0];
  if (!row) return false;
  await giveBack(tx, orderId, row, now, by?.actorId ?? null, by?.reason ?? null);
  return true;
}

/** Why the ledger reversals and the audit entry of an unpaid order released by a new order say it was released. */
export const RELEASED_BY_NEW_ORDER = 'released by a new order';

/**
 * Locks what releasing a customer's unpaid card/bank orders for their new order touches, in the
 * lock order of the expiry sweep, payment notifications and cancel (payment row, order row, user
 * row, balances by dish id): each unpaid order's payment and order row (only orders of `userId`
 * still unpaid and holding stock), then the user row, then the menu's balance rows of every dish
 * those orders hold and the new order needs (`needs`), in dish-id order, so the release and the
 * new order's statement in the same transaction never take a balance row out of order. Answers
 * the ids still to release.
 */
export async function lockForRelease(
  tx: Tx,
  orderIds: number[],
  userId: number,
  menuId: number,
  needs: Iterable<number>,
): Promise<number[]> {
  const live: number[] = [];
  const dishIds = new Set(needs);
  for (const id of [...orderIds].sort((x, y) => x - y)) {
    await tx.select({ id: payments.id }).from(payments).where(eq(payments.orderId, id)).for('update');
    const [own] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(eq(orders.id, id), eq(orders.userId, userId), eq(orders.menuId, menuId), eq(orders.status, 1), eq(orders.stockReleased, false)),
      )
      .for('update');
    if (!own) continue;
    live.push(id);
    for (const dishId of (await orderNeeds(tx, id)).keys()) dishIds.add(dishId);
  }
  if (live.length === 0) return live;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const ids = [...dishIds].sort((x, y) => x - y);
  await tx.execute(
    sql`select 1 from ${balances} where menu_id = ${menuId} and dish_id = any(${pgIntArray(ids)}::int[]) order by dish_id for update`,
  );
  return live;
}

/**
 * Releases a customer's unpaid card/bank order because they placed a new order on the same menu
 * (decision 045), inside the new order's transaction after `lockForRelease`: the order failed
 * with its stock, bonus and ledger entries given back (the reversals name the customer and the
 * reason), its pending payment marked failed (the sandbox page then refuses it; a real gateway's
 * late "paid" records a refund, payments.service.ts). Answers whether this call released it.
 */
export async function releaseAbandonedOrder(tx: Tx, orderId: number, userId: number, now: Date): Promise<boolean> {
  if (!(await releasePendingOrder(tx, orderId, now, { actorId: userId, reason: RELEASED_BY_NEW_ORDER }))) return false;
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
  await giveBack(tx, orderId, row, now, null, null);
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
  reason: string | null,
) {
  await tx
    .update(users)
    .set({ bonusCents: sql`${users.bonusCents} + ${row.bonusCents}` })
    .where(eq(users.id, row.userId));
  await returnStock(tx, row.menuId, await orderNeeds(tx, orderId));
  await reverseOrderEntries(tx, orderId, now, actorId, reason);
}

/** The order status of a cancelled order (kept in the data; never counted: placed.read.ts). */
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
  await giveBack(tx, orderId, row, now, cancelledById, null);
  return { menuId: row.menuId, userId: row.userId };
}
