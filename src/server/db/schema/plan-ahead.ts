import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, smallint, text, unique } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { dishes } from './catalogue.js';
import { createdAt, updatedAt } from './common.js';
import { locations, shifts } from './locations.js';
import { menus } from './menus.js';
import { orders } from './ordering.js';
import { providers } from './providers.js';

/**
 * A day away (issue 27, decision 061): a user's own (holiday, sick) or a location's (office
 * closed, set by its manager). Exactly one of user and location is set; one row per owner and day.
 * Standing orders skip these days and reminders are not sent for them.
 */
export const awayDays = pgTable(
  'away_days',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    note: text('note').notNull().default(''),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('away_days_user_day_uq').on(t.userId, t.day),
    unique('away_days_location_day_uq').on(t.locationId, t.day),
    // Who is away on a day (the forecast, decision 062).
    index('away_days_day_idx').on(t.day),
    check('away_days_one_owner', sql`(${t.userId} is null) <> (${t.locationId} is null)`),
  ],
);

/** "Every Monday and Wednesday: this dish (or set meal with these options)" of one user at one provider. */
export const standingOrders = pgTable(
  'standing_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    dishId: integer('dish_id')
      .notNull()
      .references(() => dishes.id, { onDelete: 'cascade' }),
    /** A set meal's chosen options: [{ group_id, dish_id }]. */
    complex: jsonb('complex').$type<{ group_id: number; dish_id: number }[]>().notNull().default([]),
    qty: smallint('qty').notNull(),
    /** ISO weekdays (1 Monday … 7 Sunday) of the menus' days it orders for. */
    weekdays: smallint('weekdays').array().notNull(),
    endsOn: date('ends_on'),
    skipDates: date('skip_dates')
      .array()
      .notNull()
      .default(sql`'{}'::date[]`),
    /** The payment chosen with it: cash is placed; card and bank are prepared for the user to pay. */
    paymentType: text('payment_type', { enum: ['cash', 'card', 'bank'] }).notNull(),
    bankCode: text('bank_code'),
    shiftId: integer('shift_id').references(() => shifts.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('standing_orders_provider_idx').on(t.providerId, t.active),
    index('standing_orders_user_idx').on(t.userId),
    check('standing_orders_qty_pos', sql`${t.qty} > 0`),
  ],
);

/**
 * What a standing order did for one day: the guard (decision 061). The unique user and day is
 * claimed in the transaction that places the order, so however many instances sweep at once and
 * however often they restart, a user gets at most one standing order placed per day.
 */
export const standingOrderRuns = pgTable(
  'standing_order_runs',
  {
    id: serial('id').primaryKey(),
    /** Kept (null) when the standing order is deleted: the day stays claimed. */
    standingOrderId: integer('standing_order_id').references(() => standingOrders.id, { onDelete: 'set null' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    outcome: text('outcome', { enum: ['placed', 'prepared', 'refused'] }).notNull(),
    reason: text('reason', { enum: ['stock', 'notOnMenu', 'alreadyOrdered', 'invalid'] }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('standing_order_runs_user_day_uq').on(t.userId, t.day),
    index('standing_order_runs_standing_idx').on(t.standingOrderId, t.day),
  ],
);
