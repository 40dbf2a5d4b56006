import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { DEFAULT_COUNTRY } from '../../../shared/limits.js';
import { createdAt } from './common.js';

export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** The street line of the address (street, house, flat); its other parts follow (issue 24). */
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull().default(DEFAULT_COUNTRY),
    contactName: text('contact_name').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    profit: boolean('profit').notNull().default(true),
    fullSubsidy: boolean('full_subsidy').notNull().default(false),
    subsidyCents: integer('subsidy_cents').notNull().default(0),
    status: boolean('status').notNull().default(true),
    unconfirmed: boolean('unconfirmed').notNull().default(false),
    disableCash: boolean('disable_cash').notNull().default(false),
    /**
     * The employer billed for this location (issue 16). Locations with the same registration
     * number belong to one company and can be invoiced together.
     */
    companyName: text('company_name').notNull().default(''),
    registrationNumber: text('registration_number').notNull().default(''),
    vatNumber: text('vat_number').notNull().default(''),
    /** Shareable invite-link token; shown to staff for copying, so kept readable. */
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [check('locations_subsidy_nonneg', sql`${t.subsidyCents} >= 0`)],
);

export const shifts = pgTable(
  'shifts',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('shifts_location_idx').on(t.locationId)],
);
