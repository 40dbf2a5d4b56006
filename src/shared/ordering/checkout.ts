/**
 * The checkout policy: which payment methods an order may use and which one is preselected,
 * and what stands between a checkout and a valid order (user, payment, bank, shift, terms,
 * stock). The web model asks it to enable the Order button, the order page read to offer the
 * methods, and the server's order check to refuse an order (each problem has its own field and
 * text there). Every rule is written here once.
 */
import { shortages, type ConsumingLine, type StockMap } from './stock.js';
import type { CheckoutMethod } from './totals.js';

/** Who orders and what the location allows. */
export interface PaymentOffer {
  /** The customer orders for themselves; staff order on a user's behalf (cash only, no terms). */
  forCustomer: boolean;
  /** Card is offered (for customers only: the provider takes cards and the gateway offers them). */
  card: boolean;
  /** How many banks are offered (customers only). */
  banks: number;
  /** The location refuses cash from its customers (staff orders are cash by rule). */
  disableCash: boolean;
}

/**
 * Card and banks offered to the caller: customers only; card when both the menu's provider and
 * the payment gateway take it.
 */
export function onlineMethods<B>(o: { forCustomer: boolean; providerCard: boolean; gatewayCard: boolean; banks: readonly B[] }): {
  card: boolean;
  banks: readonly B[];
} {
  return { card: o.forCustomer && o.gatewayCard && o.providerCard, banks: o.forCustomer ? o.banks : [] };
}

/**
 * disable_cash binds customers only, and only when something is left to pay (an order covered
 * by subsidy and bonus is not paid in cash). Staff orders are cash by rule (no card or bank on
 * someone else's behalf), so refusing cash would make them impossible at such a location: the
 * staff member who places one takes responsibility for collecting the money. Without an amount
 * (the cart before the server priced it) something is taken to be left to pay.
 */
export function cashAllowed(o: Pick<PaymentOffer, 'forCustomer' | 'disableCash'>, amountToPayCents?: number): boolean {
  return !o.forCustomer || !o.disableCash || (amountToPayCents !== undefined && amountToPayCents <= 0);
}

/**
 * Methods on offer (spec 6): customers get card when offered, bank when banks are listed and cash
 * unless disable_cash; staff orders are cash only (no card, no bank).
 */
export function paymentChoices(o: PaymentOffer, amountToPayCents?: number): CheckoutMethod[] {
  if (!o.forCustomer) return ['cash'];
  const choices: CheckoutMethod[] = [];
  if (o.card) choices.push('card');
  if (o.banks > 0) choices.push('bank');
  if (cashAllowed(o, amountToPayCents)) choices.push('cash');
  return choices;
}

/** The preselected payment: card when offered to a customer, else cash unless disabled, else bank. */
export function defaultPaymentType(opts: { isCustomer: boolean; card: boolean; banks: number; disableCash: boolean }): CheckoutMethod {
  if (opts.isCustomer && opts.card) return 'card';
  if (!opts.disableCash || !opts.isCustomer) return 'cash';
  return opts.banks > 0 ? 'bank' : 'cash';
}

/** Spec 9: the default (card when offered to a customer, otherwise cash) within what is on offer. */
export function initialPayment(o: PaymentOffer): CheckoutMethod {
  const choices = paymentChoices(o);
  const preferred = defaultPaymentType({
    isCustomer: o.forCustomer,
    card: o.card,
    banks: o.banks,
    disableCash: o.forCustomer && o.disableCash,
  });
  return choices.includes(preferred) ? preferred : (choices[0] ?? 'cash');
}

/** What the checkout holds. */
export interface CheckoutChoice {
  payment: CheckoutMethod;
  /** Bank code when paying by bank. */
  bank: string | null | undefined;
  shiftId: number | null | undefined;
  terms: boolean;
  /** Staff: a user to order for has been chosen. */
  userChosen: boolean;
}

/** Why a checkout cannot become an order yet, in the order the user can fix it. */
export type CheckoutProblem =
  | 'userMissing'
  /** Staff chose another method than cash. */
  | 'staffCashOnly'
  | 'cardUnavailable'
  /** Bank chosen while no bank is offered (always with bankMissing or bankUnknown). */
  | 'bankNotOffered'
  | 'cashDisabled'
  | 'bankMissing'
  | 'bankUnknown'
  | 'shiftMissing'
  | 'shiftUnknown'
  | 'termsMissing';

export interface CheckoutState {
  forCustomer: boolean;
  /** paymentChoices() for the order (with its amount to pay, when known). */
  choices: readonly CheckoutMethod[];
  /** Codes of the offered banks, when known (the cart only offers those). */
  bankCodes?: readonly string[];
  /** Shifts of the person the order is for; one must be chosen when there are any. */
  shifts: readonly { id: number }[];
  choice: CheckoutChoice;
}

/** Spec 5, Checkout: every problem of the checkout's choices, in the order the user can fix them. */
export function checkoutProblems({ forCustomer, choices, bankCodes, shifts, choice }: CheckoutState): CheckoutProblem[] {
  const out: CheckoutProblem[] = [];
  if (!forCustomer && !choice.userChosen) out.push('userMissing');
  if (!choices.includes(choice.payment)) {
    if (!forCustomer) out.push('staffCashOnly');
    else out.push(choice.payment === 'card' ? 'cardUnavailable' : choice.payment === 'bank' ? 'bankNotOffered' : 'cashDisabled');
  }
  if (forCustomer && choice.payment === 'bank') {
    if (!choice.bank) out.push('bankMissing');
    else if (bankCodes && !bankCodes.includes(choice.bank)) out.push('bankUnknown');
  }
  if (shifts.length > 0 && !choice.shiftId) out.push('shiftMissing');
  else if (choice.shiftId && !shifts.some((s) => s.id === choice.shiftId)) out.push('shiftUnknown');
  if (forCustomer && choice.terms !== true) out.push('termsMissing');
  return out;
}

/** A dish the lines take more of than the stock holds, and how many are left of it. */
export interface StockShortage {
  dishId: number;
  left: number;
}

/** Stock problems of an order's lines (limited dishes with too little left), in dish order of need. */
export function stockShortages(stock: StockMap, lines: readonly ConsumingLine[]): StockShortage[] {
  return [...shortages(stock, lines).keys()].map((dishId) => ({ dishId, left: stock[dishId] ?? 0 }));
}

/**
 * The most portions of one limited dish an unpaid card or bank order may hold (decision 045).
 * Such an order takes its stock at once and keeps it until paid or released (up to
 * PAYMENT_TIMEOUT_MINUTES): an abandoned payment must not lock colleagues out of a dish. Cash
 * orders, and dishes without a limit, are not capped.
 */
export const UNPAID_HOLD_MAX_PORTIONS = 5;

/** The limited dishes a card or bank order would hold more of than UNPAID_HOLD_MAX_PORTIONS (ids, in the lines' order). */
export function unpaidHoldExcess(stock: StockMap, needs: ReadonlyMap<number, number>): number[] {
  return [...needs].filter(([id, n]) => typeof stock[id] === 'number' && n > UNPAID_HOLD_MAX_PORTIONS).map(([id]) => id);
}
