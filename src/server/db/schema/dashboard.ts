import { bigint, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { menus } from './menus.js';

/**
 * The sales dashboard's sums of a closed menu (decision 063): its orders' portions per dish and
 * money per location, as `dashboard.queries.ts` reads them, kept so a month of the big caterer is
 * not summed from its 570,000 orders on every read. Valid while the menu's change count
 * (`menu_order_changes`, decision 087) is what it was when they were summed.
 */
export const dashboardMenuSums = pgTable('dashboard_menu_sums', {
  menuId: integer('menu_id')
    .primaryKey()
    .references(() => menus.id, { onDelete: 'cascade' }),
  /** The menu's `menu_order_changes.changes` when summed (0 when it had no row; -1: summed before decision 087, never valid). */
  changes: bigint('changes', { mode: 'number' }).notNull().default(-1),
  /** [dish_id, placed, held] per dish. */
  portions: jsonb('portions').$type<[number, number, number][]>().notNull(),
  /** Per location: [location_id (0: none), orders, cancelled, cash, card, bank, subsidy, bonus, gross, standing, refunds]. */
  money: jsonb('money').$type<number[][]>().notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * How many times a menu's orders changed after its deadline (decision 087): bumped by triggers
 * (migration 0028) when an order of a menu whose deadline has passed is added, deleted or changes
 * what the dashboard sums (status, stock held, money, location), when one of its lines or chosen
 * options is changed or removed, when the ledger records a refund of one of its orders, and when
 * the menu's deadline moves. Nothing is written while a
 * menu is open, so the order rush only pays one look at its menu's deadline per order.
 */
export const menuOrderChanges = pgTable('menu_order_changes', {
  menuId: integer('menu_id')
    .primaryKey()
    .references(() => menus.id, { onDelete: 'cascade' }),
  changes: bigint('changes', { mode: 'number' }).notNull().default(0),
});
