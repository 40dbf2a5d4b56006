import { and, eq, gt, lt } from 'drizzle-orm';
import { orders, payments } from '../../db/schema/index.js';
import type { Deps, RequestContext } from '../../lib/context.js';
import type { ChangePublisher } from '../../lib/events.js';
import type { GatewayPaymentState, PaymentGateway, PaymentOutcome } from '../../lib/payments/gateway.js';
import { gatewayOf } from '../../lib/payments/sandbox.js';
import { orderEntry } from '../../lib/ledger.js';
import { paymentsCounter } from '../../lib/metrics.js';
import { releasePendingOrder } from '../orders/stock.service.js';
import { recordRefund } from './refunds.service.js';

export interface AppliedNotification {
  orderId: number;
  menuId: number;
  /** The payment's status after the notification. */
  paymentStatus: 'pending' | 'paid' | 'failed' | 'expired';
  /** The order's status after the notification (0 failed, 1 pending, 2 placed). */
  orderStatus: number;
  /** Whether this notification changed anything (replays change nothing). */
  changed: boolean;
}

export class AmountMismatch extends Error {}

/**
 * Applies a verified gateway notification. Idempotent: a replay changes nothing, a paid order is
 * never downgraded, and a failed payment releases the order's stock exactly once.
 * Lock order: payment row, order row, user row, balances (the same in the expiry sweep).
 * `onlyPending`: change nothing unless the payment is still pending (the sandbox's own page; a
 * real gateway's late "paid" is still recorded for a refund). `changes`: told after the commit when
 * the order changed (paid: placed, failed: its stock back), so open pages update at once.
 * Answers null for an unknown reference.
 */
export async function applyNotification(
  ctx: Pick<RequestContext, 'db' | 'now'>,
  opts: {
    notification: { reference: string; outcome: PaymentOutcome; amountCents: number };
    log?: (msg: string) => void;
    onlyPending?: boolean;
    changes?: ChangePublisher;
  },
): Promise<AppliedNotification | null> {
  const { db, now } = ctx;
  const { notification: n, log = () => undefined } = opts;
  const applied = await db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.reference, n.reference)).for('update');
    if (!payment) return null;
    if (n.amountCents !== payment.amountCents) throw new AmountMismatch();
    const [order] = await tx
      .select({ status: orders.status, menuId: orders.menuId })
      .from(orders)
      .where(eq(orders.id, payment.orderId))
      .for('update');
    const result = (paymentStatus: AppliedNotification['paymentStatus'], orderStatus: number, changed: boolean) => ({
      orderId: payment.orderId,
      menuId: order!.menuId,
      paymentStatus,
      orderStatus,
      changed,
    });
    if (n.outcome === 'pending' || payment.status === n.outcome || (opts.onlyPending && payment.status !== 'pending')) {
      return result(payment.status, order!.status, false);
    }
    if (n.outcome === 'paid') {
      if (payment.status === 'failed' || payment.status === 'expired') {
        // Money arrived after the order was given up: keep the order failed, record the payment for a refund.
        log(`payment ${payment.reference} paid after it ${payment.status}; order ${payment.orderId} needs a refund`);
      }
      await tx.update(payments).set({ status: 'paid', updatedAt: now }).where(eq(payments.id, payment.id));
      // The money received, in the ledger (decision 038), whatever becomes of the order.
      await orderEntry(tx, {
        orderId: payment.orderId,
        kind: payment.method === 'bank' ? 'payment_bank' : 'payment_card',
        amountCents: payment.amountCents,
        at: now,
        paymentId: payment.id,
      });
      // Paid after its order was given up or cancelled: the money goes back (the refund-retry job sends it).
      if (order!.status === 0 || order!.status === 3) await recordRefund(tx, payment, now);
      const placed = await tx
        .update(orders)
        .set({ status: 2, paidAt: now, updatedAt: now })
        .where(and(eq(orders.id, payment.orderId), eq(orders.status, 1)))
        .returning({ id: orders.id });
      return result('paid', placed[0] ? 2 : order!.status, true);
    }
    // failed
    if (payment.status !== 'pending') return result(payment.status, order!.status, false);
    await tx.update(payments).set({ status: 'failed', updatedAt: now }).where(eq(payments.id, payment.id));
    await releasePendingOrder(tx, payment.orderId, now);
    return result('failed', 0, true);
  });
  if (applied?.changed) {
    paymentsCounter.inc({ outcome: applied.paymentStatus });
    opts.changes?.publish({ type: 'order', menuId: applied.menuId, orderId: applied.orderId });
  }
  return applied;
}

/**
 * The payment expiry sweep: card and bank orders still unpaid PAYMENT_TIMEOUT_MINUTES after they
 * were placed are failed and their stock (and bonus) given back, once, each published on the
 * change bus when given. The gateway is asked first (decision 045): a payment it reports paid
 * (its notification not here yet) is recorded paid instead, one it reports authorized is left
 * for a later sweep; when it cannot be asked the order expires as before (a late "paid" is then
 * refunded). Answers the ids of the orders this call released (sweeps running at once never
 * release the same order twice).
 */
export async function expireUnpaidOrders(
  deps: Pick<Deps, 'database' | 'env' | 'now'> & { changes?: ChangePublisher; gateway?: PaymentGateway },
): Promise<number[]> {
  const db = deps.database.db;
  const now = deps.now();
  const gateway = gatewayOf(deps);
  const cutoff = new Date(now.getTime() - deps.env.PAYMENT_TIMEOUT_MINUTES * 60_000);
  const released: number[] = [];
  let after = 0;
  let gatewayDown = false;
  for (;;) {
    const due = await db
      .select({
        id: orders.id,
        menuId: orders.menuId,
        reference: payments.reference,
        gatewayPaymentId: payments.gatewayPaymentId,
        amountCents: payments.amountCents,
        paymentStatus: payments.status,
      })
      .from(orders)
      .leftJoin(payments, eq(payments.orderId, orders.id))
      .where(and(eq(orders.status, 1), eq(orders.stockReleased, false), lt(orders.createdAt, cutoff), gt(orders.id, after)))
      .orderBy(orders.id)
      .limit(200);
    for (const { id, menuId, reference, gatewayPaymentId, amountCents, paymentStatus } of due) {
      after = id;
      if (reference !== null && amountCents !== null && paymentStatus === 'pending' && !gatewayDown) {
        let state: GatewayPaymentState | null = null;
        try {
          state = await gateway.paymentState({ reference, gatewayPaymentId, amountCents });
        } catch {
          // Not asked again in this sweep: an unreachable gateway costs one timeout, not one per order.
          gatewayDown = true;
        }
        if (state === 'authorized') continue;
        if (state === 'paid') {
          await applyNotification({ db, now }, { notification: { reference, outcome: 'paid', amountCents }, changes: deps.changes });
          continue;
        }
      }
      const done = await db.transaction(async (tx) => {
        await tx.select({ id: payments.id }).from(payments).where(eq(payments.orderId, id)).for('update');
        const ok = await releasePendingOrder(tx, id, now);
        if (ok) {
          await tx
            .update(payments)
            .set({ status: 'expired', updatedAt: now })
            .where(and(eq(payments.orderId, id), eq(payments.status, 'pending')));
        }
        return ok;
      });
      if (done) {
        released.push(id);
        // Its stock is back: open order pages and the kitchen hear of it at once.
        deps.changes?.publish({ type: 'order', menuId, orderId: id });
      }
    }
    if (due.length < 200) {
      if (released.length > 0) paymentsCounter.inc({ outcome: 'expired' }, released.length);
      return released;
    }
  }
}
