import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { pickText, type Lang } from '../../../shared/i18n.js';
import { choicesToSelection, selectionPriceCents, selectionProblems } from '../../../shared/ordering/complex.js';
import { stockNeeds } from '../../../shared/ordering/stock.js';
import { commissionFor, computeTotals, recordedPaymentType, sumLines, type Totals } from '../../../shared/ordering/totals.js';
import type { CheckoutPaymentType, CreateOrderResult, OrderItemInput } from '../../../shared/schemas/ordering.js';
import type { Tx } from '../../db/client.js';
import { orders, payments } from '../../db/schema/index.js';
import type { SessionRow } from '../../lib/auth.js';
import type { AuthUser, Deps } from '../../lib/context.js';
import { AppError, fieldError, type FieldErrors } from '../../lib/errors.js';
import type { PaymentGateway } from '../../lib/payments/gateway.js';
import { orderingText } from './ordering.messages.js';
import { isOpen, loadMenu, orderMenuFrom, type Balances, type DishData, type MenuData } from './ordering.menu.js';
import { pgIntArray, releasePendingOrder } from './ordering.stock.js';
import { loadCustomerState, subsidyLeft, type CustomerKey } from './ordering.users.js';

export interface PlaceOrderInput {
  dishlist_id: number;
  items: OrderItemInput[];
  comment?: string | null;
  payment_type: CheckoutPaymentType;
  bank?: string | null;
  shift_id?: number | null;
  terms?: boolean;
}

export interface PlaceOrderRequest {
  /** Who the order is for: a user id, or the session of a sign-in still to complete (`signIn`). */
  who: CustomerKey;
  /**
   * With a session key: completes the caller's sign-in from the session the customer query
   * read (completeSignIn: 401/403 when it fails), before anything else is looked at.
   */
  signIn?: (session: SessionRow | null) => Promise<AuthUser>;
  /** Staff member placing it on the user's behalf (null: the customer themselves). */
  staffId: number | null;
  input: PlaceOrderInput;
  idempotencyKey: string | null;
  lang: Lang;
}

interface PricedLine {
  dish: DishData;
  qty: number;
  unitPriceCents: number;
  options: { groupId: number; dishId: number; title: DishData['title']; priceCents: number }[];
}

/**
 * Largest order value and amount to pay, in cents (100 000.00 EUR). Amounts are stored as
 * PostgreSQL integers; far below their limit, a bigger order is a mistake, refused with a 422.
 */
export const MAX_ORDER_CENTS = 10_000_000;

/** Transient database conflicts worth one more try (deadlock, serialization failure). */
const RETRYABLE = new Set(['40P01', '40001']);
/** Attempts of the order statement before giving up (conflicts with the user's own parallel orders). */
const MAX_TRIES = 10;

/** A placed order: its id, the payment reference (card or bank) and the amount to pay. */
interface Placed {
  orderId: number;
  reference: string | null;
  amountToPayCents: number;
}
const UNIQUE_VIOLATION = '23505';

function pgCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : undefined;
  return code;
}

