import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { orders, payments, refunds } from '../../db/schema/index.js';
import type { ChangePublisher } from '../../lib/events.js';
import { orderEntry } from '../../lib/ledger.js';
import type { PaymentGateway, RefundResult } from '../../lib/payments/gateway.js';

/** The refund reference sent to the gateway for a payment: one refund per payment, so derived from it. */
export const refundReferenceOf = (paymentReference: string) => `rf-${paymentReference}`;

export type RefundStatus = (typeof refunds.$inferSelect)['status'];

/**
 * What sending refunds needs, in a request (cancel) or a job (refund-retry): the database, the
 * gateway, the clock (read at each write: a job's run spans many refunds), where failures are
 * logged and where changed orders are told.
 */
export interface RefundRun {
  db: Db;
  gateway: PaymentGateway;
  now: () => Date;
  log?: (msg: string) => void;
  changes?: ChangePublisher;
}

/**
 * Records the refund of a paid payment (once: payment_id is unique among these refunds), less what
 * partial refunds of withdrawn dishes sent back already. For a payment that was paid after its
 * order was given up or cancelled. Answers the refund's id when this call recorded it.
 */
export async function recordRefund(
  tx: Tx,
  payment: { id: number; orderId: number; gateway: string; reference: string; amountCents: number },
  now: Date,
): Promise<number | null> {
  // What partial refunds of withdrawn dishes already sent back is not refunded again (decision 083).
  const [done] = await tx
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(eq(refunds.paymentId, payment.id));
  const amountCents = payment.amountCents - (done?.cents ?? 0);
  if (amountCents <= 0) return null;
  const [r] = await tx
    .insert(refunds)
    .values({
      orderId: payment.orderId,
      paymentId: payment.id,
      gateway: payment.gateway,
      refundReference: refundReferenceOf(payment.reference),
      amountCents,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: refunds.id });
  return r?.id ?? null;
}

/**
 * Sends one open refund (pending or failed) to the gateway and records the answer. The refund row
 * stays locked (FOR UPDATE SKIP LOCKED) while the gateway is asked, so two instances or a job run
 * beside a cancel never send the same refund at once; the refund reference is the gateway's
 * idempotency key, so a crash after the gateway refunded and before our commit is answered
 * "refunded" on the retry without moving money twice. Answers the new status, or null when the
 * refund is not open or someone else is sending it now.
 */
export async function sendRefund(run: Omit<RefundRun, 'changes'>, refundId: number): Promise<RefundStatus | null> {
  const { db, gateway, now, log = () => undefined } = run;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ refund: refunds, paymentReference: payments.reference })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(and(eq(refunds.id, refundId), inArray(refunds.status, ['pending', 'failed'])))
      .for('update', { of: refunds, skipLocked: true });
    if (!row) return null;
    const r = row.refund;
    let result: RefundResult;
    if (r.gateway !== gateway.name) {
      result = { outcome: 'failed', error: `the payment was made through ${r.gateway}, which is not configured` };
    } else {
      try {
        result = await gateway.refund({
          reference: row.paymentReference,
          refundReference: r.refundReference,
          amountCents: r.amountCents,
          orderId: r.orderId,
        });
      } catch (err) {
        result = { outcome: 'failed', error: err instanceof Error ? err.message : String(err) };
      }
    }
    const at = now();
    const status: RefundStatus = result.outcome;
    await tx
      .update(refunds)
      .set({
        status,
        attempts: r.attempts + 1,
        lastError: status === 'failed' ? (result.error ?? 'refund failed').slice(0, 500) : null,
        refundedAt: status === 'refunded' ? at : null,
        updatedAt: at,
      })
      .where(eq(refunds.id, r.id));
    // The money sent back, in the ledger (decision 038): negative, once per refund.
    if (status === 'refunded')
      await orderEntry(tx, { orderId: r.orderId, kind: 'refund', amountCents: -r.amountCents, at, refundId: r.id });
    if (status === 'failed') log(`refund ${r.id} of order ${r.orderId} failed (attempt ${r.attempts + 1}); it will be retried`);
    return status;
  });
}

/**
 * The refund-retry job: sends every open refund (pending or failed) again, oldest first, until
 * the gateway refunds it; a refund whose state changed is published on the change bus. Answers how each one ended in this run (by refund id).
 */
export async function retryRefunds(run: RefundRun): Promise<Map<number, RefundStatus | null>> {
  const { db, changes } = run;
  const open = await db
    .select({ id: refunds.id, orderId: refunds.orderId, status: refunds.status, menuId: orders.menuId })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(inArray(refunds.status, ['pending', 'failed']))
    .orderBy(asc(refunds.id))
    .limit(500);
  const done = new Map<number, RefundStatus | null>();
  for (const r of open) {
    const status = await sendRefund(run, r.id);
    done.set(r.id, status);
    // The staff orders page shows refund states: a refund that moved on is told at once.
    if (status !== null && status !== r.status) changes?.publish({ type: 'order', menuId: r.menuId, orderId: r.orderId });
  }
  return done;
}
