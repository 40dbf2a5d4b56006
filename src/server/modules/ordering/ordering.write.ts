/*
 * One run of the order statement for a checked order (decision 013): the values it writes, and
 * what it answered. Used by the persist step alone, and inside the transaction that replaces the
 * customer's unpaid orders.
 */
import { randomBytes } from 'node:crypto';
import type { PoolClient } from 'pg';
import { orderWarnings } from '../../../shared/dietary.js';
import { recordedPaymentType } from '../../../shared/ordering/totals.js';
import type { Db } from '../../db/client.js';
import type { RequestContext } from '../../lib/context.js';
import type { StockLeft } from '../../lib/events.js';
import { pgIntArray } from '../orders/stock.service.js';
import type { CheckedOrder, RepeatedOrder } from './ordering.check.js';
import { stockRefusal } from './ordering.stock-refusal.js';
import { runOrderStatement, type OrderValues } from './ordering.statement.js';
import type { CustomerState } from './ordering.users.js';

/** What the order path needs of the request: the database, its instant, the gateway, the language of the payment page. */
export type OrderCtx = Pick<RequestContext, 'db' | 'now' | 'lang' | 'gateway'>;

export function newPaymentReference(): string {
  return randomBytes(16).toString('base64url');
}

export interface PersistRequest {
  /** The order's idempotency key (null: none). */
  idempotencyKey: string | null;
  /** Told of each unpaid order of the customer this order released, or found paid at the gateway (open pages hear of it). */
  onReleased?: (orderId: number) => void;
  /** The request's id (the audit entry of an order staff place for someone). */
  requestId: string;
  /**
   * Prices the order again from a fresh read of its customer (the check's recheckOrder, passed
   * down): used inside the transaction that releases the customer's unpaid orders.
   */
  reprice(order: CheckedOrder, fresh: CustomerState | null): CheckedOrder | RepeatedOrder;
}

/** A placed order: its id, the payment reference (card or bank) and the amount to pay. */
export interface Placed {
  orderId: number;
  reference: string | null;
  amountToPayCents: number;
  method: CheckedOrder['method'];
  bank: string | null;
  stockLeft: StockLeft;
}

/**
 * One run of the order statement. It locks the user's row only if it is still the version the
 * customer query read (`xmin`), then the balance rows in dish-id order, takes the stock, writes
 * the order, its lines, chosen options and payment, and updates the user's row (bonus), which
 * gives the row a new version. Every order and every give-back updates that row, so an
 * unchanged version means bonus, subsidy used and the idempotent order are still as read; under
 * READ COMMITTED a row changed by a concurrent order is re-checked after the lock wait and no
 * longer matches, and the statement then writes nothing ('stale') and the caller reads the
 * state again. When any dish is short nothing is written and the order is refused; when (card/bank)
 * an unpaid order of the customer is on the menu nothing is written and the caller reads again.
 */
export async function writeOrder(
  ctx: OrderCtx,
  order: CheckedOrder,
  req: Pick<PersistRequest, 'idempotencyKey' | 'requestId'>,
  /** The pool (one autocommit statement), or the connection of the transaction that released an unpaid order. */
  runner: Db['$client'] | PoolClient,
): Promise<Placed | 'stale'> {
  const { totals } = order;
  const { idempotencyKey: key, requestId } = req;
  const paymentType = recordedPaymentType(totals, order.method);
  const online = paymentType === 'card' || paymentType === 'bank';
  const reference = online ? newPaymentReference() : null;
  const ids = [...order.needs.keys()].sort((x, y) => x - y);
  const now = ctx.now;
  const options = order.lines
    .flatMap((l, position) =>
      l.options.map((o) => ({ position, group_id: o.groupId, dish_id: o.dishId, title: o.title, price: o.priceCents })),
    )
    .map((o, idx) => ({ ...o, idx }));
  const values: OrderValues = {
    user: order.customer.id,
    version: order.version,
    dishIds: pgIntArray(ids),
    needs: pgIntArray(ids.map((id) => order.needs.get(id)!)),
    menu: order.menu.id,
    provider: order.menu.providerId,
    location: order.customer.location?.id ?? null,
    staff: order.staffId,
    shift: order.shiftId,
    comment: order.comment,
    paymentType,
    bank: paymentType === 'bank' ? order.bank : null,
    amount: totals.amount,
    subsidy: totals.subsidy,
    budget: totals.budget,
    costCentre: order.costCentreId,
    bonus: totals.bonus,
    commission: totals.commission,
    toPay: totals.amountToPay,
    status: online ? 1 : 2,
    key,
    now,
    items: JSON.stringify(
      order.lines.map((l, position) => ({
        dish_id: l.dish.id,
        title: l.dish.title,
        qty: l.qty,
        price: l.unitPriceCents,
        position,
        allergens: l.dietary.allergens,
      })),
    ),
    // The allergens the eater avoids that they ordered anyway (after the warning): the kitchen's flag.
    warnings: pgIntArray(
      orderWarnings(
        order.customer.avoidedAllergens,
        order.lines.map((l) => l.dietary),
      ),
    ),
    options: JSON.stringify(options),
    gateway: ctx.gateway.name,
    reference,
    requestId,
  };
  const row = await runOrderStatement(runner, values, { withOptions: options.length > 0, withPayment: online });
  if (!row.locked) return 'stale';
  if (row.short.length > 0)
    throw stockRefusal(
      order.menu,
      row.short.map(([dishId, left]) => ({ dishId, left })),
    );
  // Another order of the customer left an unpaid one on the menu since the read (their parallel
  // request): read again, and the next try releases it (decision 045); at most one stays unpaid.
  if (row.unpaid) return 'stale';
  return {
    orderId: row.order_id!,
    reference,
    amountToPayCents: totals.amountToPay,
    method: order.method,
    bank: order.bank,
    stockLeft: row.stock_left ?? [],
  };
}
