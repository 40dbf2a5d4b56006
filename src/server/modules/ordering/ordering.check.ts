/**
 * The order check (decision 025): from the menu and the customer as the customer query read
 * them and the order's input, the priced lines, totals and shift of a valid order, or the field
 * errors that refuse it. Pure: no database, no clock, no gateway (their answers come in), so it
 * is unit tested on its own (ordering.check.test.ts). The rules it applies that the cart applies
 * too come from the shared checkout policy (src/shared/ordering/checkout.ts); here each problem
 * becomes its field and text.
 */
import {
  cashAllowed,
  checkoutProblems,
  onlineMethods,
  paymentChoices,
  stockShortages,
  UNPAID_HOLD_MAX_PORTIONS,
  unpaidHoldExcess,
  type CheckoutProblem,
} from '../../../shared/ordering/checkout.js';
import { stockNeeds } from '../../../shared/ordering/stock.js';
import { commissionFor, computeTotals, sumLines, type Totals } from '../../../shared/ordering/totals.js';
import type { CheckoutPaymentType, OrderItemInput } from '../../../shared/schemas/ordering.js';
import { fieldError, type CodedFieldErrors } from '../../lib/errors.js';
import { orderingText } from './ordering.messages.js';
import { dishName, stockRefusal } from './ordering.stock-refusal.js';
import { priceLines, type PricedLine } from './ordering.price-lines.js';

export type { PricedLine };
import { isOpen, menuFromJson, type MenuData } from '../priced-menu/priced-menu.read.js';
import { subsidyLeft, type Customer, type CustomerState } from './ordering.users.js';
import type { BudgetState } from '../budgets/budgets.read.js';
import { budgetAfterRelease, budgetRefusal } from './ordering.budget.js';

/** The order as the routes take it (customer and staff bodies share these fields). */
export interface PlaceOrderInput {
  dishlist_id: number;
  items: OrderItemInput[];
  comment?: string | null;
  payment_type: CheckoutPaymentType;
  bank?: string | null;
  shift_id?: number | null;
  terms?: boolean;
  /** The cost centre the order is booked to (null or absent: the customer's default). */
  cost_centre_id?: number | null;
}

/**
 * Largest order value and amount to pay, in cents (100 000.00 EUR). Amounts are stored as
 * PostgreSQL integers; far below their limit, a bigger order is a mistake, refused with a 422.
 */
export const MAX_ORDER_CENTS = 10_000_000;

export interface CheckRequest {
  /** What the customer query read (null: no such user, or no valid session). */
  state: CustomerState | null;
  /** Staff member placing it on the user's behalf (null: the customer themselves). */
  staffId: number | null;
  input: PlaceOrderInput;
  /** Payment methods the gateway offers. */
  gateway: { card: boolean; banks: readonly { code: string }[] };
  now: Date;
  /** The cost centre the order is booked to, checked already (ordering.cost-centre.ts; absent: the customer's default). */
  costCentreId?: number | null;
}

/** A valid order, priced; what the persist step writes. */
export interface CheckedOrder {
  kind: 'new';
  customer: Customer;
  staffId: number | null;
  menu: MenuData;
  lines: PricedLine[];
  /** Units needed per dish id (lines and chosen options). */
  needs: Map<number, number>;
  shiftId: number | null;
  method: CheckoutPaymentType;
  bank: string | null;
  comment: string;
  commissionCents: number;
  /** Totals from the customer as read (bonus, subsidy used, budget left). */
  totals: Totals;
  /** The cost centre the order is booked to (orders.cost_centre_id). */
  costCentreId: number | null;
  /** The customer row's version the totals were priced from (decision 013). */
  version: string;
  /**
   * The customer's unpaid card/bank orders on the menu, as read, that placing this order releases
   * in its transaction (decision 045; the totals are priced without the subsidy they hold). Empty
   * for a staff order, which releases nothing.
   */
  unpaidOrderIds: number[];
}

/** The idempotency key names an order already placed: its answer is repeated, whatever changed since. */
export interface RepeatedOrder {
  kind: 'repeat';
  customerId: number;
  /** The order checked as new, for when that order gave its key back meanwhile (a failed payment). */
  otherwise(): CheckedOrder;
}

const invalid = (errors: CodedFieldErrors) => fieldError(orderingText.coded('orderInvalid'), errors);

