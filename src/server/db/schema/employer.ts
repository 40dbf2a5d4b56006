/*
 * The employer's controls (issue 29): groups of people within a location, spending rules
 * (budgets), cost centres per company, and visitor links. Decision 073 ff.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { createdAt, updatedAt } from './common.js';
import { costCentres, locationGroups, locations } from './locations.js';
import { menus } from './menus.js';

export const BUDGET_PERIODS = ['day', 'week', 'month'] as const;

/**
 * A spending rule: what the employer covers per person per period (day, ISO week Monday–Sunday,
 * calendar month; by the menu's day). One per location (group null) and at most one per group;
 * a person's group's rule wins over the location's. `cap_cents` null: the rule covers the whole
 * order (up to what is left); else at most this much of one order. `blocking`: an order needing
 * more than is left is refused; else the eater is warned and pays the rest.
 */
export const budgetRules = pgTable(
  'budget_rules',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => locationGroups.id, { onDelete: 'cascade' }),
    period: text('period', { enum: BUDGET_PERIODS }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    capCents: integer('cap_cents'),
    blocking: boolean('blocking').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('budget_rules_scope_uq').on(t.locationId, sql`coalesce(${t.groupId}, 0)`),
    check('budget_rules_period_valid', sql`${t.period} in ('day', 'week', 'month')`),
    check('budget_rules_amount_pos', sql`${t.amountCents} > 0`),
    check('budget_rules_cap_pos', sql`${t.capCents} is null or ${t.capCents} > 0`),
  ],
);

/**
 * A visitor link (issue 29): lets a visitor without an account pick their own dish from one menu
 * before its deadline; hashed token, single use (used_at set once), expiring. The order it makes
 * is the host's guest order, paid by the company.
 */
export const visitorLinks = pgTable(
  'visitor_links',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    hostId: integer('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    guestName: text('guest_name').notNull().default(''),
    costCentreId: integer('cost_centre_id').references(() => costCentres.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The order the visitor's pick made (set with used_at). */
    orderId: integer('order_id'),
    createdAt: createdAt(),
  },
  (t) => [index('visitor_links_host_idx').on(t.hostId), index('visitor_links_menu_idx').on(t.menuId)],
);
