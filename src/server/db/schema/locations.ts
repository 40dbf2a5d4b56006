import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /**
     * What one meeting or visitor order of this location may cost the company (issue 29); null:
     * the location orders no meetings or visitors.
     */
    meetingLimitCents: integer('meeting_limit_cents'),
    createdAt: createdAt(),
  },
  (t) => [
    check('locations_subsidy_nonneg', sql`${t.subsidyCents} >= 0`),
    check('locations_meeting_limit_pos', sql`${t.meetingLimitCents} is null or ${t.meetingLimitCents} > 0`),
  ],
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

/** A group of people within a location ("team" in issue 29), for budgets per group. */
export const locationGroups = pgTable(
  'location_groups',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('location_groups_title_uq').on(t.locationId, sql`lower(${t.title})`)],
);

/**
 * A company's cost centre (code and name). A company is the locations sharing a registration
 * number (issue 16), so cost centres belong to that number.
 */
export const costCentres = pgTable(
  'cost_centres',
  {
    id: serial('id').primaryKey(),
    companyRegistration: text('company_registration').notNull(),
    code: text('code').notNull(),
    title: text('title').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cost_centres_code_uq').on(t.companyRegistration, sql`lower(${t.code})`),
    check('cost_centres_company_set', sql`length(${t.companyRegistration}) > 0`),
  ],
);
