import { index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { createdAt } from './common.js';
import { menus } from './menus.js';

/** Reminder channels: an e-mail, a web push to each of the user's browsers. */
export const REMINDER_CHANNELS = ['email', 'push'] as const;

/**
 * One row per reminder sent (decision 033). The unique key is the guard that makes the reminder
 * job act once per user, menu and channel however many instances run it at the same time: the
 * instance whose insert returns the row sends, the others do nothing.
 */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: REMINDER_CHANNELS }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('reminders_sent_user_menu_channel_uq').on(t.userId, t.menuId, t.channel), index('reminders_sent_menu_idx').on(t.menuId)],
);

/** A browser's Push API subscription (web push, decision 033); user-scoped. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service's address for this browser; one row per address. */
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
