import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { menus } from './menus.js';

/**
 * The sales dashboard's sums of a closed menu (decision 063): its orders' portions per dish and
 * money per location, as `dashboard.queries.ts` reads them, kept so a month of the big caterer is
 * not summed from its 570,000 orders on every read. Valid while the menu's orders per status are
 * what they were (`statuses`): after its deadline an order only moves from pending to placed,
 * failed or cancelled, or from placed to cancelled, each a change of those counts.
 */
export const dashboardMenuSums = pgTable('dashboard_menu_sums', {
  menuId: integer('menu_id')
    .primaryKey()
    .references(() => menus.id, { onDelete: 'cascade' }),
  /** The menu's orders per status (0..3) when summed, "n0,n1,n2,n3". */
  statuses: text('statuses').notNull(),
  /** [dish_id, placed, held] per dish. */
  portions: jsonb('portions').$type<[number, number, number][]>().notNull(),
  /** Per location: [location_id (0: none), orders, cancelled, cash, card, bank, subsidy, bonus, gross, standing]. */
  money: jsonb('money').$type<number[][]>().notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});
