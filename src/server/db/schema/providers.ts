import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { DEFAULT_TIMEZONE } from '../../../shared/limits.js';
import { createdAt } from './common.js';

export const providers = pgTable('providers', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  status: boolean('status').notNull().default(true),
  /** IANA zone in which menu deadlines are read. */
  timezone: text('timezone').notNull().default(DEFAULT_TIMEZONE),
  cardEnabled: boolean('card_enabled').notNull().default(true),
  /** Flat commission added when paying by card, in cents. */
  cardCommissionCents: integer('card_commission_cents').notNull().default(0),
  bankCommissionCents: integer('bank_commission_cents').notNull().default(0),
  createdAt: createdAt(),
});
