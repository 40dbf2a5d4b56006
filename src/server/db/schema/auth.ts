import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './common.js';
import { costCentres, locationGroups, locations } from './locations.js';

export const roleEnum = pgEnum('user_role', ['admin', 'kitchen', 'customer']);
export const tokenKindEnum = pgEnum('user_token_kind', ['reset', 'invite']);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    role: roleEnum('role').notNull().default('customer'),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    isLocationManager: boolean('is_location_manager').notNull().default(false),
    /** The group within the location whose budget rule applies (issue 29); null: the location's. */
    groupId: integer('group_id').references(() => locationGroups.id, { onDelete: 'set null' }),
    /** The cost centre the user's orders are booked to unless they choose another (issue 29). */
    costCentreId: integer('cost_centre_id').references(() => costCentres.id, { onDelete: 'set null' }),
    remindToMakeOrder: boolean('remind_to_make_order').notNull().default(false),
    notifyOnDelivery: boolean('notify_on_delivery').notNull().default(false),
    /** Tell the user when the lap carrying their lunch leaves (issue 28). */
    notifyOnTheWay: boolean('notify_on_the_way').notNull().default(false),
    /** The language the user last used the app in (profile saves, sign-ins): reminders are written in it. */
    lang: text('lang').notNull().default('lv'),
    active: boolean('active').notNull().default(true),
    bonusCents: integer('bonus_cents').notNull().default(0),
    /** Profile "I avoid": allergen ids (checked against allergens when saved). */
    avoidedAllergens: integer('avoided_allergens')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    /** Profile "I eat": shared/dietary.ts PROFILE_DIETS. */
    diets: text('diets')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    index('users_location_idx').on(t.locationId),
    // The users lists (decision 054; built concurrently): by name, and searched anywhere in name,
    // e-mail and phone (pg_trgm's trigram indexes serve `ilike '%term%'`).
    index('users_name_idx').on(sql`lower(${t.firstName})`, t.id),
    index('users_first_name_trgm_idx').using('gin', sql`${t.firstName} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`),
    check('users_bonus_nonneg', sql`${t.bonusCents} >= 0`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token, hex. The token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Password-reset and invitation tokens: hashed, expiring, single use. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    kind: tokenKindEnum('kind').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('user_tokens_email_idx').on(sql`lower(${t.email})`)],
);

/**
 * A location manager's e-mailed team invitations (issue 24): one row per e-mail sent, so the
 * manager sees who is still to join and can revoke or resend. Only the link token's SHA-256 is
 * stored; the link works until it expires, is revoked or is used to sign up (accepted).
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    /** The last time the e-mail went out (the first send or a resend). */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('team_invitations_location_idx').on(t.locationId), index('team_invitations_email_idx').on(sql`lower(${t.email})`)],
);
