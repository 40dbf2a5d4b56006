/**
 * The order check (decision 025): from the menu and the customer as the customer query read
 * them and the order's input, the priced lines, totals and shift of a valid order, or the field
 * errors that refuse it. Pure: no database, no clock, no gateway (their answers come in), so it
 * is unit tested on its own (ordering.check.test.ts). The rules it applies that the cart applies
 * too come from the shared checkout policy (src/shared/ordering/checkout.ts); here each problem
 * becomes its field and text.
 */
import { lineDietary, type Dietary } from '../../../shared/dietary.js';
import { pickText, type Lang } from '../../../shared/i18n.js';
import {
  cashAllowed,
  checkoutProblems,
  onlineMethods,
  paymentChoices,
  stockShortages,
  UNPAID_HOLD_MAX_PORTIONS,
  unpaidHoldExcess,
  type CheckoutProblem,
  type StockShortage,
} from '../../../shared/ordering/checkout.js';
import { choicesToSelection, selectionPriceCents, selectionProblems } from '../../../shared/ordering/complex.js';
import { stockNeeds } from '../../../shared/ordering/stock.js';
import { commissionFor, computeTotals, sumLines, type Totals } from '../../../shared/ordering/totals.js';
import type { CheckoutPaymentType, OrderItemInput } from '../../../shared/schemas/ordering.js';
import { AppError, fieldError, type FieldErrors } from '../../lib/errors.js';
import { orderingText } from './ordering.messages.js';
import { isOpen, menuFromJson, type DishData, type MenuData } from './ordering.menu.js';
import { subsidyLeft, type Customer, type CustomerState } from './ordering.users.js';

/** The order as the routes take it (customer and staff bodies share these fields). */
export interface PlaceOrderInput {
  dishlist_id: number;
  items: OrderItemInput[];
  comment?: string | null;
  payment_type: CheckoutPaymentType;
  bank?: string | null;
  shift_id?: number | null;
  terms?: boolean;
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
  lang: Lang;
}

export interface PricedLine {
  dish: DishData;
  qty: number;
  unitPriceCents: number;
  options: { groupId: number; dishId: number; title: DishData['title']; priceCents: number }[];
  /** What the line contains (the dish and its chosen options; shared/dietary.ts lineDietary). */
  dietary: Dietary;
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
  /** Totals from the customer as read (bonus, subsidy used). */
  totals: Totals;
  /** The customer row's version the totals were priced from (decision 013). */
  version: string;
  /**
   * The customer's unpaid card/bank orders on the menu, as read, that placing this order releases
   * in its transaction (decision 045; the totals are priced without the subsidy they hold). Empty
   * for a staff order, which releases nothing.
   */
  unpaidOrderIds: number[];
  lang: Lang;
}

/** The idempotency key names an order already placed: its answer is repeated, whatever changed since. */
export interface RepeatedOrder {
  kind: 'repeat';
  customerId: number;
  /** The order checked as new, for when that order gave its key back meanwhile (a failed payment). */
  otherwise(): CheckedOrder;
}

const invalid = (lang: Lang, errors: FieldErrors) => fieldError(orderingText(lang, 'orderInvalid'), errors);

/**
 * Checks an order: the customer, the idempotent repeat, the menu (published, before its deadline,
 * of an active provider), every line against the menu, the checkout's choices, totals within
 * limits, cash allowed, stock as read (the statement checks it again under lock). Throws the
 * 422 that refuses it.
 */
export function checkOrder(req: CheckRequest): CheckedOrder | RepeatedOrder {
  const { state, lang } = req;
  const staff = req.staffId !== null;
  const customer = state?.customer;
  if (!state || !customer || !customer.active || (staff && customer.role !== 'customer')) {
    throw invalid(lang, { user_id: [orderingText(lang, 'userInvalid')] });
  }
  if (state.existingOrderId !== null)
    return { kind: 'repeat', customerId: customer.id, otherwise: () => checkNewOrder(req, state, customer) };
  return checkNewOrder(req, state, customer);
}

