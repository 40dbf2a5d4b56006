import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, time, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { createdAt } from './common.js';
import { locations } from './locations.js';
import { menus } from './menus.js';
import { orders } from './ordering.js';
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
    /**
     * Minutes from the previous stop (the kitchen for the first) to this one (issue 28); null: the
     * provider's `stop_minutes`. A stop's promised window starts at the departure plus the travel
     * minutes of it and every stop before it.
     */
    travelMinutes: integer('travel_minutes'),
  },
  (t) => [
    primaryKey({ columns: [t.lapId, t.locationId] }),
    unique('lap_locations_location_uq').on(t.locationId),
    check('lap_locations_travel_minutes_range', sql`${t.travelMinutes} is null or ${t.travelMinutes} between 0 and 240`),
  ],
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
 * was set when the earlier "lunch is delivered" e-mail went (decision 043); delivery notices are
 * now guarded per order by `order_notices` (decision 068), which skips a stop already told so.
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
    /** The driver said they arrived at the stop (issue 28); null: not said. */
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    /** A new expected arrival given with a problem note (issue 28); null: none given. */
    estimateAt: timestamp('estimate_at', { withTimezone: true }),
    /** The window promised when the stop was delivered (kept so later edits do not rewrite history). */
    promisedFrom: timestamp('promised_from', { withTimezone: true }),
    promisedTo: timestamp('promised_to', { withTimezone: true }),
    /** Whole minutes the stop was delivered after its promised window; 0 on time; null: not delivered or no window. */
    lateMinutes: integer('late_minutes'),
  },
  (t) => [primaryKey({ columns: [t.menuId, t.locationId] })],
);

/**
 * One lap on one menu's day (issue 28): the day's planned departure when it differs from the lap's
 * (`departs_at`, an instant; null: the lap's or the provider's time), who drives it, and when it
 * actually left, with the minutes it left after the plan (0 on time).
 */
export const lapRuns = pgTable(
  'lap_runs',
  {
    lapId: integer('lap_id')
      .notNull()
      .references(() => laps.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    departsAt: timestamp('departs_at', { withTimezone: true }),
    driverId: integer('driver_id').references(() => users.id, { onDelete: 'set null' }),
    departedAt: timestamp('departed_at', { withTimezone: true }),
    departedById: integer('departed_by_id').references(() => users.id, { onDelete: 'set null' }),
    lateMinutes: integer('late_minutes'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.lapId, t.menuId] }),
    index('lap_runs_menu_idx').on(t.menuId),
    index('lap_runs_driver_idx').on(t.driverId),
  ],
);

/** Notices about an order's delivery (issue 28). */
export const ORDER_NOTICE_KINDS = ['on_the_way', 'delivered', 'delay'] as const;

/**
 * One row per delivery notice sent for an order on a channel. The primary key is the guard that
 * makes every instance send each notice once: the instance whose insert returns the row sends.
 * `key` tells delays apart (the new expected time); '' for the others.
 */
export const orderNotices = pgTable(
  'order_notices',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ORDER_NOTICE_KINDS }).notNull(),
    channel: text('channel', { enum: ['email', 'push'] }).notNull(),
    key: text('key').notNull().default(''),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.kind, t.channel, t.key] })],
);

/**
 * A driver's tap sent from the phone with its own id (issue 28): a tap queued offline and sent
 * again is applied once; the second answer repeats the first.
 */
export const driverTaps = pgTable(
  'driver_taps',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: integer('status').notNull(),
    result: jsonb('result'),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('driver_taps_applied_idx').on(t.appliedAt)],
);
