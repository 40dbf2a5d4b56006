/**
 * The persist step of the order path (decision 013 and 025): writes a checked order with the one
 * order statement (ordering.statement.ts), reads the customer again and retries when their row
 * changed since it was read, then starts the card or bank payment. A repeat of an order already
 * placed answers that order.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Lang } from '../../../shared/i18n.js';
import { orderWarnings } from '../../../shared/dietary.js';
import { recordedPaymentType } from '../../../shared/ordering/totals.js';
import type { CreateOrderResult } from '../../../shared/schemas/ordering.js';
import { orders, payments } from '../../db/schema/index.js';
import type { Deps } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import type { PaymentGateway } from '../../lib/payments/gateway.js';
import { recheckOrder, stockRefusal, type CheckedOrder, type RepeatedOrder } from './ordering.check.js';
import { orderingText } from './ordering.messages.js';
import { runOrderStatement, type OrderValues } from './ordering.statement.js';
import { pgIntArray, releaseAbandonedOrder, releasePendingOrder } from './ordering.stock.js';
import { loadCustomerState } from './ordering.users.js';

/** Transient database conflicts worth one more try (deadlock, serialization failure). */
const RETRYABLE = new Set(['40P01', '40001']);
/** Attempts of the order statement before giving up (conflicts with the user's own parallel orders). */
const MAX_TRIES = 10;
const UNIQUE_VIOLATION = '23505';

export function newPaymentReference(): string {
  return randomBytes(16).toString('base64url');
}

function pgCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  return typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : undefined;
}

export interface PersistRequest {
  /** The order's idempotency key (null: none). */
  idempotencyKey: string | null;
  lang: Lang;
  /** Told of each unpaid order of the customer this order released (its stock is back: open pages hear of it). */
  onReleased?: (orderId: number) => void;
  /** The request's id (the audit entry of an order staff place for someone). */
  requestId: string;
}

/** A placed order: its id, the payment reference (card or bank) and the amount to pay. */
interface Placed {
  orderId: number;
  reference: string | null;
  amountToPayCents: number;
  method: CheckedOrder['method'];
  bank: string | null;
  stockLeft: StockLeft;
}

/** The limited dishes an order took, with the stock left after it: [dish id, qty left]. */
export type StockLeft = [number, number][];

/** What persisting an order gives its route: the API answer, and the stock it left (empty for a repeat). */
export interface Persisted {
  answer: CreateOrderResult;
  stockLeft: StockLeft;
}

/**
 * Places a checked order: the order statement (one round trip), again with a fresh read of the
 * customer when their row changed since it was read (up to MAX_TRIES), then the payment of a card
 * or bank order. Answers the API result and the stock the order left (for the event stream).
 */