/**
 * Checks an order: the customer, the idempotent repeat, the menu (published, before its deadline,
 * of an active provider), every line against the menu, the checkout's choices, totals within
 * limits, cash allowed, stock as read (the statement checks it again under lock). Throws the
 * 422 that refuses it.
 */
export function checkOrder(req: CheckRequest): CheckedOrder | RepeatedOrder {
  const { state } = req;
  const staff = req.staffId !== null;
  const customer = state?.customer;
  if (!state || !customer || !customer.active || (staff && customer.role !== 'customer')) {
    throw invalid({ user_id: [orderingText.coded('userInvalid')] });
  }
  if (state.existingOrderId !== null)
    return { kind: 'repeat', customerId: customer.id, otherwise: () => checkNewOrder(req, state, customer) };
  return checkNewOrder(req, state, customer);
}

function checkNewOrder(req: CheckRequest, state: CustomerState, customer: Customer): CheckedOrder {
  const { input } = req;
  const staff = req.staffId !== null;
  const menu = menuFromJson(state.orderMenu);
  if (!menu || !menu.provider.status) throw invalid({ dishlist_id: [orderingText.coded('menuNotFound')] });
  if (!isOpen(menu, req.now)) throw invalid({ dishlist_id: [orderingText.coded('menuClosed')] });

  const errors: CodedFieldErrors = {};
  const lines = priceLines(menu, input.items, errors);
  const method = input.payment_type;
  const online = onlineMethods({
    forCustomer: !staff,
    providerCard: menu.provider.cardEnabled,
    gatewayCard: req.gateway.card,
    banks: req.gateway.banks,
  });
  const offer = {
    forCustomer: !staff,
    card: online.card,
    banks: online.banks.length,
    disableCash: customer.location?.disableCash ?? false,
  };
  const commissionCents = commissionFor(method, {
    cardCents: menu.provider.cardCommissionCents,
    bankCents: menu.provider.bankCommissionCents,
  });
  // Priced as placement will price it: the customer's own order releases their unpaid card/bank
  // orders on the menu (decision 045), so the subsidy they hold is this order's; a staff order
  // releases nothing.
  const releases = !staff && state.unpaidOrderIds.length > 0;
  const totals = totalsOf(lines, customer, usedAfterRelease(state, releases), budgetAfterRelease(state, releases), commissionCents);
  const problems = checkoutProblems({
    forCustomer: !staff,
    choices: paymentChoices(offer, totals.amountToPay),
    bankCodes: online.banks.map((b) => b.code),
    shifts: customer.shifts,
    choice: { payment: method, bank: input.bank, shiftId: input.shift_id, terms: input.terms === true, userChosen: true },
  });
  for (const problem of problems) {
    const field = PROBLEM_FIELDS[problem];
    if (field) errors[field[0]] ??= [orderingText.coded(field[1])];
  }
  // Limits and cash are judged on a checkout that is otherwise right, in that order.
  if (Object.keys(errors).length === 0) {
    const refusal = totalsRefusal(totals, budgetAfterRelease(state, releases), problems.includes('cashDisabled'));
    if (refusal) Object.assign(errors, refusal);
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);

  const needs = stockNeeds(lines.map((l) => ({ id: l.dish.id, quantity: l.qty, options: l.options.map((o) => o.dishId) })));
  const stock = Object.fromEntries(state.stock) as Record<number, number | null>;
  // An unpaid card or bank order may hold only a few portions of a limited dish (decision 045).
  // The statement keeps one unpaid order per customer and menu, so this caps each customer too.
  if (method === 'card' || method === 'bank') {
    const excess = unpaidHoldExcess(stock, needs);
    if (excess.length > 0) {
      const capErrors: CodedFieldErrors = {};
      for (const dishId of excess) {
        capErrors[`balance.${dishId}`] = [
          orderingText.coded('unpaidHoldCap', { dish: dishName(menu, dishId), count: UNPAID_HOLD_MAX_PORTIONS }),
        ];
      }
      throw invalid(capErrors);
    }
  }
  // Fast refusal when the stock as read is clearly gone; the real check is under lock. Not while
  // the customer's own unpaid order holds stock: this order releases it first.
  const short = stockShortages(
    stock,
    [...needs].map(([id, quantity]) => ({ id, quantity })),
  );
  if (short.length > 0 && !releases) throw stockRefusal(menu, short);

  return {
    kind: 'new',
    customer,
    staffId: req.staffId,
    menu,
    lines,
    needs,
    shiftId: input.shift_id ?? null,
    method,
    bank: input.bank ?? null,
    comment: input.comment?.trim() ?? '',
    commissionCents,
    totals,
    costCentreId: req.costCentreId === undefined ? state.costCentreId : req.costCentreId,
    version: state.version,
    unpaidOrderIds: releases ? state.unpaidOrderIds : [],
  };
}

