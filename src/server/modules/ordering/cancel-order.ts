/**
 * Cancelling an order (decision 031), the order path's other write use case: the owner while the
 * menu is open, staff of the active provider at any time. Check and write in one transaction;
 * after the commit the change is published and a recorded refund is sent at once (one the gateway
 * refuses stays failed on the order and the refund-retry job sends it again).
 */
import { eq } from 'drizzle-orm';
import type { CancelOrderResult } from '../../../shared/schemas/orders.js';
import { menus, orders, payments, providers } from '../../db/schema/index.js';
import { recordAudit, type AuditWho } from '../../lib/audit.js';
import type { UserContext } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import type { ChangePublisher } from '../../lib/events.js';
import { t } from '../../lib/messages.js';
import { isStaff } from '../orders/orders.read.js';
import { cancelAndRelease, CANCELLED_STATUS } from '../orders/stock.service.js';
import { recordRefund, sendRefund } from '../payments/refunds.service.js';
import { isOpen } from '../priced-menu/priced-menu.read.js';
import { orderingText } from './ordering.messages.js';
import { getOrder } from './ordering.orders.js';

export interface CancelRequest {
  orderId: number;
  who: AuditWho;
  /** Told of the change after the commit (open pages, other instances). */
  changes: ChangePublisher;
  /** Drops the order's owner's cached ordering state on this instance. */
  forgetUser(userId: number): void;
  log: { warn(msg: string): void; error(obj: object, msg: string): void };
}

/** POST /app/order/{id}/cancel: cancels, publishes, sends the refund of a paid order, answers the order as it is now. */
export async function cancelOrder(ctx: UserContext, req: CancelRequest): Promise<CancelOrderResult> {
  const done = await cancelInTransaction(ctx, req);
  if (done.changed) {
    req.forgetUser(done.userId);
    req.changes.publish({ type: 'order', menuId: done.menuId, orderId: req.orderId });
  }
  if (done.refundId !== null) {
    // The cancel is committed whatever happens here: a refund not sent now stays open for the job.
    try {
      await sendRefund({ db: ctx.db, gateway: ctx.gateway, now: () => ctx.now, log: (m) => req.log.warn(m) }, done.refundId);
      req.changes.publish({ type: 'order', menuId: done.menuId, orderId: req.orderId });
    } catch (err) {
      req.log.error({ err, refundId: done.refundId }, 'refund not sent; the refund-retry job sends it');
    }
  }
  return { success: true as const, already_cancelled: !done.changed, order: await getOrder(ctx, req.orderId) };
}

interface CancelOutcome {
  menuId: number;
  /** Whose order it is. */
  userId: number;
  /** False when the order was already cancelled (nothing was given back again). */
  changed: boolean;
  /** The refund this cancel recorded for a paid card/bank payment (to be sent after commit). */
  refundId: number | null;
}

/**
 * Cancels an order (decision 031). A customer: their own order, placed or pending, only while its
 * menu is open by the server's clock. Staff: any order of their active provider, at any time.
 * A location's manager may cancel its meeting and guest orders like their own (decision 076).
 * In one transaction: status cancelled (who, when), stock and bonus back (subsidy follows from
 * the status), a pending payment given up, a paid one recorded for a refund. A second cancel
 * changes nothing and says so. Lock order as payment notifications and delete: payment, order,
 * user, balances.
 */
async function cancelInTransaction(ctx: UserContext, req: Pick<CancelRequest, 'orderId' | 'who'>): Promise<CancelOutcome> {
  const { db, now, user } = ctx;
  const { orderId } = req;
  const staff = isStaff(user);
  const activeProvider = staff ? await ctx.provider() : null;
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.orderId, orderId)).for('update');
    const [order] = await tx
      .select({ userId: orders.userId, menuId: orders.menuId, status: orders.status, kind: orders.kind, locationId: orders.locationId })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order) throw new AppError(404, t.coded('notFound'));
    // A meeting or guest order is its location manager's to cancel too, not only its host's (decision 076).
    const managed = order.kind !== 'own' && user.isLocationManager && order.locationId !== null && order.locationId === user.locationId;
    if (!staff && order.userId !== user.id && !managed) throw new AppError(403, t.coded('forbidden'));
    const [menu] = await tx
      .select({ status: menus.status, to: menus.to, providerId: menus.providerId, provider: { status: providers.status } })
      .from(menus)
      .innerJoin(providers, eq(providers.id, menus.providerId))
      .where(eq(menus.id, order.menuId));
    // Another provider's order is not staff's to see (decision 026: lists are per active provider).
    if (staff && menu!.providerId !== activeProvider) throw new AppError(404, t.coded('notFound'));
    if (order.status === CANCELLED_STATUS) return { menuId: order.menuId, userId: order.userId, changed: false, refundId: null };
    if (order.status !== 1 && order.status !== 2) throw new AppError(409, orderingText.coded('notCancellable'));
    if (!staff && !isOpen(menu!, now)) throw new AppError(409, orderingText.coded('cancelClosed'));
    const done = await cancelAndRelease(tx, orderId, user.id, now);
    if (!done) throw new AppError(409, orderingText.coded('notCancellable'));
    let refundId: number | null = null;
    if (payment?.status === 'pending') {
      // Given up: the sandbox page refuses to pay it now; a real gateway's late "paid" gets a refund (payments.service.ts).
      await tx.update(payments).set({ status: 'failed', updatedAt: now }).where(eq(payments.id, payment.id));
    } else if (payment?.status === 'paid') {
      refundId = await recordRefund(tx, { ...payment, orderId }, now);
    }
    // Staff cancels and a customer's own are both recorded (decision 037): who undid which order.
    await recordAudit(tx, req.who, {
      action: 'order.cancel',
      entityType: 'order',
      entityId: orderId,
      providerId: menu!.providerId,
      before: { status: order.status },
      after: { status: CANCELLED_STATUS },
    });
    return { menuId: order.menuId, userId: order.userId, changed: true, refundId };
  });
}