export async function persistOrder(
  deps: Deps,
  gateway: PaymentGateway,
  checked: CheckedOrder | RepeatedOrder,
  req: PersistRequest,
): Promise<Persisted> {
  let order: CheckedOrder | RepeatedOrder = checked;
  let placed: Placed | null = null;
  for (let tries = 0; placed === null; tries++) {
    if (order.kind === 'repeat') {
      const repeated = await repeatAnswer(deps, gateway, order.customerId, req);
      if (repeated) return { answer: repeated, stockLeft: [] };
      order = order.otherwise();
    }
    if (order.unpaidOrderIds.length > 0) {
      // The customer's unpaid card/bank order on this menu is abandoned for this one (decision
      // 045): released first, so its stock and subsidy serve this order; the customer is then
      // read again (the release gave their row a new version) and the order priced anew.
      const customerId = order.customer.id;
      for (const id of order.unpaidOrderIds) {
        const released = await deps.database.db.transaction((tx) => releaseAbandonedOrder(tx, id, customerId, deps.now()));
        if (released) req.onReleased?.(id);
      }
    } else {
      try {
        const result = await writeOrder(deps, gateway, order, req.idempotencyKey, req.requestId);
        if (result !== 'stale') {
          placed = result;
          break;
        }
      } catch (err) {
        const code = pgCode(err);
        // Two requests with one key raced: the other one placed the order.
        if (code === UNIQUE_VIOLATION && req.idempotencyKey) {
          const repeated = await repeatAnswer(deps, gateway, order.customer.id, req);
          if (repeated) return { answer: repeated, stockLeft: [] };
        }
        if (!(code && RETRYABLE.has(code) && tries < MAX_TRIES)) throw err;
        continue;
      }
    }
    // The user's row changed since it was read (another order of theirs, a give-back, an
    // edit, the release above), or another unpaid order of theirs appeared: read bonus, subsidy
    // used, unpaid orders and the idempotent order again and price anew.
    if (tries >= MAX_TRIES) throw new AppError(409, orderingText(req.lang, 'orderFailed'));
    const fresh = await loadCustomerState(deps.database.db, order.customer.id, order.menu.id, req.idempotencyKey);
    order = recheckOrder(order, fresh);
  }
  const { stockLeft } = placed;
  if (!placed.reference) return { answer: { success: true, order_id: placed.orderId }, stockLeft };
  const { method, bank } = placed;
  try {
    const { redirectUrl, gatewayPaymentId } = await gateway.createPayment({
      reference: placed.reference,
      orderId: placed.orderId,
      amountCents: placed.amountToPayCents,
      method: method === 'bank' ? 'bank' : 'card',
      bankCode: method === 'bank' ? bank : null,
      lang: req.lang,
    });
    if (gatewayPaymentId) {
      // Refunds name the gateway's own id for the payment (Montonio's order uuid).
      await deps.database.db.update(payments).set({ gatewayPaymentId }).where(eq(payments.reference, placed.reference));
    }
    return { answer: { success: true, order_id: placed.orderId, payment_link: redirectUrl }, stockLeft };
  } catch {
    const orderId = placed.orderId;
    await deps.database.db.transaction((tx) => releasePendingOrder(tx, orderId, deps.now()));
    throw new AppError(502, orderingText(req.lang, 'paymentFailed'), { payment_type: [orderingText(req.lang, 'paymentFailed')] });
  }
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
async function writeOrder(
  deps: Deps,
  gateway: PaymentGateway,
  order: CheckedOrder,
  key: string | null,
  requestId: string,
): Promise<Placed | 'stale'> {
  const { totals, lang } = order;
  const paymentType = recordedPaymentType(totals, order.method);
  const online = paymentType === 'card' || paymentType === 'bank';
  const reference = online ? newPaymentReference() : null;
  const ids = [...order.needs.keys()].sort((x, y) => x - y);
  const now = deps.now();
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
    gateway: gateway.name,
    reference,
    requestId,
  };
  const row = await runOrderStatement(deps.database.pool, values, { withOptions: options.length > 0, withPayment: online });
  if (!row.locked) return 'stale';
  if (row.short.length > 0)
    throw stockRefusal(
      order.menu,
      row.short.map(([dishId, left]) => ({ dishId, left })),
      lang,
    );
  // Another order of the customer left an unpaid one on the menu since the read (their parallel
  // request): read again, which releases it (decision 045); at most one stays unpaid.
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

/** The answer of an order already placed with this key (its payment link while it is unpaid). */
async function repeatAnswer(deps: Deps, gateway: PaymentGateway, userId: number, req: PersistRequest): Promise<CreateOrderResult | null> {
  const rows = await deps.database.db
    .select({ id: orders.id, status: orders.status, paymentReference: payments.reference, paymentStatus: payments.status })
    .from(orders)
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, req.idempotencyKey!)))
    .limit(1);
  const existing = rows[0];
  // The key was given back in between (a failed payment releases it): nothing to repeat.
  if (!existing) return null;
  // A failed order gives its key back (releasePendingOrder), so a retry places a new order; a
  // failed order still holding its key (stored before that rule) must not read as a success.
  if (existing.status === 0) throw new AppError(409, orderingText(req.lang, 'orderFailed'));
  if (existing.status === 1 && existing.paymentReference && existing.paymentStatus === 'pending') {
    const link = gateway.resumeUrl(existing.paymentReference, req.lang);
    if (link) return { success: true, order_id: existing.id, payment_link: link };
  }
  return { success: true, order_id: existing.id };
}
