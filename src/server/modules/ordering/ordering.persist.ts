/**
 * The persist step of the order path (decision 013 and 025): writes a checked order with the one
 * order statement (ordering.statement.ts), reads the customer again and retries when their row
 * changed since it was read, then starts the card or bank payment. A repeat of an order already
 * placed answers that order.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Pool, PoolClient } from 'pg';
import type { Lang } from '../../../shared/i18n.js';
import { orderWarnings } from '../../../shared/dietary.js';
import { recordedPaymentType } from '../../../shared/ordering/totals.js';
import type { CreateOrderResult } from '../../../shared/schemas/ordering.js';
import { orders, payments } from '../../db/schema/index.js';
import type { Tx } from '../../db/client.js';
import { recordAudit } from '../../lib/audit.js';
import type { Deps } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import type { PaymentGateway } from '../../lib/payments/gateway.js';
import { recheckOrder, stockRefusal, type CheckedOrder, type RepeatedOrder } from './ordering.check.js';
import { orderingText } from './ordering.messages.js';
import { runOrderStatement, type OrderValues } from './ordering.statement.js';
import { applyNotification } from '../payments/payments.service.js';
import { lockForRelease, pgIntArray, RELEASED_BY_NEW_ORDER, releaseAbandonedOrder, releasePendingOrder } from './ordering.stock.js';
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
  /** Told of each unpaid order of the customer this order released, or found paid at the gateway (open pages hear of it). */
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
    try {
      // The customer's own order with an unpaid card/bank order of theirs on the menu replaces it
      // (decision 045): release and new order in one transaction. Any other order: the statement alone.
      const result =
        order.unpaidOrderIds.length > 0
          ? await replaceUnpaid(deps, gateway, order, req)
          : await writeOrder(deps, gateway, order, req.idempotencyKey, req.requestId, deps.database.pool);
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
  let started: { redirectUrl: string; gatewayPaymentId?: string };
  try {
    started = await gateway.createPayment({
      reference: placed.reference,
      orderId: placed.orderId,
      amountCents: placed.amountToPayCents,
      method: method === 'bank' ? 'bank' : 'card',
      bankCode: method === 'bank' ? bank : null,
      lang: req.lang,
    });
  } catch {
    const orderId = placed.orderId;
    await deps.database.db.transaction((tx) => releasePendingOrder(tx, orderId, deps.now()));
    throw new AppError(502, orderingText(req.lang, 'paymentFailed'), { payment_type: [orderingText(req.lang, 'paymentFailed')] });
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
    const res = await deps.database.pool.query<{ pending: boolean }>(
      "update payments set gateway_payment_id = $2 where reference = $1 returning status = 'pending' as pending",
      [reference, started.gatewayPaymentId],
    );
    live = res.rows[0]?.pending === true;
  }
  if (!live) throw new AppError(409, orderingText(req.lang, 'orderReplaced'));
  return { answer: { success: true, order_id: placed.orderId, payment_link: started.redirectUrl }, stockLeft };
}

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
async function replaceUnpaid(deps: Deps, gateway: PaymentGateway, order: CheckedOrder, req: PersistRequest): Promise<Placed | 'stale'> {
  const db = deps.database.db;
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
      throw new AppError(409, orderingText(req.lang, 'unpaidUnchecked'));
    }
    if (state === 'authorized') throw new AppError(409, orderingText(req.lang, 'unpaidInProgress'));
    if (state === 'paid') {
      // Paid at the gateway before its notification reached us: recorded as the notification would.
      await applyNotification(db, { reference: p.reference, outcome: 'paid', amountCents: p.amountCents }, deps.now());
      req.onReleased?.(p.orderId);
      paidMeanwhile = true;
    }
  }
  if (paidMeanwhile) return 'stale';
  const now = deps.now();
  const released: number[] = [];
  let placed: Placed;
  try {
    placed = await db.transaction(async (tx) => {
      const live = await lockForRelease(tx, order.unpaidOrderIds, customerId, order.menu.id, order.needs.keys());
      for (const id of live) if (await releaseAbandonedOrder(tx, id, customerId, now)) released.push(id);
      const client = clientOf(tx);
      const fresh = await loadCustomerState({ $client: client }, customerId, order.menu.id, req.idempotencyKey);
      const next = recheckOrder(order, fresh);
      // Its key was used meanwhile, or another unpaid order appeared (a parallel request): read again.
      if (next.kind === 'repeat' || next.unpaidOrderIds.length > 0) throw new ReadAgain();
      const written = await writeOrder(deps, gateway, next, req.idempotencyKey, req.requestId, client);
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
  /** The pool (one autocommit statement), or the connection of the transaction that released an unpaid order. */
  runner: Pool | PoolClient,
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
  const row = await runOrderStatement(runner, values, { withOptions: options.length > 0, withPayment: online });
  if (!row.locked) return 'stale';
  if (row.short.length > 0)
    throw stockRefusal(
      order.menu,
      row.short.map(([dishId, left]) => ({ dishId, left })),
      lang,
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
