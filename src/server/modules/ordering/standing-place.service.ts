/*
 * Placing a standing order's order for one day (issue 27, decision 061): the order path's check
 * and order statement, run for the user by the standing-order sweep, with the day's guard row
 * claimed in the same transaction as the order. Card and bank need the payer: such an order is
 * prepared (recorded, never written or charged) for the user to pay in the cart.
 */
import type { PoolClient } from 'pg';
import { recordedPaymentType } from '../../../shared/ordering/totals.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { ChangePublisher } from '../../lib/events.js';
import { checkOrder, type CheckedOrder, type PlaceOrderInput } from './ordering.check.js';
import { loadCustomerState } from './ordering.users.js';
import { writeOrder, type OrderCtx, type Placed } from './ordering.write.js';

export type StandingRefusal = 'stock' | 'notOnMenu' | 'alreadyOrdered' | 'invalid';

/** What came of one day of a standing order. */
export type StandingOutcome =
  | { kind: 'placed'; orderId: number; amountToPayCents: number }
  | { kind: 'prepared'; amountToPayCents: number }
  | { kind: 'refused'; reason: StandingRefusal };

export interface StandingPlacement {
  userId: number;
  /** The order as the customer would send it (their terms accepted with the standing order). */
  input: PlaceOrderInput;
  /** The order's idempotency key: one per standing order and day (a second guard on the orders table). */
  idempotencyKey: string;
  requestId: string;
  /** Claims the user's day in the transaction: false when another run (any instance) has it. */
  claim(tx: Tx): Promise<boolean>;
  /** Records the outcome in the same transaction. */
  settle(tx: Tx, outcome: StandingOutcome): Promise<void>;
}

/** Attempts before giving up on a user whose row keeps changing (their own orders meanwhile). */
const MAX_TRIES = 5;
const RETRYABLE = new Set(['40P01', '40001']);

class ReadAgain extends Error {}

/** Which rule refused the order: the stock, the dish or its options not on the menu, anything else. */
function refusalOf(err: AppError): StandingRefusal {
  const fields = Object.keys(err.fieldTexts);
  if (fields.some((f) => f.startsWith('balance.'))) return 'stock';
  if (fields.some((f) => f.startsWith('items.'))) return 'notOnMenu';
  return 'invalid';
}

const isRefusal = (err: unknown): err is AppError => err instanceof AppError && err.status === 422;

/** The connection a drizzle transaction runs on: the order statement runs on it too. */
function clientOf(tx: Tx): PoolClient {
  return (tx as unknown as { session: { client: PoolClient } }).session.client;
}

/**
 * Places (or prepares, or refuses) one day of a standing order. Answers null when another run
 * had claimed the day. The order, the claim and the outcome commit together: a crash leaves
 * neither, and the next sweep tries again.
 */
export async function placeStandingOrder(ctx: OrderCtx, changes: ChangePublisher, req: StandingPlacement): Promise<StandingOutcome | null> {
  const menuId = req.input.dishlist_id;
  const dishes = [...new Set(req.input.items.flatMap((i) => [i.id, ...(i.complex ?? []).map((c) => c.dish_id)]))];
  for (let tries = 0; ; tries++) {
    const state = await loadCustomerState(ctx.db, req.userId, menuId, req.idempotencyKey, dishes, true);
    let decided: StandingOutcome | CheckedOrder;
    try {
      const checked = checkOrder({ state, staffId: null, input: req.input, gateway: ctx.gateway.methods(), now: ctx.now });
      if (checked.kind === 'repeat' || checked.unpaidOrderIds.length > 0) decided = { kind: 'refused', reason: 'alreadyOrdered' };
      else {
        const paid = recordedPaymentType(checked.totals, checked.method);
        decided = paid === 'card' || paid === 'bank' ? { kind: 'prepared', amountToPayCents: checked.totals.amountToPay } : checked;
      }
    } catch (err) {
      if (!isRefusal(err)) throw err;
      decided = { kind: 'refused', reason: refusalOf(err) };
    }
    try {
      const done = await ctx.db.transaction(async (tx) => {
        if (!(await req.claim(tx))) return null;
        let outcome: StandingOutcome;
        let placed: Placed | null = null;
        if (decided.kind !== 'new') outcome = decided;
        else {
          try {
            const written = await writeOrder(ctx, decided, { idempotencyKey: req.idempotencyKey, requestId: req.requestId }, clientOf(tx));
            if (written === 'stale') throw new ReadAgain();
            outcome = { kind: 'placed', orderId: written.orderId, amountToPayCents: written.amountToPayCents };
            placed = written;
          } catch (err) {
            if (!isRefusal(err)) throw err;
            outcome = { kind: 'refused', reason: refusalOf(err) };
          }
        }
        await req.settle(tx, outcome);
        return { outcome, placed };
      });
      if (!done) return null;
      // Stock changed: open order pages and every instance's caches hear of it (as place-order.ts).
      if (done.placed) changes.publish({ type: 'order', menuId, orderId: done.placed.orderId, stockLeft: done.placed.stockLeft });
      return done.outcome;
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      const again = err instanceof ReadAgain || (typeof code === 'string' && RETRYABLE.has(code));
      if (!again || tries >= MAX_TRIES) throw err;
    }
  }
}