function checkNewOrder(req: CheckRequest, state: CustomerState, customer: Customer): CheckedOrder {
  const { input, lang } = req;
  const staff = req.staffId !== null;
  const menu = menuFromJson(state.orderMenu);
  if (!menu || !menu.provider.status) throw invalid(lang, { dishlist_id: [orderingText(lang, 'menuNotFound')] });
  if (!isOpen(menu, req.now)) throw invalid(lang, { dishlist_id: [orderingText(lang, 'menuClosed')] });

  const errors: FieldErrors = {};
  const lines = priceLines(menu, input.items, lang, errors);
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
  const totals = totalsOf(lines, customer, usedAfterRelease(state, releases), customer.bonusCents, commissionCents);
  const problems = checkoutProblems({
    forCustomer: !staff,
    choices: paymentChoices(offer, totals.amountToPay),
    bankCodes: online.banks.map((b) => b.code),
    shifts: customer.shifts,
    choice: { payment: method, bank: input.bank, shiftId: input.shift_id, terms: input.terms === true, userChosen: true },
  });
  for (const problem of problems) {
    const field = PROBLEM_FIELDS[problem];
    if (field) errors[field[0]] ??= [orderingText(lang, field[1])];
  }
  // Limits and cash are judged on a checkout that is otherwise right, in that order.
  if (Object.keys(errors).length === 0) {
    const refusal = totalsRefusal(totals, problems.includes('cashDisabled'), lang);
    if (refusal) Object.assign(errors, refusal);
  }
  if (Object.keys(errors).length > 0) throw invalid(lang, errors);

  const needs = stockNeeds(lines.map((l) => ({ id: l.dish.id, quantity: l.qty, options: l.options.map((o) => o.dishId) })));
  const stock = Object.fromEntries(state.stock) as Record<number, number | null>;
  // An unpaid card or bank order may hold only a few portions of a limited dish (decision 045).
  // The statement keeps one unpaid order per customer and menu, so this caps each customer too.
  if (method === 'card' || method === 'bank') {
    const excess = unpaidHoldExcess(stock, needs);
    if (excess.length > 0) {
      const capErrors: FieldErrors = {};
      for (const dishId of excess) {
        capErrors[`balance.${dishId}`] = [
          orderingText(lang, 'unpaidHoldCap', { dish: dishTitle(menu, dishId, lang), count: UNPAID_HOLD_MAX_PORTIONS }),
        ];
      }
      throw invalid(lang, capErrors);
    }
  }
  // Fast refusal when the stock as read is clearly gone; the real check is under lock. Not while
  // the customer's own unpaid order holds stock: this order releases it first.
  const short = stockShortages(
    stock,
    [...needs].map(([id, quantity]) => ({ id, quantity })),
  );
  if (short.length > 0 && !releases) throw stockRefusal(menu, short, lang);

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
    version: state.version,
    unpaidOrderIds: releases ? state.unpaidOrderIds : [],
    lang,
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
  const { lang } = order;
  if (!fresh || !fresh.customer.active) throw invalid(lang, { user_id: [orderingText(lang, 'userInvalid')] });
  const repriced = () => repriceOrder(order, fresh);
  if (fresh.existingOrderId !== null) return { kind: 'repeat', customerId: order.customer.id, otherwise: repriced };
  return repriced();
}

function repriceOrder(order: CheckedOrder, fresh: CustomerState): CheckedOrder {
  const { lang } = order;
  const releases = order.staffId === null && fresh.unpaidOrderIds.length > 0;
  const totals = totalsOf(order.lines, fresh.customer, usedAfterRelease(fresh, releases), fresh.customer.bonusCents, order.commissionCents);
  const cashRefused =
    order.method === 'cash' &&
    !cashAllowed({ forCustomer: order.staffId === null, disableCash: fresh.customer.location?.disableCash ?? false }, totals.amountToPay);
  const refusal = totalsRefusal(totals, cashRefused, lang);
  if (refusal) throw invalid(lang, refusal);
  return { ...order, customer: fresh.customer, totals, version: fresh.version, unpaidOrderIds: releases ? fresh.unpaidOrderIds : [] };
}

