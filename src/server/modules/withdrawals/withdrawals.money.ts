/**
 * The money of a withdrawn dish (decision 083): an order's lines of the dish given back. When the
 * lines are the whole order (or its card/bank payment is still pending) the order is cancelled
 * with the cancel path's own steps (stock, bonus, subsidy and budget back, the ledger's reversals,
 * a paid payment refunded); otherwise the lines are taken off and the order shrinks: what it is
 * still worth is covered as when it was placed (subsidy first, then budget, then bonus, then the
 * eater's own money), so the eater's own money comes back first. Each part taken back is a
 * negative ledger entry of its kind; a paid card or bank payment gets a partial refund row.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { orderItems, orders, payments, refunds, users } from '../../db/schema/index.js';
import { recordAudit, type AuditWho } from '../../lib/audit.js';
import { withdrawalEntries } from '../../lib/ledger.js';
import { CANCELLED_STATUS, cancelAndRelease, pgIntArray, returnStock } from '../orders/stock.service.js';
import { recordRefund, refundReferenceOf } from '../payments/refunds.service.js';

export type LockedOrder = Pick<
  typeof orders.$inferSelect,
  | 'id'
  | 'menuId'
  | 'userId'
  | 'status'
  | 'paymentType'
  | 'amountCents'
  | 'subsidyCents'
  | 'budgetCents'
  | 'bonusCents'
  | 'commissionCents'
  | 'amountToPayCents'
>;
export type Payment = typeof payments.$inferSelect;

/** Locks an order as cancel does (its payment, then the order row). Null: no such order. */
export async function lockOrder(tx: Tx, orderId: number): Promise<{ order: LockedOrder; payment: Payment | null } | null> {
  const [payment] = await tx.select().from(payments).where(eq(payments.orderId, orderId)).for('update');
  const [order] = await tx
    .select({
      id: orders.id,
      menuId: orders.menuId,
      userId: orders.userId,
      status: orders.status,
      paymentType: orders.paymentType,
      amountCents: orders.amountCents,
      subsidyCents: orders.subsidyCents,
      budgetCents: orders.budgetCents,
      bonusCents: orders.bonusCents,
      commissionCents: orders.commissionCents,
      amountToPayCents: orders.amountToPayCents,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return order ? { order, payment: payment ?? null } : null;
}

export interface Parts {
  subsidy: number;
  budget: number;
  bonus: number;
  company: number;
  cash: number;
  /** Sent back to the card or bank account. */
  paid: number;
}

export interface TakenBack {
  status: 'refunded' | 'cancelled';
  parts: Parts;
  /** The refund row to send after the commit. */
  refundId: number | null;
}

/**
 * What shrinking an order by `cents` gives back, covered again as at placing (pure; decision 083).
 * The commission stays while something is left to pay and comes back with the last of it.
 */
export function shrink(o: LockedOrder, cents: number, paidByGateway: boolean) {
  const amount = o.amountCents - cents;
  if (o.paymentType === 'company') {
    const parts: Parts = { subsidy: 0, budget: 0, bonus: 0, company: cents, cash: 0, paid: 0 };
    return { amount, subsidy: 0, budget: 0, bonus: 0, commission: 0, amountToPay: o.amountToPayCents, parts };
  }
  const subsidy = Math.min(o.subsidyCents, amount);
  const budget = Math.min(o.budgetCents, amount - subsidy);
  const bonus = Math.min(o.bonusCents, amount - subsidy - budget);
  const rest = amount - subsidy - budget - bonus;
  const commission = rest > 0 ? o.commissionCents : 0;
  const amountToPay = rest > 0 ? rest + commission : 0;
  const payBack = o.amountToPayCents - amountToPay;
  const parts: Parts = {
    subsidy: o.subsidyCents - subsidy,
    budget: o.budgetCents - budget,
    bonus: o.bonusCents - bonus,
    company: 0,
    cash: o.paymentType === 'cash' && o.status === 2 ? payBack : 0,
    paid: paidByGateway ? payBack : 0,
  };
  return { amount, subsidy, budget, bonus, commission, amountToPay, parts };
}

export interface TakeBackRequest {
  withdrawalId: number;
  who: AuditWho;
  /** Who the cancel and the ledger name (the staff member, or the eater who chose the refund). */
  actorId: number;
  providerId: number;
  now: Date;
}

/**
 * Gives back the lines `itemIds` of an order locked by `lockOrder` (placed or pending). Answers
 * null when the order is no longer live. Lock order as cancel: (payment, order), user, balances.
 */
export async function takeBack(
  tx: Tx,
  req: TakeBackRequest,
  locked: { order: LockedOrder; payment: Payment | null },
  itemIds: number[],
): Promise<TakenBack | null> {
  const { order: o, payment } = locked;
  if (o.status !== 1 && o.status !== 2) return null;
  const lines = await tx
    .select({ id: orderItems.id, qty: orderItems.qty, unit: orderItems.unitPriceCents })
    .from(orderItems)
    .where(eq(orderItems.orderId, o.id));
  const taken = lines.filter((l) => itemIds.includes(l.id));
  const cents = taken.reduce((s, l) => s + l.unit * l.qty, 0);
  // A pending card/bank payment cannot be changed at the gateway: the order is cancelled whole.
  if (taken.length === lines.length || payment?.status === 'pending') return cancelWhole(tx, req, locked);
  const paidByGateway = payment?.status === 'paid';
  const next = shrink(o, cents, paidByGateway);
  const { parts } = next;
  // The bonus back first (the user's row, as giveBack), then the lines' stock (dish and options).
  await tx
    .update(users)
    .set({ bonusCents: sql`${users.bonusCents} + ${parts.bonus}` })
    .where(eq(users.id, o.userId));
  const needs = await linesNeeds(tx, o.id, itemIds);
  await returnStock(tx, o.menuId, needs);
  await tx.delete(orderItems).where(and(eq(orderItems.orderId, o.id), inArray(orderItems.id, itemIds)));
  await tx
    .update(orders)
    .set({
      amountCents: next.amount,
      subsidyCents: next.subsidy,
      budgetCents: next.budget,
      bonusCents: next.bonus,
      commissionCents: next.commission,
      amountToPayCents: next.amountToPay,
      updatedAt: req.now,
    })
    .where(eq(orders.id, o.id));
  await withdrawalEntries(tx, {
    orderId: o.id,
    withdrawalId: req.withdrawalId,
    at: req.now,
    actorId: req.actorId,
    parts: { subsidy: parts.subsidy, budget: parts.budget, bonus: parts.bonus, company: parts.company, payment_cash: parts.cash },
  });
  let refundId: number | null = null;
  if (paidByGateway && parts.paid > 0) {
    const [r] = await tx
      .insert(refunds)
      .values({
        orderId: o.id,
        paymentId: payment!.id,
        gateway: payment!.gateway,
        refundReference: `${refundReferenceOf(payment!.reference)}-w${req.withdrawalId}`,
        amountCents: parts.paid,
        withdrawalId: req.withdrawalId,
        createdAt: req.now,
        updatedAt: req.now,
      })
      .onConflictDoNothing()
      .returning({ id: refunds.id });
    refundId = r?.id ?? null;
  }
  return { status: 'refunded', parts, refundId };
}

/** The stock the lines hold: each line's dish and chosen options, times its qty. */
async function linesNeeds(tx: Tx, orderId: number, itemIds: number[]): Promise<Map<number, number>> {
  const ids = pgIntArray(itemIds);
  const res = await tx.execute<{ dish_id: number; n: number }>(sql`
    select dish_id, sum(n)::int as n from (
      select oi.dish_id, oi.qty as n from ${orderItems} oi where oi.order_id = ${orderId} and oi.id = any(${ids}::int[])
      union all
      select op.dish_id, oi.qty from ${orderItems} oi join order_item_options op on op.order_item_id = oi.id
      where oi.order_id = ${orderId} and oi.id = any(${ids}::int[])
    ) x group by dish_id`);
  return new Map(res.rows.map((r) => [r.dish_id, r.n]));
}

/** The cancel path's steps (cancel-order.ts) for an order the withdrawn dish was all of. */
async function cancelWhole(
  tx: Tx,
  req: TakeBackRequest,
  locked: { order: LockedOrder; payment: Payment | null },
): Promise<TakenBack | null> {
  const { order: o, payment } = locked;
  const done = await cancelAndRelease(tx, o.id, req.actorId, req.now);
  if (!done) return null;
  let refundId: number | null = null;
  let paid = 0;
  if (payment?.status === 'pending') {
    await tx.update(payments).set({ status: 'failed', updatedAt: req.now }).where(eq(payments.id, payment.id));
  } else if (payment?.status === 'paid') {
    refundId = await recordRefund(tx, { ...payment, orderId: o.id }, req.now);
    if (refundId !== null) {
      const [r] = await tx.select({ cents: refunds.amountCents }).from(refunds).where(eq(refunds.id, refundId));
      paid = r?.cents ?? 0;
    }
  }
  await recordAudit(tx, req.who, {
    action: 'order.cancel',
    entityType: 'order',
    entityId: o.id,
    providerId: req.providerId,
    before: { status: o.status },
    after: { status: CANCELLED_STATUS, withdrawal: req.withdrawalId },
  });
  const parts: Parts = {
    subsidy: o.subsidyCents,
    budget: o.budgetCents,
    bonus: o.bonusCents,
    company: o.paymentType === 'company' ? o.amountCents : 0,
    cash: o.paymentType === 'cash' && o.status === 2 ? o.amountToPayCents : 0,
    paid,
  };
  return { status: 'cancelled', parts, refundId };
}
