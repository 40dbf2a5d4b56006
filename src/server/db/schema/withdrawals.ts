/*
 * A dish withdrawn from a menu after people ordered it (issue 30, decision 083): the kitchen's
 * action and, per affected order, what became of its lines of that dish (refunded, the order
 * cancelled, or the substitute given, which the eater may turn into a refund).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { dishes } from './catalogue.js';
import { createdAt } from './common.js';
import { menus } from './menus.js';
import { orders } from './ordering.js';
import { providers } from './providers.js';

export const WITHDRAWAL_MODES = ['refund', 'substitute'] as const;

/** One withdrawal of a dish from a menu: at most one per menu and dish (withdrawing twice does it once). */
export const dishWithdrawals = pgTable(
  'dish_withdrawals',
  {
    id: serial('id').primaryKey(),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    dishId: integer('dish_id')
      .notNull()
      .references(() => dishes.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: WITHDRAWAL_MODES }).notNull(),
    substituteDishId: integer('substitute_dish_id').references(() => dishes.id, { onDelete: 'set null' }),
    /** The system announcement that tells the eaters (kind 'dish-withdrawn'). */
    announcementId: integer('announcement_id'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('dish_withdrawals_menu_dish_uq').on(t.menuId, t.dishId),
    check('dish_withdrawals_mode_valid', sql`${t.mode} in ('refund', 'substitute')`),
    check('dish_withdrawals_substitute', sql`(${t.mode} = 'substitute') = (${t.substituteDishId} is not null)`),
  ],
);

export const WITHDRAWN_ORDER_STATUSES = ['refunded', 'cancelled', 'substituted', 'kept'] as const;

/**
 * What a withdrawal did to one order: `refunded` (its lines of the dish taken off, their money
 * given back: the parts below), `cancelled` (the dish was the whole order: cancelled as a cancel
 * does), `substituted` (the substitute given in place of the dish; the eater may still take the
 * refund instead) or `kept` (the eater took the substitute). `item_ids`: the order lines
 * concerned. The money parts are what was given back, in cents.
 */
export const withdrawnOrders = pgTable(
  'withdrawn_orders',
  {
    id: serial('id').primaryKey(),
    withdrawalId: integer('withdrawal_id')
      .notNull()
      .references(() => dishWithdrawals.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: WITHDRAWN_ORDER_STATUSES }).notNull(),
    itemIds: integer('item_ids').array().notNull(),
    qty: integer('qty').notNull(),
    /** The lines' value (unit price x qty). */
    amountCents: integer('amount_cents').notNull(),
    subsidyCents: integer('subsidy_cents').notNull().default(0),
    budgetCents: integer('budget_cents').notNull().default(0),
    bonusCents: integer('bonus_cents').notNull().default(0),
    companyCents: integer('company_cents').notNull().default(0),
    /** Cash no longer owed on delivery. */
    cashCents: integer('cash_cents').notNull().default(0),
    /** Sent back to the card or bank account (a refund row). */
    paidCents: integer('paid_cents').notNull().default(0),
    refundId: integer('refund_id'),
    chosenAt: timestamp('chosen_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('withdrawn_orders_withdrawal_order_uq').on(t.withdrawalId, t.orderId),
    index('withdrawn_orders_order_idx').on(t.orderId),
    check('withdrawn_orders_status_valid', sql`${t.status} in ('refunded', 'cancelled', 'substituted', 'kept')`),
  ],
);
