/**
 * Placing an order (decisions 013 and 025), the order path's write use case: read → check →
 * persist → publish. Read: the customer query (round trip 1; on a session-cache miss it reads the
 * session too and the sign-in is completed from it before anything else is looked at). Check: pure
 * (ordering.check.ts). Persist: the order statement (round trip 2); when the customer's row
 * changed since it was read, read them again, price anew and try again (up to MAX_TRIES). Then the
 * card or bank payment, and publish: the counters, this instance's read caches, the change bus.
 */
import type { CreateOrderResult } from '../../../shared/schemas/ordering.js';
import type { SessionRow } from '../../lib/auth.js';
import { AppError } from '../../lib/errors.js';
import type { ChangePublisher } from '../../lib/events.js';
import { ordersCounter } from '../../lib/metrics.js';
import { checkOrder, recheckOrder, type CheckedOrder, type PlaceOrderInput, type RepeatedOrder } from './ordering.check.js';
import { orderCostCentre } from './ordering.cost-centre.js';
import { orderingText } from './ordering.messages.js';
import { startPayment } from './ordering.payment.js';
import { persistOrder } from './ordering.persist.js';
import type { ReadCaches } from './ordering.service.js';
import { loadCustomerState, type CustomerKey } from './ordering.users.js';
import type { OrderCtx, PersistRequest, Placed } from './ordering.write.js';

/** Attempts of the order statement before giving up (conflicts with the user's own parallel orders). */
const MAX_TRIES = 10;

export interface PlaceOrderRequest {
  /** The customer: their id (signed in, or named by staff), or the session to read them by (sign-in deferred). */
  who: CustomerKey;
  /** Completes a deferred sign-in from the session the customer query read (null: signed in already). */
  signIn: ((session: SessionRow | null) => Promise<unknown>) | null;
  /** Staff member placing it on the user's behalf (null: the customer themselves). */
  staffId: number | null;
  input: PlaceOrderInput & { idempotency_key?: string };
  /** The Idempotency-Key header as sent. */
  idempotencyHeader: unknown;
  /** The request's id (audit entries). */
  requestId: string;
}

function idempotencyKey(header: unknown, body: string | undefined): string | null {
  const h = typeof header === 'string' ? header.trim() : '';
  if (h && h.length <= 100) return h;
  return body?.trim() || null;
}

/** Every dish the order names (lines and chosen options): the customer query reads their stock and menu entries. */
function namedDishes(input: PlaceOrderInput): number[] {
  return [...new Set(input.items.flatMap((i) => [i.id, ...(i.complex ?? []).map((c) => c.dish_id)]))];
}

/** The order placer of an app instance: its change bus and read caches. */
export function orderPlacer(deps: { changes: ChangePublisher; caches: ReadCaches }) {
  // The counters' children, made once: counting an order allocates nothing (the order path is benchmarked).
  const ordersPlaced = ordersCounter.labels('placed');
  const ordersRefused = ordersCounter.labels('refused');

  return async function placeOrder(ctx: OrderCtx, req: PlaceOrderRequest): Promise<CreateOrderResult> {
    const { input } = req;
    const menuId = input.dishlist_id;
    // Staff keys are per staff member: the staff member's id keeps two staff from colliding.
    const key = idempotencyKey(req.idempotencyHeader, input.idempotency_key);
    const orderKey = key && req.staffId !== null ? `staff:${req.staffId}:${key}` : key;
    let customerId = typeof req.who === 'number' ? req.who : null;
    try {
      const state = await loadCustomerState(ctx.db, req.who, menuId, orderKey, namedDishes(input), true);
      if (req.signIn) {
        await req.signIn(state?.session ?? null);
        customerId = state?.customer.id ?? null;
      }
      // A cost centre the order names that is not the eater's default: one read (only then).
      const costCentreId = state?.customer.active ? await orderCostCentre(ctx.db, state, input.cost_centre_id) : undefined;
      const checked = checkOrder({ state, staffId: req.staffId, input, gateway: ctx.gateway.methods(), now: ctx.now, costCentreId });
      const persisted = await persistWithRetries(ctx, checked, {
        idempotencyKey: orderKey,
        // An abandoned unpaid order this order released (decision 045): its stock is back, open pages hear of it.
        onReleased: (orderId) => deps.changes.publish({ type: 'order', menuId, orderId }),
        requestId: req.requestId,
        reprice: recheckOrder,
      });
      const answer = 'answer' in persisted ? persisted.answer : await startPayment(ctx, persisted);
      const stockLeft = 'answer' in persisted ? [] : persisted.stockLeft;
      ordersPlaced.inc();
      // Stock changed: this instance's caches drop the menu, every open order page hears of it,
      // with the stock the order left (the pages show it without a refetch; decision 030).
      deps.changes.publish({ type: 'order', menuId, orderId: answer.order_id, stockLeft });
      return answer;
    } catch (err) {
      // A refused order (stock gone, dish withdrawn, menu closed): the page reloads the menu
      // at once and must see it as it is now, not as this instance cached it.
      if (err instanceof AppError && err.status === 422) {
        ordersRefused.inc();
        deps.caches.forgetMenu(menuId);
      }
      // The payment could not be started: the order was placed and its stock given back at once.
      // Pages that saw it taken (and this instance's caches) hear that it is back.
      if (err instanceof AppError && err.status === 502) deps.changes.publish({ type: 'menu', menuId });
      throw err;
    } finally {
      if (customerId !== null) deps.caches.forgetUser(customerId);
    }
  };
}

/**
 * Persists a checked order: again as it is after a transient conflict, again from a fresh read of
 * the customer (round trip 1 again) and a new price when their row changed since it was read.
 * Answers the placed order, or the answer of an order already placed with the key.
 */
async function persistWithRetries(
  ctx: OrderCtx,
  checked: CheckedOrder | RepeatedOrder,
  req: PersistRequest,
): Promise<Placed | { answer: CreateOrderResult }> {
  let order = checked;
  for (let tries = 0; ; tries++) {
    const attempt = await persistOrder(ctx, order, req);
    if (attempt.kind === 'placed') return attempt.placed;
    if (attempt.kind === 'answered') return { answer: attempt.answer };
    if (attempt.kind === 'conflict') {
      if (tries >= MAX_TRIES) throw attempt.error;
      order = attempt.order;
      continue;
    }
    // The user's row changed since it was read (another order of theirs, a give-back, an edit,
    // a release), or another unpaid order of theirs appeared: read bonus, subsidy used, unpaid
    // orders and the idempotent order again and price anew.
    if (tries >= MAX_TRIES) throw new AppError(409, orderingText.coded('orderFailed'));
    const fresh = await loadCustomerState(ctx.db, attempt.order.customer.id, attempt.order.menu.id, req.idempotencyKey);
    order = recheckOrder(attempt.order, fresh);
  }
}
