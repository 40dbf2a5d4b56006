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
  /** The employer's budget for the eater (issue 29): what is left of it in the period, the rule's cap per order and whether it blocks. */
  budget?: TotalsBudget | null;
}

export interface TotalsBudget {
  leftCents: number;
  /** At most this much of one order (null: the whole order). */
  capCents: number | null;
  /** An order wanting more than is left is refused (else the budget covers what is left). */
  blocking: boolean;
}

export interface Totals {
  /** Sum of the lines. */
  amount: number;
  /** Subsidy used by this order. */
  subsidy: number;
  /** The budget's part of this order (after the subsidy, before the bonus). */
  budget: number;
  /**
   * What the budget rule wanted to cover (amount less subsidy, at most the cap); when it is more
   * than `budget`, a blocking rule refuses the order and a warning one lets the eater pay the rest.
   */
  budgetWanted: number;
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
 * Payable = lines − subsidy − budget − bonus, floored at 0; 0 with full subsidy; the payment
 * method's commission is added when something is left to pay. Subsidy is used first, then the
 * employer's budget (at most its cap, at most what is left), then bonus, so the user's bonus is
 * kept when the employer covers the meal. A blocking budget that cannot cover what it wants
 * covers nothing here (`budgetWanted` > `budget`: the order is refused, see `budgetRefused`).
 */
export function computeTotals(input: TotalsInput): Totals {
  const amount = Math.max(0, input.linesCents);
  if (input.fullSubsidy) return { amount, subsidy: amount, budget: 0, budgetWanted: 0, bonus: 0, commission: 0, amountToPay: 0 };
  const subsidy = Math.min(Math.max(0, input.subsidyCents), amount);
  const b = input.budget;
  const budgetWanted = b ? Math.max(0, b.capCents === null ? amount - subsidy : Math.min(b.capCents, amount - subsidy)) : 0;
  const left = b ? Math.max(0, b.leftCents) : 0;
  const budget = b && b.blocking && budgetWanted > left ? 0 : Math.min(budgetWanted, left);
  const bonus = Math.min(Math.max(0, input.bonusCents), amount - subsidy - budget);
  const rest = amount - subsidy - budget - bonus;
  const commission = rest > 0 ? Math.max(0, input.commissionCents) : 0;
  return { amount, subsidy, budget, budgetWanted, bonus, commission, amountToPay: rest + commission };
}

/** A blocking budget cannot cover what this order wants of it: the order is refused. */
export function budgetRefused(totals: Totals, budget: TotalsBudget | null | undefined): boolean {
  return !!budget?.blocking && totals.budgetWanted > totals.budget;
}

export type CheckoutMethod = 'cash' | 'card' | 'bank';

/**
 * What a stored order records as its payment type: the chosen method when something is paid,
 * otherwise what covered it (the budget when it paid part of it, else bonus when the bonus paid
 * part of it, else subsidy).
 */
export function recordedPaymentType(totals: Totals, chosen: CheckoutMethod): CheckoutMethod | 'subsidy' | 'bonus' | 'budget' {
  if (totals.amountToPay > 0) return chosen;
  if (totals.budget > 0) return 'budget';
  return totals.bonus > 0 ? 'bonus' : 'subsidy';
}

/** Commission for a checkout method, in cents. */
export function commissionFor(method: CheckoutMethod, commissions: { cardCents: number; bankCents: number }): number {
  return method === 'card' ? commissions.cardCents : method === 'bank' ? commissions.bankCents : 0;
}
