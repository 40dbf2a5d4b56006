import { recordAudit, type AuditWho } from '../../lib/audit.js';
import { eq } from 'drizzle-orm';
import type { Lang } from '../../../shared/i18n.js';
import type { Db } from '../../db/client.js';
import { menus, orders, payments, providers } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { recordRefund } from '../payments/refunds.service.js';
import { isOpen } from './ordering.menu.js';
import { orderingText } from './ordering.messages.js';
import { isStaff } from './ordering.orders.js';
import { cancelAndRelease, CANCELLED_STATUS } from './ordering.stock.js';

export interface CancelOutcome {
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
 * In one transaction: status cancelled (who, when), stock and bonus back (subsidy follows from
 * the status), a pending payment given up, a paid one recorded for a refund. A second cancel
 * changes nothing and says so. Lock order as payment notifications and delete: payment, order,
 * user, balances.
 */
export async function cancelOrder(
  db: Db,
  user: AuthUser,
  orderId: number,
  opts: { now: Date; lang: Lang; providerId: () => Promise<number>; who: AuditWho },
): Promise<CancelOutcome> {
  const { now, lang } = opts;
  const staff = isStaff(user);
  const activeProvider = staff ? await opts.providerId() : null;
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.orderId, orderId)).for('update');
    const [order] = await tx
      .select({ userId: orders.userId, menuId: orders.menuId, status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order) throw new AppError(404, t(lang, 'notFound'));
    if (!staff && order.userId !== user.id) throw new AppError(403, t(lang, 'forbidden'));
    const [menu] = await tx
      .select({ status: menus.status, to: menus.to, providerId: menus.providerId, provider: { status: providers.status } })
      .from(menus)
      .innerJoin(providers, eq(providers.id, menus.providerId))
      .where(eq(menus.id, order.menuId));
    // Another provider's order is not staff's to see (decision 026: lists are per active provider).
    if (staff && menu!.providerId !== activeProvider) throw new AppError(404, t(lang, 'notFound'));
    if (order.status === CANCELLED_STATUS) return { menuId: order.menuId, userId: order.userId, changed: false, refundId: null };
    if (order.status !== 1 && order.status !== 2) throw new AppError(409, orderingText(lang, 'notCancellable'));
    if (!staff && !isOpen(menu!, now)) throw new AppError(409, orderingText(lang, 'cancelClosed'));
    const done = await cancelAndRelease(tx, orderId, user.id, now);
    if (!done) throw new AppError(409, orderingText(lang, 'notCancellable'));
    let refundId: number | null = null;
    if (payment?.status === 'pending') {
      // Given up: the sandbox page refuses to pay it now; a real gateway's late "paid" gets a refund (payments.service.ts).
      await tx.update(payments).set({ status: 'failed', updatedAt: now }).where(eq(payments.id, payment.id));
    } else if (payment?.status === 'paid') {
      refundId = await recordRefund(tx, { ...payment, orderId }, now);
    }
    // Staff cancels and a customer's own are both recorded (decision 037): who undid which order.
    await recordAudit(tx, opts.who, {
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