/** The subsidy used on the menu once the order releases (or not) the customer's unpaid orders. */
function usedAfterRelease(state: Pick<CustomerState, 'subsidyUsedCents' | 'subsidyHeldCents'>, releases: boolean): number {
  return releases ? state.subsidyUsedCents - state.subsidyHeldCents : state.subsidyUsedCents;
}

/**
 * Prices a checked order again from a fresh read of its customer (the statement found their row
 * changed: another order, a give-back, an edit). The order's repeat, an inactive customer, a
 * total over the limit and cash now refused end it.
 */
export function recheckOrder(order: CheckedOrder, fresh: CustomerState | null): CheckedOrder | RepeatedOrder {
  if (!fresh || !fresh.customer.active) throw invalid({ user_id: [orderingText.coded('userInvalid')] });
  const repriced = () => repriceOrder(order, fresh);
  if (fresh.existingOrderId !== null) return { kind: 'repeat', customerId: order.customer.id, otherwise: repriced };
  return repriced();
}

function repriceOrder(order: CheckedOrder, fresh: CustomerState): CheckedOrder {
  const releases = order.staffId === null && fresh.unpaidOrderIds.length > 0;
  const budget = budgetAfterRelease(fresh, releases);
  const totals = totalsOf(order.lines, fresh.customer, usedAfterRelease(fresh, releases), budget, order.commissionCents);
  const cashRefused =
    order.method === 'cash' &&
    !cashAllowed({ forCustomer: order.staffId === null, disableCash: fresh.customer.location?.disableCash ?? false }, totals.amountToPay);
  const refusal = totalsRefusal(totals, budget, cashRefused);
  if (refusal) throw invalid(refusal);
  return { ...order, customer: fresh.customer, totals, version: fresh.version, unpaidOrderIds: releases ? fresh.unpaidOrderIds : [] };
}

/** Which field and text each checkout problem refuses an order with (null: another one says it). */
const PROBLEM_FIELDS: Record<CheckoutProblem, [string, Parameters<typeof orderingText.coded>[0]] | null> = {
  // Staff name the user in the body; an unusable one is refused before (userInvalid).
  userMissing: null,
  staffCashOnly: ['payment_type', 'staffCashOnly'],
  cardUnavailable: ['payment_type', 'cardUnavailable'],
  // Always with bankMissing or bankUnknown, which name the bank field.
  bankNotOffered: null,
  // Judged last (totalsRefusal), only on an otherwise valid order.
  cashDisabled: null,
  bankMissing: ['bank', 'bankRequired'],
  bankUnknown: ['bank', 'bankUnavailable'],
  shiftMissing: ['shift_id', 'shiftRequired'],
  shiftUnknown: ['shift_id', 'shiftInvalid'],
  termsMissing: ['terms', 'termsRequired'],
};

function totalsOf(
  lines: PricedLine[],
  customer: Customer,
  subsidyUsedCents: number,
  budget: BudgetState | null,
  commissionCents: number,
): Totals {
  return computeTotals({
    linesCents: sumLines(lines),
    bonusCents: customer.bonusCents,
    subsidyCents: subsidyLeft(customer, subsidyUsedCents),
    fullSubsidy: customer.location?.fullSubsidy ?? false,
    commissionCents,
    budget,
  });
}

/** The limit on amounts, a blocking budget too small, then cash (refused by the location while something is left to pay). */
function totalsRefusal(totals: Totals, budget: BudgetState | null, cashRefused: boolean): CodedFieldErrors | null {
  if (totals.amount > MAX_ORDER_CENTS || totals.amountToPay > MAX_ORDER_CENTS) return { items: [orderingText.coded('orderTooLarge')] };
  const overBudget = budgetRefusal(totals, budget);
  if (overBudget) return overBudget;
  if (cashRefused) return { payment_type: [orderingText.coded('cashDisabled')] };
  return null;
}
