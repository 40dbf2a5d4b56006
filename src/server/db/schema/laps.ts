import { boolean, index, integer, pgTable, primaryKey, serial, text, time, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { createdAt } from './common.js';
import { locations } from './locations.js';
import { menus } from './menus.js';
import { providers } from './providers.js';

/** A delivery route: an ordered group of locations. */
export const laps = pgTable('laps', {
  id: serial('id').primaryKey(),
  providerId: integer('provider_id')
    .notNull()
    .references(() => providers.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
  /**
   * Planned departure, a time of day in the provider's time zone ('HH:MM:SS'), on the day of each
   * menu it carries; null: none planned (issue 24, decision 041; per-stop windows build on it).
   */
  departsAt: time('departs_at'),
  createdAt: createdAt(),
});

export const lapLocations = pgTable(
  'lap_locations',
  {
    lapId: integer('lap_id')
      .notNull()
      .references(() => laps.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.lapId, t.locationId] }), unique('lap_locations_location_uq').on(t.locationId)],
);

/** Cash collected at a location for a menu. */
export const cashBalances = pgTable(
  'cash_balances',
  {
    id: serial('id').primaryKey(),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('cash_balances_menu_location_uq').on(t.menuId, t.locationId), index('cash_balances_menu_idx').on(t.menuId)],
);

/**
 * The delivery status of one lap stop (a location) for one menu (issue 14, decision 043):
 * loaded, delivered (with time and who) or a problem (with a note). The row is per menu and
 * location, not per lap, so moving a location to another lap keeps its status. `notice_sent_at`
 * is set once, in the same statement that first marks the stop delivered, so the "lunch is
 * delivered" e-mail goes out once however often the stop is marked.
 */
export const lapStopStatuses = pgTable(
  'lap_stop_statuses',
  {
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['loaded', 'delivered', 'problem'] }).notNull(),
    note: text('note').notNull().default(''),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    changedById: integer('changed_by_id').references(() => users.id, { onDelete: 'set null' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    deliveredById: integer('delivered_by_id').references(() => users.id, { onDelete: 'set null' }),
    noticeSentAt: timestamp('notice_sent_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.menuId, t.locationId] })],
);
