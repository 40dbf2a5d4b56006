/** Order totals, in integer cents. Used by the cart (display) and the server (the truth). */

export interface TotalsInput {
  /** Sum of the lines: unit price x quantity. */
  linesCents: number;
  /** Bonus the user has available. */
  bonusCents: number;
  /** Subsidy available for this order. */
  subsidyCents: number;
  /** The location pays everything. */
  fullSubsidy: boolean;
  /** Commission of the chosen payment method (card or bank); 0 for cash. */
  commissionCents: number;
}

export interface Totals {
  /** Sum of the lines. */
  amount: number;
  /** Subsidy used by this order. */
  subsidy: number;
  /** Bonus used by this order. */
  bonus: number;
  /** Commission charged (only when something is left to pay). */
  commission: number;
  amountToPay: number;
}

/** Sum of unit price x quantity. */
export function sumLines(lines: readonly { unitPriceCents: number; qty: number }[]): number {
  return lines.reduce((sum, l) => sum + l.unitPriceCents * l.qty, 0);
}

/**
 * Payable = lines − subsidy − bonus, floored at 0; 0 with full subsidy; the payment method's
 * commission is added when something is left to pay. Subsidy is used before bonus, so the
 * user's bonus is kept when the subsidy covers the meal.
 */
export function computeTotals(input: TotalsInput): Totals {
  const amount = Math.max(0, input.linesCents);
  if (input.fullSubsidy) return { amount, subsidy: amount, bonus: 0, commission: 0, amountToPay: 0 };
  const subsidy = Math.min(Math.max(0, input.subsidyCents), amount);
  const bonus = Math.min(Math.max(0, input.bonusCents), amount - subsidy);
  const rest = amount - subsidy - bonus;
  const commission = rest > 0 ? Math.max(0, input.commissionCents) : 0;
  return { amount, subsidy, bonus, commission, amountToPay: rest + commission };
}

export type CheckoutMethod = 'cash' | 'card' | 'bank';

/**
 * What a stored order records as its payment type: the chosen method when something is paid,
 * otherwise what covered it (subsidy, or bonus when the bonus paid part of it).
 */
export function recordedPaymentType(totals: Totals, chosen: CheckoutMethod): CheckoutMethod | 'subsidy' | 'bonus' {
  if (totals.amountToPay > 0) return chosen;
  return totals.bonus > 0 ? 'bonus' : 'subsidy';
}

/** Commission for a checkout method, in cents. */
export function commissionFor(method: CheckoutMethod, commissions: { cardCents: number; bankCents: number }): number {
  return method === 'card' ? commissions.cardCents : method === 'bank' ? commissions.bankCents : 0;
}
