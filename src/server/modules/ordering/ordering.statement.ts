/**
 * The order statement (the last step of the order path, decision 013 and 025): one autocommit
 * statement with a fixed text per variant, prepared once per connection.
 */
import type pg from 'pg';

/** The values the order statement may use, by name. */
export interface OrderValues {
  user: number;
  version: string;
  dishIds: string;
  needs: string;
  menu: number;
  /** The menu's provider (copied into the ledger entries). */
  provider: number;
  location: number | null;
  staff: number | null;
  shift: number | null;
  comment: string;
  paymentType: string;
  bank: string | null;
  amount: number;
  subsidy: number;
  /** The employer's budget part (orders.budget_cents; a 'budget' ledger entry). */
  budget: number;
  /** orders.cost_centre_id (null: none). */
  costCentre: number | null;
  bonus: number;
  commission: number;
  toPay: number;
  status: number;
  key: string | null;
  now: Date;
  items: string;
  /** int[] literal: the order's allergen warnings (orders.allergen_warnings). */
  warnings: string;
  options: string;
  gateway: string;
  reference: string | null;
  /** The request's id, for the audit entry of an order staff place on someone's behalf. */
  requestId: string;
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
 * are unchanged. `le` writes the order's ledger entries (decision 038: subsidy, bonus and, for
 * a cash order, the cash owed on delivery; issue 29: the employer's budget; none of 0) in the same statement, and `au` the audit
 * entry of an order staff place on a customer's behalf (decision 037). Every part sees the rows as they were before the update,
 * except what `taken` returns: the stock left after this order (`stock_left`, for the event that
 * tells open order pages; decision 030). The
 * variants leave out the parts a plain cash order does not need: each data-changing part costs
 * PostgreSQL executor set-up on every call, written or not.
 */
function orderStatement(withOptions: boolean, withPayment: boolean, withAudit: boolean): OrderStatement {
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
    -- status + 0: not an index condition, so the eater's own orders are read (orders_user_idx), not
    -- every pending order of the menu (orders_menu_lines_idx, decision 096).
    select 1 from orders
    where exists (select 1 from lu) and user_id = ${$('user')}::int and menu_id = ${$('menu')}::int and status + 0 = 1
    limit 1),`
        : ''
    }
  taken as (
    update balances b set qty = b.qty - need.n
    from need join locked on locked.dish_id = need.dish_id
    where b.menu_id = ${$('menu')}::int and b.dish_id = need.dish_id and locked.qty is not null
      and not exists (select 1 from short)${withPayment ? ' and not exists (select 1 from unpaid)' : ''}
    returning b.dish_id, b.qty),
  o as (
    insert into orders (menu_id, user_id, location_id, created_by_id, shift_id, comment, payment_type, bank_code,
      amount_cents, subsidy_cents, budget_cents, bonus_cents, commission_cents, amount_to_pay_cents, status, idempotency_key, allergen_warnings,
      cost_centre_id, created_at, updated_at)
    select ${$('menu')}::int, ${$('user')}::int, ${$('location')}::int, ${$('staff')}::int, ${$('shift')}::int, ${$('comment')}::text,
      ${$('paymentType')}::text, ${$('bank')}::text, ${$('amount')}::int, ${$('subsidy')}::int, ${$('budget')}::int, ${$('bonus')}::int,
      ${$('commission')}::int, ${$('toPay')}::int, ${$('status')}::smallint, ${$('key')}::text, ${$('warnings')}::int[],
      ${$('costCentre')}::int, ${$('now')}::timestamptz, ${$('now')}::timestamptz
    where exists (select 1 from lu) and not exists (select 1 from short)${withPayment ? ' and not exists (select 1 from unpaid)' : ''}
    returning id),
  i as (
    insert into order_items (order_id, dish_id, title, qty, unit_price_cents, position, allergen_ids)
    select o.id, x.dish_id, x.title, x.qty, x.price, x.position, x.allergens
    from o, jsonb_to_recordset(${$('items')}::jsonb) as x(dish_id int, title jsonb, qty int, price int, position int, allergens int[])
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
  le as (
    insert into ledger_entries (at, order_id, user_id, location_id, provider_id, menu_id, kind, amount_cents, actor_id)
    select ${$('now')}::timestamptz, o.id, ${$('user')}::int, ${$('location')}::int, ${$('provider')}::int, ${$('menu')}::int, x.kind, x.amount,
      coalesce(${$('staff')}::int, ${$('user')}::int)
    from o, (values ('subsidy', ${$('subsidy')}::int), ('budget', ${$('budget')}::int), ('bonus', ${$('bonus')}::int),
      ('payment_cash', case when ${$('paymentType')}::text = 'cash' then ${$('toPay')}::int else 0 end)) as x(kind, amount)
    where x.amount > 0
    returning 1),${
      withAudit
        ? `
  au as (
    insert into audit_log (actor_id, request_id, provider_id, action, entity_type, entity_id, after)
    select ${$('staff')}::int, ${$('requestId')}::text, ${$('provider')}::int, 'order.create', 'order', o.id::text,
      jsonb_build_object('user_id', ${$('user')}::int, 'location_id', ${$('location')}::int, 'menu_id', ${$('menu')}::int,
        'payment_type', ${$('paymentType')}::text, 'amount_cents', ${$('amount')}::int)
    from o
    returning 1),`
        : ''
    }
  b as (
    update users set bonus_cents = bonus_cents - ${$('bonus')}::int
    where id = ${$('user')}::int and exists (select 1 from o)
    returning 1)
  select (select id from o) as order_id, exists (select 1 from lu) as locked,
    coalesce((select json_agg(json_build_array(dish_id, qty)) from short), '[]'::json) as short,
    (select json_agg(json_build_array(dish_id, qty)) from taken) as stock_left${withPayment ? ',\n    exists (select 1 from unpaid) as unpaid' : ''}`;
  return { name: `place-order${withOptions ? '-options' : ''}${withPayment ? '-payment' : ''}${withAudit ? '-staff' : ''}`, text, params };
}

