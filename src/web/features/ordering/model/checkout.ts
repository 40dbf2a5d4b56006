import type { Cart } from '../../../../shared/ordering/cart';
import { selectionToChoices } from '../../../../shared/ordering/complex';
import {
  checkoutProblems,
  initialPayment as sharedInitialPayment,
  paymentChoices as sharedPaymentChoices,
  type CheckoutProblem,
  type PaymentOffer,
} from '../../../../shared/ordering/checkout';
import { commissionFor, type CheckoutMethod, type TotalsBudget } from '../../../../shared/ordering/totals';
import { toCents } from '../../../../shared/money';
import type {
  BudgetStateJson,
  CreateOrderForUserInput,
  CreateOrderInput,
  PaymentMethods,
  UserData,
} from '../../../../shared/schemas/ordering';
import { isApiError, type FieldErrors } from '../../../lib/api';

/** The checkout form in the cart panel. */
export interface CheckoutForm {
  payment: CheckoutMethod;
  /** Bank code when paying by bank. */
  bank: string | null;
  comment: string;
  shiftId: number | null;
  /** Customers: the terms-of-service agreement (unticked by default). */
  terms: boolean;
  /** Staff: the user the order is placed for. */
  userId: number | null;
  /**
   * Customers whose company has cost centres: the one the order is booked to (null: none). Absent
   * until the checkout's select has loaded its choices (then the user's default); absent, the order
   * sends none and the server books it to the user's default (decision 075).
   */
  costCentreId?: number | null;
}

export interface PaymentContext {
  isCustomer: boolean;
  methods: PaymentMethods;
  disableCash: boolean;
}

/** The shared policy's view of what the page offers. */
function offer({ isCustomer, methods, disableCash }: PaymentContext): PaymentOffer {
  return { forCustomer: isCustomer, card: methods.card, banks: methods.banks.length, disableCash };
}

/** Methods on offer (the shared checkout policy). */
export function paymentChoices(ctx: PaymentContext): CheckoutMethod[] {
  return sharedPaymentChoices(offer(ctx));
}

/** Spec 9: card when offered to a customer, otherwise cash (within what is on offer). */
export function initialPayment(ctx: PaymentContext): CheckoutMethod {
  return sharedInitialPayment(offer(ctx));
}

export function initialForm(ctx: PaymentContext, shifts: readonly { id: number }[] = []): CheckoutForm {
  return {
    payment: initialPayment(ctx),
    bank: null,
    comment: '',
    // One shift is no choice at all: take it. Several: the user picks (required).
    shiftId: shifts.length === 1 ? shifts[0].id : null,
    terms: false,
    userId: null,
  };
}

/** Commission of a method in cents (card or bank; cash has none). */
export function commissionCents(method: CheckoutMethod, methods: PaymentMethods): number {
  return commissionFor(method, {
    cardCents: toCents(methods.cardCommission),
    bankCents: toCents(methods.bankCommission),
  });
}

/** Bonus and subsidy in the form the shared totals take. */
export function userCents(data: UserData | null | undefined) {
  return {
    bonusCents: data ? toCents(data.bonus) : 0,
    subsidyCents: data ? toCents(data.subsidy) : 0,
    fullSubsidy: data?.full_subsidy ?? false,
  };
}

/** The page's budget (euros) as the totals take it (cents); null: no rule. */
export function budgetCents(budget: BudgetStateJson | null | undefined): TotalsBudget | null {
  if (!budget) return null;
  return { leftCents: toCents(budget.left), capCents: budget.cap === null ? null : toCents(budget.cap), blocking: budget.blocking };
}

/** Why Order is disabled, in the order the user can fix it. */
export type Blocker = 'closed' | 'empty' | 'user' | 'payment' | 'bank' | 'shift' | 'terms' | 'sending';

export interface BlockerInput {
  isCustomer: boolean;
  displayOnly: boolean;
  sending: boolean;
  cart: Cart;
  form: CheckoutForm;
  choices: readonly CheckoutMethod[];
  /** Codes of the offered banks (when known). */
  bankCodes?: readonly string[];
  /** Shifts of the customer, or of the chosen user for staff. */
  shifts: readonly { id: number }[];
}

/** What each problem of the shared checkout policy disables Order for. */
const BLOCKER_OF: Record<CheckoutProblem, Blocker> = {
  userMissing: 'user',
  staffCashOnly: 'payment',
  cardUnavailable: 'payment',
  bankNotOffered: 'payment',
  cashDisabled: 'payment',
  bankMissing: 'bank',
  bankUnknown: 'bank',
  shiftMissing: 'shift',
  shiftUnknown: 'shift',
  termsMissing: 'terms',
};

