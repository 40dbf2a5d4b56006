/*
 * The payment of a card or bank order, started once the order statement placed it (decision 025,
 * step 6): the gateway is asked for its page; a failed start releases the order at once.
 */
import type { CreateOrderResult } from '../../../shared/schemas/ordering.js';
import { AppError } from '../../lib/errors.js';
import { releasePendingOrder } from '../orders/stock.service.js';
import { orderingText } from './ordering.messages.js';
import type { OrderCtx, Placed } from './ordering.write.js';

/** The API answer of a placed order: with the gateway's payment page for a card or bank order. */
export async function startPayment(ctx: OrderCtx, placed: Placed): Promise<CreateOrderResult> {
  if (!placed.reference) return { success: true, order_id: placed.orderId };
  const { method, bank } = placed;
  let started: { redirectUrl: string; gatewayPaymentId?: string };
  try {
    started = await ctx.gateway.createPayment({
      reference: placed.reference,
      orderId: placed.orderId,
      amountCents: placed.amountToPayCents,
      method: method === 'bank' ? 'bank' : 'card',
      bankCode: method === 'bank' ? bank : null,
      lang: ctx.lang,
    });
  } catch {
    const orderId = placed.orderId;
    await ctx.db.transaction((tx) => releasePendingOrder(tx, orderId, ctx.now));
    throw new AppError(502, orderingText.coded('paymentFailed'), { payment_type: [orderingText.coded('paymentFailed')] });
  }
  // A gateway's own payment page (it gave its id for the payment: Montonio) is handed out only
  // while the payment is still pending, judged by the statement that stores that id (refunds name
  // it, so it is kept even for an order gone meanwhile): an UPDATE takes the payment's row lock,
  // the lock every release, cancel, expiry and notification takes first and that each of them
  // leaves with the payment no longer pending, so a newer order of the customer, a cancel or the
  // expiry that released the order while the gateway was asked is seen. The sandbox's page is our
  // own and pays only a pending payment, so it needs no statement here (none on the card path).
  const reference = placed.reference;
  let live = true;
  if (started.gatewayPaymentId) {
    const res = await ctx.db.$client.query<{ pending: boolean }>(
      "update payments set gateway_payment_id = $2 where reference = $1 returning status = 'pending' as pending",
      [reference, started.gatewayPaymentId],
    );
    live = res.rows[0]?.pending === true;
  }
  if (!live) throw new AppError(409, orderingText.coded('orderReplaced'));
  return { success: true, order_id: placed.orderId, payment_link: started.redirectUrl };
}