/** The eight variants, by options, payment and audit (an order staff place for someone: `au`, decision 037). */
const ORDER_STATEMENTS = new Map(
  [false, true].flatMap((o) => [false, true].flatMap((p) => [false, true].map((a) => [`${o}${p}${a}`, orderStatement(o, p, a)] as const))),
);

/** What the order statement answers. */
export interface OrderStatementRow {
  /** The new order (null when nothing was written). */
  order_id: number | null;
  /** The user row was locked at the version read (false: it changed since; nothing written). */
  locked: boolean;
  /** Limited dishes with too little left: [dish id, qty left]; nothing written when any. */
  short: [number, number][];
  /** Card/bank variants: the customer already has an unpaid order on the menu (nothing written). */
  unpaid?: boolean;
  /** The limited dishes the order took, with the stock left after it: [dish id, qty left] (null: none taken). */
  stock_left: [number, number][] | null;
}

/**
 * Runs the order statement: the variant with set-meal options when there are options, with a
 * payment for card and bank orders (one round trip).
 */
export async function runOrderStatement(
  /** The pool (autocommit), or the connection of the transaction the statement is part of. */
  pool: pg.Pool | pg.PoolClient,
  values: OrderValues,
  variant: { withOptions: boolean; withPayment: boolean },
): Promise<OrderStatementRow> {
  // An order staff place on someone's behalf is a staff change: its audit entry is written by the same statement.
  const statement = ORDER_STATEMENTS.get(`${variant.withOptions}${variant.withPayment}${values.staff !== null}`)!;
  const res = await pool.query<OrderStatementRow>({
    name: statement.name,
    text: statement.text,
    values: statement.params.map((name) => values[name]),
  });
  return res.rows[0]!;
}
