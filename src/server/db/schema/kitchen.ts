import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { menus } from './menus.js';

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
