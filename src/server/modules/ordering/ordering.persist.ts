/**
 * The persist step of the order path (decisions 013 and 025): one attempt at writing a checked
 * order with the one order statement (ordering.statement.ts). It answers what happened: placed,
 * answered (a repeat of an order already placed with the key), stale (the customer's row changed
 * since it was read: place-order.ts reads them again, re-prices and tries again) or a transient
 * conflict worth another try. It never reads the customer again outside the replacing transaction.
 */
import { and, eq } from 'drizzle-orm';
import type { CreateOrderResult } from '../../../shared/schemas/ordering.js';
import { orders, payments } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { CheckedOrder, RepeatedOrder } from './ordering.check.js';
import { orderingText } from './ordering.messages.js';
import { replaceUnpaid } from './ordering.replace-unpaid.js';
import { writeOrder, type OrderCtx, type PersistRequest, type Placed } from './ordering.write.js';

/** Transient database conflicts worth one more try (deadlock, serialization failure). */
const RETRYABLE = new Set(['40P01', '40001']);
const UNIQUE_VIOLATION = '23505';

function pgCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  return typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : undefined;
}

/** What one attempt at persisting an order came to. */
export type Attempt =
  | { kind: 'placed'; placed: Placed }
  /** The key names an order already placed: its answer. */
  | { kind: 'answered'; answer: CreateOrderResult }
  /** The customer's row changed since it was read (or another unpaid order appeared): read again, price anew. */
  | { kind: 'stale'; order: CheckedOrder }
  /** A deadlock or serialization failure: the same order may be tried again as it is. */
  | { kind: 'conflict'; order: CheckedOrder; error: unknown };

/**
 * One attempt at placing a checked order (a repeat answers the order placed with its key, or is
 * placed as new when that order gave its key back). The customer's own order with an unpaid
 * card/bank order of theirs on the menu replaces it (decision 045, ordering.replace-unpaid.ts):
 * release and new order in one transaction. Any other order: the statement alone.
 */
export async function persistOrder(ctx: OrderCtx, checked: CheckedOrder | RepeatedOrder, req: PersistRequest): Promise<Attempt> {
  let order: CheckedOrder;
  if (checked.kind === 'repeat') {
    const repeated = await repeatAnswer(ctx, checked.customerId, req.idempotencyKey);
    if (repeated) return { kind: 'answered', answer: repeated };
    order = checked.otherwise();
  } else order = checked;
  try {
    const result =
      order.unpaidOrderIds.length > 0 ? await replaceUnpaid(ctx, order, req) : await writeOrder(ctx, order, req, ctx.db.$client);
    return result === 'stale' ? { kind: 'stale', order } : { kind: 'placed', placed: result };
  } catch (err) {
    const code = pgCode(err);
    // Two requests with one key raced: the other one placed the order.
    if (code === UNIQUE_VIOLATION && req.idempotencyKey) {
      const repeated = await repeatAnswer(ctx, order.customer.id, req.idempotencyKey);
      if (repeated) return { kind: 'answered', answer: repeated };
    }
    if (code && RETRYABLE.has(code)) return { kind: 'conflict', order, error: err };
    throw err;
  }
}

/** The answer of an order already placed with this key (its payment link while it is unpaid). */
async function repeatAnswer(ctx: OrderCtx, userId: number, key: string | null): Promise<CreateOrderResult | null> {
  const rows = await ctx.db
    .select({ id: orders.id, status: orders.status, paymentReference: payments.reference, paymentStatus: payments.status })
    .from(orders)
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key!)))
    .limit(1);
  const existing = rows[0];
  // The key was given back in between (a failed payment releases it): nothing to repeat.
  if (!existing) return null;
  // A failed order gives its key back (releasePendingOrder), so a retry places a new order; a
  // failed order still holding its key (stored before that rule) must not read as a success.
  if (existing.status === 0) throw new AppError(409, orderingText.coded('orderFailed'));
  if (existing.status === 1 && existing.paymentReference && existing.paymentStatus === 'pending') {
    const link = ctx.gateway.resumeUrl(existing.paymentReference, ctx.lang);
    if (link) return { success: true, order_id: existing.id, payment_link: link };
  }
  return { success: true, order_id: existing.id };
}
