/*
 * A customer's new order replaces their unpaid card/bank orders on the menu (decision 045): the
 * persist step's path for an order that releases them, in one transaction with the new order.
 */
import { inArray } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import type { Tx } from '../../db/client.js';
import { payments } from '../../db/schema/index.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { lockForRelease, RELEASED_BY_NEW_ORDER, releaseAbandonedOrder } from '../orders/stock.service.js';
import { applyNotification } from '../payments/payments.service.js';
import type { CheckedOrder } from './ordering.check.js';
import { orderingText } from './ordering.messages.js';
import { writeOrder, type OrderCtx, type PersistRequest, type Placed } from './ordering.write.js';
import { loadCustomerState } from './ordering.users.js';

/** Thrown inside the replacing transaction to roll it back and read the customer again. */
class ReadAgain extends Error {}

/**
 * The customer's new order replaces their unpaid card/bank orders on the menu (decision 045).
 * First the gateway is asked about each one's payment (outside any transaction): one it reports
 * paid is recorded as paid and stays (the order is then read and priced again, its subsidy used);
 * one that is authorized, or that cannot be asked about, stays too and this order is refused
 * (409), so a payment in progress is never released. Then, in one transaction, the unpaid orders
 * are locked and released, the customer read again on that connection, the order priced again
 * and written by the order statement, and each release recorded in the audit log. A refused
 * order (stock, a limit) rolls the whole transaction back: the unpaid order keeps its stock,
 * subsidy, bonus and payment. Answers 'stale' when the customer must be read again.
 */
export async function replaceUnpaid(ctx: OrderCtx, order: CheckedOrder, req: PersistRequest): Promise<Placed | 'stale'> {
  const { db, gateway, now } = ctx;
  const customerId = order.customer.id;
  const held = await db
    .select({
      orderId: payments.orderId,
      reference: payments.reference,
      gatewayPaymentId: payments.gatewayPaymentId,
      amountCents: payments.amountCents,
      status: payments.status,
    })
    .from(payments)
    .where(inArray(payments.orderId, order.unpaidOrderIds));
  let paidMeanwhile = false;
  for (const p of held) {
    if (p.status !== 'pending') continue;
    let state;
    try {
      state = await gateway.paymentState(p);
    } catch {
      throw new AppError(409, orderingText.coded('unpaidUnchecked'));
    }
    if (state === 'authorized') throw new AppError(409, orderingText.coded('unpaidInProgress'));
    if (state === 'paid') {
      // Paid at the gateway before its notification reached us: recorded as the notification would.
      await applyNotification(ctx, { notification: { reference: p.reference, outcome: 'paid', amountCents: p.amountCents } });
      req.onReleased?.(p.orderId);
      paidMeanwhile = true;
    }
  }
  if (paidMeanwhile) return 'stale';
  const released: number[] = [];
  let placed: Placed;
  try {
    placed = await db.transaction(async (tx) => {
      const live = await lockForRelease(tx, order.unpaidOrderIds, customerId, order.menu.id, order.needs.keys());
      for (const id of live) if (await releaseAbandonedOrder(tx, id, customerId, now)) released.push(id);
      const client = clientOf(tx);
      const fresh = await loadCustomerState({ $client: client }, customerId, order.menu.id, req.idempotencyKey);
      const next = req.reprice(order, fresh);
      // Its key was used meanwhile, or another unpaid order appeared (a parallel request): read again.
      if (next.kind === 'repeat' || next.unpaidOrderIds.length > 0) throw new ReadAgain();
      const written = await writeOrder(ctx, next, req, client);
      if (written === 'stale') throw new ReadAgain();
      for (const id of released) {
        await recordAudit(
          tx,
          { user: { id: customerId }, id: req.requestId },
          {
            action: 'order.release',
            entityType: 'order',
            entityId: id,
            providerId: order.menu.providerId,
            before: { status: 1 },
            after: { status: 0, order_id: written.orderId, reason: RELEASED_BY_NEW_ORDER },
          },
        );
      }
      return written;
    });
  } catch (err) {
    if (err instanceof ReadAgain) return 'stale';
    throw err;
  }
  for (const id of released) req.onReleased?.(id);
  return placed;
}

/** The connection a drizzle transaction runs on: the order path's prepared statements run on it too. */
function clientOf(tx: Tx): PoolClient {
  return (tx as unknown as { session: { client: PoolClient } }).session.client;
}
