import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { createdAt } from './common.js';

export const reviews = pgTable('reviews', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

export const frontendExceptions = pgTable('frontend_exceptions', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  environment: text('environment').notNull().default(''),
  boundary: text('boundary').notNull().default(''),
  error: text('error').notNull().default(''),
  errorInfo: text('error_info').notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
  createdAt: createdAt(),
});

/** Privacy, terms and header info, per language. */
export const contentBlocks = pgTable(
  'content_blocks',
  {
    key: text('key').notNull(),
    lang: text('lang').notNull(),
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.key, t.lang] })],
);

/** Instance-wide settings (maintenance mode and the like); shared by every app instance. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every e-mail the app sends; with no SMTP_URL it stays here for admins to read. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull().default(''),
    /** Extra headers (List-Unsubscribe for reminders), kept so a retried delivery sends them too. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: ['queued', 'sent', 'failed', 'kept', 'bounced'] })
      .notNull()
      .default('queued'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_status_idx').on(t.status)],
);

/** Fixed-window counters for rate limits, shared by every app instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