export function newPaymentReference(): string {
  return randomBytes(16).toString('base64url');
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
      lines.push({ dish, qty: item.qty, unitPriceCents: dish.priceCents, options: [] });
      return;
    }
    const choices = item.complex ?? [];
    const selected = choicesToSelection(choices);
    if (selectionProblems(dish.groups, selected).length > 0) {
      errors[`items.${i}.complex`] = [orderingText(lang, 'optionsInvalid')];
      return;
    }
    const groupPrices = dish.groups.map((g) => ({ id: g.id, dishes: g.dishes.map((o) => ({ id: o.id, priceCents: o.priceCents })) }));
    lines.push({
      dish,
      qty: item.qty,
      unitPriceCents: selectionPriceCents(groupPrices, selected, dish.priceCents),
      options: choices.map((c) => {
        const option = dish.groups.find((g) => g.id === c.group_id)!.dishes.find((o) => o.id === c.dish_id)!;
        return { groupId: c.group_id, dishId: c.dish_id, title: option.title, priceCents: option.priceCents };
      }),
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

function stockErrors(menu: MenuData, short: Map<number, number>, lang: Lang): AppError {
  const errors: FieldErrors = {};
  for (const [dishId, left] of short) {
    const dish = dishTitle(menu, dishId, lang);
    errors[`balance.${dishId}`] = [left > 0 ? orderingText(lang, 'outOfStock', { dish, count: left }) : orderingText(lang, 'soldOut', { dish })];
  }
  return fieldError(orderingText(lang, 'someUnavailable'), errors);
}

function quickShortage(stock: Balances, needs: Map<number, number>): Map<number, number> {
  const short = new Map<number, number>();
  for (const [d, n] of needs) {
    const qty = stock.get(d);
    if (qty !== null && qty !== undefined && qty < n) short.set(d, qty);
  }
  return short;
}

interface Existing {
  id: number;
  status: number;
  paymentReference: string | null;
  paymentStatus: string | null;
}

async function findByKey(tx: Tx | Deps['database']['db'], userId: number, key: string): Promise<Existing | null> {
  const rows = await tx
    .select({ id: orders.id, status: orders.status, paymentReference: payments.reference, paymentStatus: payments.status })
    .from(orders)
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return rows[0] ?? null;
}

function answerFor(existing: Existing, gateway: PaymentGateway, lang: Lang): CreateOrderResult {
  // A failed order gives its key back (releasePendingOrder), so a retry places a new order; a
  // failed order still holding its key (stored before that rule) must not read as a success.
  if (existing.status === 0) throw new AppError(409, orderingText(lang, 'orderFailed'));
  if (existing.status === 1 && existing.paymentReference && existing.paymentStatus === 'pending') {
    const link = gateway.resumeUrl(existing.paymentReference, lang);
    if (link) return { success: true, order_id: existing.id, payment_link: link };
  }
  return { success: true, order_id: existing.id };
}

/** The values the order statement may use, by name. */
interface OrderValues {
  user: number;
  version: string;
  dishIds: string;
  needs: string;
  menu: number;
  location: number | null;
  staff: number | null;
  shift: number | null;
  comment: string;
  paymentType: string;
  bank: string | null;
  amount: number;
  subsidy: number;
  bonus: number;
  commission: number;
  toPay: number;
  status: number;
  key: string | null;
  now: Date;
  items: string;
  options: string;
  gateway: string;
  reference: string | null;
}

interface OrderStatement {
  name: string;
  text: string;
  /** Which value each $n stands for, in order. */
  params: (keyof OrderValues)[];
}

/**
 * The order statement (one autocommit statement with a fixed text per variant, prepared once
 * per connection; decision 013). `lu` locks the user's row only at the version the customer
 * query read (its xmin); then, and only then, `locked` locks the menu's balance rows of the
 * needed dishes in dish-id order (so concurrent orders never deadlock), `short` lists limited
 * dishes with too little left, `taken` decrements every limited row when nothing is short.
 * Dishes without a balance row, or with qty null, are unlimited. The order, its lines, the
 * user's bonus (always updated: the row gets a new version) and, in the variants that need
 * them, the chosen set-meal options and the payment are written only when the user row was
 * locked and nothing is short. The card/bank variants also write nothing when the customer
 * already has an unpaid (status 1) order on the menu (`unpaid`, read under the user-row lock, so
 * parallel orders of one customer leave at most one unpaid; decision 019); the cash variants
 * are unchanged. Every part sees the rows as they were before the update. The
 * variants leave out the parts a plain cash order does not need: each data-changing part costs
 * PostgreSQL executor set-up on every call, written or not.
 */
function orderStatement(withOptions: boolean, withPayment: boolean): OrderStatement {
  const params: (keyof OrderValues)[] = [];
  const $ = (name: keyof OrderValues) => {
    let i = params.indexOf(name);
    if (i < 0) i = params.push(name) - 1;
    return `$${i + 1}`;
  };
  const text = `
  with lu as (
    select u.id from users u where u.id = ${$('user')}::int and u.xmin = ${$('version')}::text::xid for update),
  need as (
    select * from unnest(${$('dishIds')}::int[], ${$('needs')}::int[]) as t(dish_id, n)),
  locked as (
    select b.dish_id, b.qty from balances b
    where exists (select 1 from lu) and b.menu_id = ${$('menu')}::int and b.dish_id = any(${$('dishIds')}::int[])
    order by b.dish_id for update of b),
  short as (
    select locked.dish_id, locked.qty from locked join need on need.dish_id = locked.dish_id
    where locked.qty is not null and locked.qty < need.n),${
    withPayment
      ? `
  unpaid as (
    select 1 from orders
    where exists (select 1 from lu) and user_id = ${$('user')}::int and menu_id = ${$('menu')}::int and status = 1
    limit 1),`
      : ''
  }
  taken as (
    update balances b set qty = b.qty - need.n
    from need join locked on locked.dish_id = need.dish_id
    where b.menu_id = ${$('menu')}::int and b.dish_id = need.dish_id and locked.qty is not null
      and not exists (select 1 from short)${withPayment ? ' and not exists (select 1 from unpaid)' : ''}
    returning b.dish_id),
  o as (
    insert into orders (menu_id, user_id, location_id, created_by_id, shift_id, comment, payment_type, bank_code,
      amount_cents, subsidy_cents, bonus_cents, commission_cents, amount_to_pay_cents, status, idempotency_key, created_at, updated_at)
    select ${$('menu')}::int, ${$('user')}::int, ${$('location')}::int, ${$('staff')}::int, ${$('shift')}::int, ${$('comment')}::text,
      ${$('paymentType')}::text, ${$('bank')}::text, ${$('amount')}::int, ${$('subsidy')}::int, ${$('bonus')}::int,
      ${$('commission')}::int, ${$('toPay')}::int, ${$('status')}::smallint, ${$('key')}::text, ${$('now')}::timestamptz, ${$('now')}::timestamptz
    where exists (select 1 from lu) and not exists (select 1 from short)${withPayment ? ' and not exists (select 1 from unpaid)' : ''}
    returning id),
  i as (
    insert into order_items (order_id, dish_id, title, qty, unit_price_cents, position)
    select o.id, x.dish_id, x.title, x.qty, x.price, x.position
    from o, jsonb_to_recordset(${$('items')}::jsonb) as x(dish_id int, title jsonb, qty int, price int, position int)
    order by x.position
    returning id, position),${
      withOptions
        ? `
  op as (
    insert into order_item_options (order_item_id, group_id, dish_id, title, price_cents)
    select i.id, y.group_id, y.dish_id, y.title, y.price
    from i join jsonb_to_recordset(${$('options')}::jsonb) as y(idx int, position int, group_id int, dish_id int, title jsonb, price int)
      on y.position = i.position
    order by y.idx
    returning 1),`
        : ''
    }${
      withPayment
        ? `
  p as (
    insert into payments (order_id, gateway, method, bank_code, amount_cents, status, reference, created_at, updated_at)
    select o.id, ${$('gateway')}::text, ${$('paymentType')}::text, ${$('bank')}::text, ${$('toPay')}::int, 'pending',
      ${$('reference')}::text, ${$('now')}::timestamptz, ${$('now')}::timestamptz
    from o
    returning 1),`
        : ''
    }
  b as (
    update users set bonus_cents = bonus_cents - ${$('bonus')}::int
    where id = ${$('user')}::int and exists (select 1 from o)
    returning 1)
  select (select id from o) as order_id, exists (select 1 from lu) as locked,
    coalesce((select json_agg(json_build_array(dish_id, qty)) from short), '[]'::json) as short${withPayment ? ',\n    exists (select 1 from unpaid) as unpaid' : ''}`;
  return { name: `place-order${withOptions ? '-options' : ''}${withPayment ? '-payment' : ''}`, text, params };
}

const ORDER_STATEMENTS = {
  plain: orderStatement(false, false),
  options: orderStatement(true, false),
  payment: orderStatement(false, true),
  both: orderStatement(true, true),
};

/**
 * Places an order. Everything is recomputed on the server from fresh data (never the page's read
 * cache): the menu must be published, before its deadline and of an active provider, every dish
 * on it, complex selections valid, prices from the menu, bonus and subsidy from the user, stock
 * taken in one transaction (all or nothing). Answers the API result.
 */
export async function placeOrder(deps: Deps, gateway: PaymentGateway, req: PlaceOrderRequest): Promise<CreateOrderResult> {
  const db = deps.database.db;
  const { input, lang } = req;
  const staff = req.staffId !== null;
  const invalid = (errors: FieldErrors) => fieldError(orderingText(lang, 'orderInvalid'), errors);

  // Every dish the payload names, for the early stock look.
  const namedDishes = [...new Set(input.items.flatMap((i) => [i.id, ...(i.complex ?? []).map((c) => c.dish_id)]))];
  const state = await loadCustomerState(db, req.who, input.dishlist_id, req.idempotencyKey, namedDishes, true);
  if (req.signIn) await req.signIn(state?.session ?? null);
  const customer = state?.customer;
  if (!state || !customer || !customer.active || (staff && customer.role !== 'customer')) {
    throw invalid({ user_id: [orderingText(lang, 'userInvalid')] });
  }
  // A repeat of an order already placed answers that order, whatever changed since.
  if (state.existingOrderId !== null) {
    const existing = await findByKey(db, customer.id, req.idempotencyKey!);
    if (existing) return answerFor(existing, gateway, lang);
  }

  // The menu came with the customer (named dishes only); set meals need their groups read.
  const quick = orderMenuFrom(state.orderMenu);
  const menu = quick === 'complex' ? await loadMenu(db, input.dishlist_id, 'order') : quick;
  if (!menu || !menu.provider.status) throw invalid({ dishlist_id: [orderingText(lang, 'menuNotFound')] });
  if (!isOpen(menu, deps.now())) throw invalid({ dishlist_id: [orderingText(lang, 'menuClosed')] });

  const errors: FieldErrors = {};
  const lines = priceLines(menu, input.items, lang, errors);
  const method = input.payment_type;
  const methods = gateway.methods();
  if (staff) {
    if (method !== 'cash') errors.payment_type = [orderingText(lang, 'staffCashOnly')];
  } else {
    if (input.terms !== true) errors.terms = [orderingText(lang, 'termsRequired')];
    if (method === 'card' && !(menu.provider.cardEnabled && methods.card)) errors.payment_type = [orderingText(lang, 'cardUnavailable')];
    if (method === 'bank') {
      if (!input.bank) errors.bank = [orderingText(lang, 'bankRequired')];
      else if (!methods.banks.some((b) => b.code === input.bank)) errors.bank = [orderingText(lang, 'bankUnavailable')];
    }
  }
  let shiftId: number | null = null;
  if (customer.shifts.length > 0) {
    if (!input.shift_id) errors.shift_id = [orderingText(lang, 'shiftRequired')];
    else if (!customer.shifts.some((s) => s.id === input.shift_id)) errors.shift_id = [orderingText(lang, 'shiftInvalid')];
    else shiftId = input.shift_id;
  } else if (input.shift_id) {
    errors.shift_id = [orderingText(lang, 'shiftInvalid')];
  }

  const commissionCents = commissionFor(method, {
    cardCents: menu.provider.cardCommissionCents,
    bankCents: menu.provider.bankCommissionCents,
  });
  const linesCents = sumLines(lines);
  const totalsWith = (usedCents: number, bonusCents: number): Totals =>
    computeTotals({
      linesCents,
      bonusCents,
      subsidyCents: subsidyLeft(customer, usedCents),
      fullSubsidy: customer.location?.fullSubsidy ?? false,
      commissionCents,
    });
  // disable_cash binds customers only. Staff orders are cash by rule (no card or bank on someone
  // else's behalf), so refusing cash would make them impossible at such a location: the staff
  // member who places one takes responsibility for collecting the money.
  const cashRefused = (totals: Totals) =>
    !staff && method === 'cash' && totals.amountToPay > 0 && (customer.location?.disableCash ?? false);
  const tooLarge = (totals: Totals) => totals.amount > MAX_ORDER_CENTS || totals.amountToPay > MAX_ORDER_CENTS;
  const expected = totalsWith(state.subsidyUsedCents, customer.bonusCents);
  if (Object.keys(errors).length === 0) {
    if (tooLarge(expected)) errors.items = [orderingText(lang, 'orderTooLarge')];
    else if (cashRefused(expected)) errors.payment_type = [orderingText(lang, 'cashDisabled')];
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);

  const needs = stockNeeds(lines.map((l) => ({ id: l.dish.id, quantity: l.qty, options: l.options.map((o) => o.dishId) })));
  // Fast refusal without locks when the stock is clearly gone; the real check is under lock.
  const early = quickShortage(state.stock, needs);
  if (early.size > 0) throw stockErrors(menu, early, lang);

  const now = deps.now();
  const items = lines.map((l, position) => ({ dish_id: l.dish.id, title: l.dish.title, qty: l.qty, price: l.unitPriceCents, position }));
  const options = lines
    .flatMap((l, position) => l.options.map((o) => ({ position, group_id: o.groupId, dish_id: o.dishId, title: o.title, price: o.priceCents })))
    .map((o, idx) => ({ ...o, idx }));

  /**
   * One autocommit statement places the order: it locks the user's row only if it is still the
   * version the customer query read (`xmin`), then the balance rows in dish-id order, takes the
   * stock, writes the order, its lines, chosen options and payment, and updates the user's row
   * (bonus), which gives the row a new version. Every order and every give-back updates that
   * row, so an unchanged version means bonus, subsidy used and the idempotent order are still as
   * read; under READ COMMITTED a row changed by a concurrent order is re-checked after the lock
   * wait and no longer matches, and the statement then writes nothing ('stale') and the caller
   * reads the state again. The hot balance rows stay locked for this one statement and its
   * commit. When any dish is short nothing is written.
   */
  const placeWith = async (version: string, totals: Totals): Promise<Placed | 'stale'> => {
    const paymentType = recordedPaymentType(totals, method);
    const online = paymentType === 'card' || paymentType === 'bank';
    const reference = online ? newPaymentReference() : null;
    const bankCode = paymentType === 'bank' ? (input.bank ?? null) : null;
    const ids = [...needs.keys()].sort((x, y) => x - y);
    const values: OrderValues = {
      user: customer.id,
      version,
      dishIds: pgIntArray(ids),
      needs: pgIntArray(ids.map((id) => needs.get(id)!)),
      menu: menu.id,
      location: customer.location?.id ?? null,
      staff: req.staffId,
      shift: shiftId,
      comment: input.comment?.trim() ?? '',
      paymentType,
      bank: bankCode,
      amount: totals.amount,
      subsidy: totals.subsidy,
      bonus: totals.bonus,
      commission: totals.commission,
      toPay: totals.amountToPay,
      status: online ? 1 : 2,
      key: req.idempotencyKey,
      now,
      items: JSON.stringify(items),
      options: JSON.stringify(options),
      gateway: gateway.name,
      reference,
    };
    const statement =
      options.length > 0 ? (online ? ORDER_STATEMENTS.both : ORDER_STATEMENTS.options) : online ? ORDER_STATEMENTS.payment : ORDER_STATEMENTS.plain;
    const res = await deps.database.pool.query<{ order_id: number | null; locked: boolean; short: [number, number][]; unpaid?: boolean }>({
      name: statement.name,
      text: statement.text,
      values: statement.params.map((name) => values[name]),
    });
    const row = res.rows[0]!;
    if (!row.locked) return 'stale' as const;
    if (row.short.length > 0) throw stockErrors(menu, new Map(row.short), lang);
    if (row.unpaid) {
      const text = orderingText(lang, 'unpaidOrderExists');
      throw new AppError(409, text, { payment_type: [text] });
    }
    return { orderId: row.order_id!, reference, amountToPayCents: totals.amountToPay };
  };

  let placed: Placed | null = null;
  let version = state.version;
  let totals = expected;
  for (let tries = 0; placed === null; tries++) {
    try {
      const result = await placeWith(version, totals);
      if (result !== 'stale') {
        placed = result;
        break;
      }
    } catch (err) {
      const code = pgCode(err);
      if (code === UNIQUE_VIOLATION && req.idempotencyKey) {
        const existing = await findByKey(db, customer.id, req.idempotencyKey);
        if (existing) return answerFor(existing, gateway, lang);
      }
      if (!(code && RETRYABLE.has(code) && tries < MAX_TRIES)) throw err;
      continue;
    }
    // The user's row changed since it was read (another order of theirs, a give-back, an
    // edit): read bonus, subsidy used and the idempotent order again and price anew.
    if (tries >= MAX_TRIES) throw new AppError(409, orderingText(lang, 'orderFailed'));
    const fresh = await loadCustomerState(db, customer.id, input.dishlist_id, req.idempotencyKey);
    if (!fresh || !fresh.customer.active) throw invalid({ user_id: [orderingText(lang, 'userInvalid')] });
    if (req.idempotencyKey && fresh.existingOrderId !== null) {
      const existing = await findByKey(db, customer.id, req.idempotencyKey);
      if (existing) return answerFor(existing, gateway, lang);
    }
    version = fresh.version;
    totals = totalsWith(fresh.subsidyUsedCents, fresh.customer.bonusCents);
    if (tooLarge(totals)) throw invalid({ items: [orderingText(lang, 'orderTooLarge')] });
    if (cashRefused(totals)) throw invalid({ payment_type: [orderingText(lang, 'cashDisabled')] });
  }
  if (!placed.reference) return { success: true, order_id: placed.orderId };
  try {
    const { redirectUrl } = await gateway.createPayment({
      reference: placed.reference,
      orderId: placed.orderId,
      amountCents: placed.amountToPayCents,
      method: method === 'bank' ? 'bank' : 'card',
      bankCode: method === 'bank' ? (input.bank ?? null) : null,
      lang,
    });
    return { success: true, order_id: placed.orderId, payment_link: redirectUrl };
  } catch {
    await db.transaction((tx) => releasePendingOrder(tx, placed.orderId, deps.now()));
    throw new AppError(502, orderingText(lang, 'paymentFailed'), { payment_type: [orderingText(lang, 'paymentFailed')] });
  }
}