/** Spec 5, Checkout: what still stands between the user and a valid order. */
export function checkoutBlockers(input: BlockerInput): Blocker[] {
  const { form } = input;
  const out: Blocker[] = [];
  if (input.displayOnly) out.push('closed');
  if (input.cart.length === 0) out.push('empty');
  const problems = checkoutProblems({
    forCustomer: input.isCustomer,
    choices: input.choices,
    bankCodes: input.bankCodes,
    shifts: input.shifts,
    choice: { payment: form.payment, bank: form.bank, shiftId: form.shiftId, terms: form.terms, userChosen: form.userId !== null },
  });
  for (const p of problems) if (!out.includes(BLOCKER_OF[p])) out.push(BLOCKER_OF[p]);
  if (input.sending) out.push('sending');
  return out;
}

/** The order body (spec 3, Order payload). Plain lines are one per dish already; complexes carry their choices. */
export function orderPayload(
  dishlistId: number,
  cart: Cart,
  form: CheckoutForm,
  isCustomer: boolean,
): (CreateOrderInput & { cost_centre_id?: number | null }) | CreateOrderForUserInput {
  const items = cart.map((line) =>
    line.type === 'simple'
      ? { id: line.id, qty: line.quantity }
      : { id: line.id, qty: line.quantity, complex: selectionToChoices(line.selected) },
  );
  const comment = form.comment.trim();
  const common = {
    dishlist_id: dishlistId,
    items,
    ...(comment ? { comment } : {}),
    ...(form.shiftId !== null ? { shift_id: form.shiftId } : {}),
  };
  if (!isCustomer) {
    return { ...common, user_id: form.userId ?? 0, payment_type: 'cash' };
  }
  return {
    ...common,
    payment_type: form.payment,
    ...(form.payment === 'bank' && form.bank ? { bank: form.bank } : {}),
    ...(form.costCentreId !== undefined ? { cost_centre_id: form.costCentreId } : {}),
    terms: form.terms,
  };
}

/** One checkout attempt: its idempotency key and the payload it was made for. */
export interface Attempt {
  key: string;
  fingerprint: string;
}

/**
 * The idempotency key to send. A retry of the very same payload whose outcome is unknown (the
 * network failed, the server broke) keeps its key, so the server never places it twice; any
 * other payload is a new attempt with a new key (the server answers a known key with the first
 * order, whatever the payload).
 */
export function attemptFor(previous: Attempt | null, payload: unknown, newKey: () => string): Attempt {
  const fingerprint = JSON.stringify(payload);
  if (previous && previous.fingerprint === fingerprint) return previous;
  return { key: newKey(), fingerprint };
}

/** A random key; crypto.randomUUID where available (secure contexts), else random bytes. */
export function randomKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Where a server field error is shown in the checkout. */
export type CheckoutField = 'payment' | 'shift' | 'terms' | 'user' | 'comment' | 'costCentre';

const FIELD_OF: Record<string, CheckoutField> = {
  payment_type: 'payment',
  bank: 'payment',
  shift_id: 'shift',
  terms: 'terms',
  user_id: 'user',
  comment: 'comment',
  cost_centre_id: 'costCentre',
};

export type OrderFailure =
  /** Spec 8: keys starting with balance -> "Some items you ordered are not available." (details in other); data reloads. */
  | { kind: 'balance'; fields: Partial<Record<CheckoutField, string>>; other: string[] }
  /** Per-field errors: shown under their fields (others above the Order button); data reloads. */
  | { kind: 'fields'; fields: Partial<Record<CheckoutField, string>>; other: string[] }
  /** Spec 8: "There was an issue while placing your order, please, try again." */
  | { kind: 'general' };

/** Sorts a failed order call into what the cart panel shows. */
export function classifyOrderFailure(error: unknown): OrderFailure {
  if (!isApiError(error) || Object.keys(error.errors).length === 0) return { kind: 'general' };
  return splitFieldErrors(error.errors);
}

export function splitFieldErrors(errors: FieldErrors): OrderFailure {
  const fields: Partial<Record<CheckoutField, string>> = {};
  const other: string[] = [];
  let balance = false;
  for (const [key, messages] of Object.entries(errors)) {
    const message = messages[0];
    if (!message) continue;
    // Out of stock: the catalogue's message, with the server's per-dish detail under it.
    if (key === 'balance' || key.startsWith('balance.')) balance = true;
    const field = FIELD_OF[key];
    if (field) fields[field] ??= message;
    else if (!other.includes(message)) other.push(message);
  }
  return { kind: balance ? 'balance' : 'fields', fields, other };
}

/** True when an order answer means it went through (a 429 resolves to nothing and is ignored). */
export function isPlaced(answer: unknown): answer is { success: true; order_id: number; payment_link?: string } {
  return (
    typeof answer === 'object' &&
    answer !== null &&
    (answer as { success?: unknown }).success === true &&
    typeof (answer as { order_id?: unknown }).order_id === 'number'
  );
}
