import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text, time } from 'drizzle-orm/pg-core';
import {
  DEFAULT_COUNTRY,
  DEFAULT_TIMEZONE,
  REMINDER_MINUTES_DEFAULT,
  REMINDER_MINUTES_MAX,
  REMINDER_MINUTES_MIN,
} from '../../../shared/limits.js';
import { createdAt } from './common.js';

export const providers = pgTable(
  'providers',
  {
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
    /** Minutes before a menu's deadline at which "Remind to make order" reminders go out (decision 033). */
    reminderMinutes: integer('reminder_minutes').notNull().default(REMINDER_MINUTES_DEFAULT),
    /** Seller details printed on invoices (issue 16). */
    legalName: text('legal_name').notNull().default(''),
    registrationNumber: text('registration_number').notNull().default(''),
    vatNumber: text('vat_number').notNull().default(''),
    /** The street line of the address (street, house, flat); its other parts follow (issue 24). */
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull().default(DEFAULT_COUNTRY),
    iban: text('iban').notNull().default(''),
    /** VAT rate of the provider's meals in basis points (2100 = 21 %); prices are VAT-inclusive. */
    vatRateBp: integer('vat_rate_bp').notNull().default(2100),
    /**
     * Grams of CO₂e per kilogram of food left over, for the monthly waste summary (issue 27), and
     * the name of the source the factor comes from, printed beside it.
     */
    wasteCo2eGramsPerKg: integer('waste_co2e_grams_per_kg').notNull().default(2500),
    wasteCo2eSource: text('waste_co2e_source').notNull().default('FAO (2013), Food wastage footprint: 2.5 kg CO2e per kg'),
    /**
     * Delivery promises (issue 28): the departure of a lap without its own time ('HH:MM:SS' in the
     * provider's zone; null: none, and a lap with no time of its own promises no window: decision 041 never makes one up), the default minutes
     * between stops, and how long a promised window is.
     */
    departsAt: time('departs_at'),
    stopMinutes: integer('stop_minutes').notNull().default(10),
    windowMinutes: integer('window_minutes').notNull().default(15),
    createdAt: createdAt(),
  },
  (t) => [
    check('providers_stop_minutes_range', sql`${t.stopMinutes} between 0 and 240`),
    check('providers_window_minutes_range', sql`${t.windowMinutes} between 5 and 240`),
    check(
      'providers_reminder_minutes_range',
      sql`${t.reminderMinutes} between ${sql.raw(String(REMINDER_MINUTES_MIN))} and ${sql.raw(String(REMINDER_MINUTES_MAX))}`,
    ),
    check('providers_vat_rate_valid', sql`${t.vatRateBp} between 0 and 10000`),
    check('providers_waste_co2e_range', sql`${t.wasteCo2eGramsPerKg} between 0 and 100000`),
  ],
);
