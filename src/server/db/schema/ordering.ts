import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, smallint, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { complexGroups, dishes } from './catalogue.js';
import { createdAt, translated, updatedAt } from './common.js';
import { costCentres, locations, shifts } from './locations.js';
import { menus } from './menus.js';

export const PAYMENT_TYPES = ['cash', 'card', 'bank', 'subsidy', 'bonus', 'budget', 'company'] as const;
/** own: the eater's lunch; meeting: a manager's or staff order for a meeting; guest: a host's order for a visitor (issue 29). */
export const ORDER_KINDS = ['own', 'meeting', 'guest'] as const;

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Location at the time of ordering (users may move). */
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    /** Staff member who placed the order on the user's behalf, if any. */
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    shiftId: integer('shift_id').references(() => shifts.id, { onDelete: 'set null' }),
    comment: text('comment').notNull().default(''),
    paymentType: text('payment_type', { enum: PAYMENT_TYPES }).notNull(),
    bankCode: text('bank_code'),
    /** Sum of the lines. */
    amountCents: integer('amount_cents').notNull(),
    subsidyCents: integer('subsidy_cents').notNull().default(0),
    bonusCents: integer('bonus_cents').notNull().default(0),
    /** The part the employer's budget rule covered (issue 29); counted against the budget while status is 1 or 2. */
    budgetCents: integer('budget_cents').notNull().default(0),
    commissionCents: integer('commission_cents').notNull().default(0),
    amountToPayCents: integer('amount_to_pay_cents').notNull(),
    /** 0 failed, 1 pending, 2 accepted (placed), 3 cancelled (kept; decision 031). */
    status: smallint('status').notNull().default(1),
    accepted: smallint('accepted').notNull().default(0),
    /** Stock of a failed or expired order has been given back. */
    stockReleased: boolean('stock_released').notNull().default(false),
    idempotencyKey: text('idempotency_key'),
    /** own, meeting or guest (issue 29). Meeting and guest orders are paid by the company (payment type company). */
    kind: text('kind', { enum: ORDER_KINDS }).notNull().default('own'),
    /** Where to bring it ("meeting room 3"); meeting and guest orders. */
    deliveryNote: text('delivery_note').notNull().default(''),
    /** The cost centre the order is booked to (issue 29). */
    costCentreId: integer('cost_centre_id').references(() => costCentres.id, { onDelete: 'set null' }),
    /** Allergens the eater avoided that were in what they ordered, when ordered (the kitchen's flag). */
    allergenWarnings: integer('allergen_warnings')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When and by whom a placed or pending order was cancelled (status 3). */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledById: integer('cancelled_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A menu's orders by status, with what the kitchen's day reads of them (decision 093): its bounds
    // and the lines' merge join read the index alone. Replaces orders_menu_idx (menu_id, status).
    index('orders_menu_lines_idx').on(t.menuId, t.status, t.id, t.locationId, t.kind),
    // The kitchen display's allergen alerts: a menu's flagged orders (about 2 %) without reading the
    // others' rows; migration 0031 also keeps statistics on cardinality(allergen_warnings) (decision 093).
    index('orders_allergen_menu_idx')
      .on(t.menuId, t.status)
      .where(sql`cardinality(${t.allergenWarnings}) > 0`),
    index('orders_user_idx').on(t.userId, t.menuId),
    // A location's orders (staff history, statements, team report); built concurrently (decision 050).
    index('orders_location_menu_idx').on(t.locationId, t.menuId),
    unique('orders_user_idempotency_uq').on(t.userId, t.idempotencyKey),
    check('orders_status_valid', sql`${t.status} in (0, 1, 2, 3)`),
    check('orders_accepted_valid', sql`${t.accepted} in (0, 1)`),
    check('orders_budget_nonneg', sql`${t.budgetCents} >= 0`),
    check('orders_kind_valid', sql`${t.kind} in ('own', 'meeting', 'guest')`),
    check(
      'orders_amounts_nonneg',
      sql`${t.amountCents} >= 0 and ${t.subsidyCents} >= 0 and ${t.bonusCents} >= 0 and ${t.commissionCents} >= 0 and ${t.amountToPayCents} >= 0`,
    ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    dishId: integer('dish_id')
      .notNull()
      .references(() => dishes.id, { onDelete: 'restrict' }),
    /** Title when ordered, so history survives catalogue edits. */
    title: translated('title'),
    qty: integer('qty').notNull(),
    /** Price of one unit including chosen complex options. */
    unitPriceCents: integer('unit_price_cents').notNull(),
    position: integer('position').notNull().default(0),
    /** The guest this portion is for, in a meeting or guest order ('' unnamed or own). */
    guestName: text('guest_name').notNull().default(''),
    /** Allergen ids of the line (dish and chosen options) when ordered: later catalogue edits leave it. */
    allergenIds: integer('allergen_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
  },
  (t) => [
    // With the columns the day's counts read (decision 053): an index-only scan per order, never the whole table.
    index('order_items_order_lines_idx').on(t.orderId, t.dishId, t.qty, t.id),
    check('order_items_qty_pos', sql`${t.qty} > 0`),
    check('order_items_price_nonneg', sql`${t.unitPriceCents} >= 0`),
  ],
);

/** The options chosen for a complex line. */
export const orderItemOptions = pgTable(
  'order_item_options',
  {
    id: serial('id').primaryKey(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => complexGroups.id, { onDelete: 'set null' }),
    dishId: integer('dish_id')
      .notNull()
      .references(() => dishes.id, { onDelete: 'restrict' }),
    title: translated('title'),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [index('order_item_options_item_dish_idx').on(t.orderItemId, t.id, t.dishId)],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    method: text('method', { enum: ['card', 'bank'] }).notNull(),
    bankCode: text('bank_code'),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed', 'expired'] })
      .notNull()
      .default('pending'),
    /** The gateway's reference for this payment. */
    reference: text('reference').notNull().unique(),
    /** The gateway's own id for this payment (Montonio's order uuid), when it has one; refunds name it. */
    gatewayPaymentId: text('gateway_payment_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('payments_order_idx').on(t.orderId)],
);

/**
 * The refund of a paid card/bank payment of a cancelled order (decision 031). One per payment
 * (the unique payment_id is the guard that two instances never refund twice), besides the partial
 * refunds of dishes withdrawn from the order's menu (decision 083); `refund_reference`
 * is the idempotency key sent to the gateway. Retried by the refund-retry job until refunded.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    /** The dish withdrawal this partial refund is for (decision 083); null: the refund of a cancelled order. */
    withdrawalId: integer('withdrawal_id'),
    gateway: text('gateway').notNull(),
    refundReference: text('refund_reference').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['pending', 'refunded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    // A cancelled order's refund, once per payment; a withdrawal's, once per withdrawal and order.
    uniqueIndex('refunds_payment_uq')
      .on(t.paymentId)
      .where(sql`${t.withdrawalId} is null`),
    uniqueIndex('refunds_withdrawal_order_uq')
      .on(t.withdrawalId, t.orderId)
      .where(sql`${t.withdrawalId} is not null`),
    index('refunds_open_idx').on(t.status),
    // An order's refunds joined through its payment (the orders list, an order's page): the unique
    // index above leaves out withdrawals' refunds, so it cannot serve that join (decision 087).
    index('refunds_payment_idx').on(t.paymentId),
    check('refunds_amount_pos', sql`${t.amountCents} > 0`),
  ],
);
