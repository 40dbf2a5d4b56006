/*
 * The voice of the eater (issue 30): dish ratings with comments and the kitchen's answers, the
 * signed single-use links that let an eater rate without signing in, and announcements with
 * their recipients and per-channel deliveries. Decision 079 ff.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { dishes } from './catalogue.js';
import { createdAt, updatedAt } from './common.js';
import { menus } from './menus.js';
import { orders } from './ordering.js';
import { providers } from './providers.js';

/** The quick tags an eater may add to a rating (texts in the locales' ratings namespace). */
export const RATING_TAGS = ['too-salty', 'bland', 'cold', 'great-portion', 'small-portion', 'tasty', 'late'] as const;

/**
 * One eater's rating of one dish or set meal (a set meal is a dish with complex groups) of one
 * delivered order: at most one per order and dish. `menu_id` and `provider_id` are copied from
 * the order so the kitchen's aggregates never join the orders table. `comment` is plain text
 * (shown as text, never HTML); `answer` is the kitchen's reply, which the eater sees.
 */
export const dishRatings = pgTable(
  'dish_ratings',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dishId: integer('dish_id')
      .notNull()
      .references(() => dishes.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id').references(() => providers.id, { onDelete: 'cascade' }),
    stars: smallint('stars').notNull(),
    comment: text('comment').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    answer: text('answer').notNull().default(''),
    answeredById: integer('answered_by_id').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('dish_ratings_order_dish_uq').on(t.orderId, t.dishId),
    index('dish_ratings_dish_idx').on(t.dishId, t.createdAt),
    index('dish_ratings_menu_idx').on(t.menuId),
    index('dish_ratings_provider_idx').on(t.providerId, t.createdAt),
    index('dish_ratings_user_idx').on(t.userId, t.createdAt),
    check('dish_ratings_stars_range', sql`${t.stars} between 1 and 5`),
    check('dish_ratings_comment_len', sql`char_length(${t.comment}) <= 500`),
    check('dish_ratings_answer_len', sql`char_length(${t.answer}) <= 1000`),
  ],
);

/**
 * A rating link sent by e-mail or push: works without signing in, for one order, until it is
 * used once or expires. Only the token's SHA-256 is stored (as visitor links, decision 077).
 */
export const ratingLinks = pgTable(
  'rating_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('rating_links_order_idx').on(t.orderId)],
);

export const ANNOUNCEMENT_KINDS = ['announcement', 'delivery-problem', 'dish-withdrawn'] as const;
export const ANNOUNCEMENT_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const;
export const ANNOUNCEMENT_CHANNELS = ['banner', 'email', 'push'] as const;

/**
 * An announcement: texts per language ({lv, en, ru}; a missing one falls back to the default
 * language with a mark), who gets it (`audience`: {kind: 'all'|'locations'|'shifts'|'laps'|'menu'|
 * 'dish'|'users', ids: number[]}), when (`send_at`, null = now) and how (`channels`; a banner
 * shows until `banner_until`). Staff write kind 'announcement'; the driver's problem mark and a
 * withdrawn dish make the other kinds with an explicit list of users. `provider_id`: the
 * provider whose staff wrote it (null: an administrator's, for everyone they may reach).
 */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ANNOUNCEMENT_KINDS }).notNull().default('announcement'),
    providerId: integer('provider_id').references(() => providers.id, { onDelete: 'cascade' }),
    title: jsonb('title').$type<Partial<Record<'lv' | 'en' | 'ru', string>>>().notNull(),
    body: jsonb('body').$type<Partial<Record<'lv' | 'en' | 'ru', string>>>().notNull(),
    audience: jsonb('audience').$type<{ kind: string; ids: number[] }>().notNull(),
    channels: text('channels')
      .array()
      .notNull()
      .default(sql`'{banner}'::text[]`),
    sendAt: timestamp('send_at', { withTimezone: true }),
    bannerUntil: timestamp('banner_until', { withTimezone: true }),
    status: text('status', { enum: ANNOUNCEMENT_STATUSES }).notNull().default('draft'),
    /** What a system announcement is about (menu, dish, lap, order ids), for its page and links. */
    subject: jsonb('subject').$type<Record<string, unknown>>().notNull().default({}),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('announcements_due_idx').on(t.status, t.sendAt),
    index('announcements_provider_idx').on(t.providerId, t.createdAt),
    check('announcements_kind_valid', sql`${t.kind} in ('announcement', 'delivery-problem', 'dish-withdrawn')`),
    check('announcements_status_valid', sql`${t.status} in ('draft', 'scheduled', 'sending', 'sent', 'cancelled')`),
  ],
);

/**
 * Who an announcement reached: its audience resolved once, when it is sent (a snapshot, so a
 * later move between locations does not change it). The banner's `seen_at` (first shown) and
 * `dismissed_at` (dismissed, stays dismissed) live here.
 */
export const announcementRecipients = pgTable(
  'announcement_recipients',
  {
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId] }), index('announcement_recipients_user_idx').on(t.userId, t.announcementId)],
);

/**
 * One delivery of an announcement to one person on one channel (e-mail or push): the primary
 * key is the guard that each person gets it once per channel, across instances and restarts
 * (insert ... on conflict do nothing, then send). `outbox_id` links an e-mail to the outbox row
 * whose status says whether it was sent, failed or bounced.
 */
export const announcementDeliveries = pgTable(
  'announcement_deliveries',
  {
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['email', 'push'] }).notNull(),
    status: text('status', { enum: ['sent', 'failed', 'skipped'] })
      .notNull()
      .default('sent'),
    outboxId: integer('outbox_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId, t.channel] }), index('announcement_deliveries_outbox_idx').on(t.outboxId)],
);
