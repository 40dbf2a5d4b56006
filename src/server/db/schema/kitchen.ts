import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { dishes } from './catalogue.js';
import { menus } from './menus.js';
import { orderItems, orders } from './ordering.js';

/**
 * Kitchen display tickets marked done ("bumped"), one row per menu and ticket (decision 041).
 * A ticket is the orders of one lap or one location (`ticket_key` "lap:<id>", "loc:<id>",
 * "loc:none"). Bumped while `recalled_at` is null and no order of the ticket changed after
 * `bumped_at`; a recall sets `recalled_at`; a new bump sets `bumped_at` again and clears it.
 */
export const kdsBumps = pgTable(
  'kds_bumps',
  {
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    ticketKey: text('ticket_key').notNull(),
    bumpedAt: timestamp('bumped_at', { withTimezone: true }).notNull(),
    bumpedById: integer('bumped_by_id').references(() => users.id, { onDelete: 'set null' }),
    recalledAt: timestamp('recalled_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.menuId, t.ticketKey] }), index('kds_bumps_menu_bumped_idx').on(t.menuId, t.bumpedAt)],
);

/**
 * Portions handed over by scanning a label's QR code (issue 14): one row per portion, that is
 * unit `unit` (1-based, up to the line's quantity) of order line `item_id`. The primary key makes
 * a second scan find the first one instead of writing again.
 */
export const portionHandovers = pgTable(
  'portion_handovers',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    unit: integer('unit').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }).notNull(),
    handedOverById: integer('handed_over_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.unit] }), index('portion_handovers_order_idx').on(t.orderId)],
);

/**
 * Portions of a dish left over at the end of a menu's day, recorded by the kitchen (issue 27):
 * one row per menu and dish, written again when corrected. Feeds the sales and waste dashboard
 * and the monthly waste summary (kilograms from the dish's portion weight).
 */
export const leftovers = pgTable(
  'leftovers',
  {
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    dishId: integer('dish_id')
      .notNull()
      .references(() => dishes.id, { onDelete: 'cascade' }),
    portions: integer('portions').notNull(),
    recordedById: integer('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.menuId, t.dishId] }),
    index('leftovers_dish_idx').on(t.dishId),
    check('leftovers_portions_range', sql`${t.portions} between 0 and 100000`),
  ],
);