/** Which field and text each checkout problem refuses an order with (null: another one says it). */
const PROBLEM_FIELDS: Record<CheckoutProblem, [string, Parameters<typeof orderingText>[1]] | null> = {
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

function totalsOf(lines: PricedLine[], customer: Customer, subsidyUsedCents: number, bonusCents: number, commissionCents: number): Totals {
  return computeTotals({
    linesCents: sumLines(lines),
    bonusCents,
    subsidyCents: subsidyLeft(customer, subsidyUsedCents),
    fullSubsidy: customer.location?.fullSubsidy ?? false,
    commissionCents,
  });
}

/** The limit on amounts, then cash (refused by the location while something is left to pay). */
function totalsRefusal(totals: Totals, cashRefused: boolean, lang: Lang): FieldErrors | null {
  if (totals.amount > MAX_ORDER_CENTS || totals.amountToPay > MAX_ORDER_CENTS) return { items: [orderingText(lang, 'orderTooLarge')] };
  if (cashRefused) return { payment_type: [orderingText(lang, 'cashDisabled')] };
  return null;
}

/** Prices and checks every line against the menu; collects field errors. */
function priceLines(menu: MenuData, items: OrderItemInput[], lang: Lang, errors: FieldErrors): PricedLine[] {
  const lines: PricedLine[] = [];
  items.forEach((item, i) => {
    const dish = menu.dishes.get(item.id);
    if (!dish) {
      errors[`items.${i}.id`] = [orderingText(lang, 'dishRemoved')];
      return;
    }
    if (dish.type === 'simple') {
      if (item.complex && item.complex.length > 0) {
        errors[`items.${i}.complex`] = [orderingText(lang, 'noOptions')];
        return;
      }
      lines.push({ dish, qty: item.qty, unitPriceCents: dish.priceCents, options: [], dietary: lineDietary(dish, []) });
      return;
    }
    const choices = item.complex ?? [];
    const selected = choicesToSelection(choices);
    if (selectionProblems(dish.groups, selected).length > 0) {
      errors[`items.${i}.complex`] = [orderingText(lang, 'optionsInvalid')];
      return;
    }
    const chosen = choices.map((c) => ({
      c,
      option: dish.groups.find((g) => g.id === c.group_id)!.dishes.find((o) => o.id === c.dish_id)!,
    }));
    lines.push({
      dish,
      qty: item.qty,
      unitPriceCents: selectionPriceCents(dish.groups, selected, dish.priceCents),
      options: chosen.map(({ c, option }) => ({
        groupId: c.group_id,
        dishId: c.dish_id,
        title: option.title,
        priceCents: option.priceCents,
      })),
      dietary: lineDietary(
        dish,
        chosen.map(({ option }) => option),
      ),
    });
  });
  return lines;
}

function dishTitle(menu: MenuData, dishId: number, lang: Lang): string {
  const direct = menu.dishes.get(dishId);
  if (direct) return pickText(direct.title, lang);
  for (const d of menu.dishes.values()) {
    for (const g of d.groups) {
      const o = g.dishes.find((x) => x.id === dishId);
      if (o) return pickText(o.title, lang);
    }
  }
  return `#${dishId}`;
}

/** The 422 of an order the stock cannot serve: one text per short dish (what is left, or sold out). */
export function stockRefusal(menu: MenuData, short: readonly StockShortage[], lang: Lang): AppError {
  const errors: FieldErrors = {};
  for (const { dishId, left } of short) {
    const dish = dishTitle(menu, dishId, lang);
    errors[`balance.${dishId}`] = [
      left > 0 ? orderingText(lang, 'outOfStock', { dish, count: left }) : orderingText(lang, 'soldOut', { dish }),
    ];
  }
  return fieldError(orderingText(lang, 'someUnavailable'), errors);
}
