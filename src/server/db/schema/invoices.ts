import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, unique } from 'drizzle-orm/pg-core';
import { customType } from 'drizzle-orm/pg-core';
import { createdAt } from './common.js';
import { users } from './auth.js';
import { locations } from './locations.js';
import { providers } from './providers.js';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * The last invoice number given per provider and year. Issuing locks this row (select ... for
 * update) so numbers are gap-free and never repeat, even with two instances issuing at once.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.year] })],
);

/**
 * An issued invoice or credit note. Its content (the statement snapshot, the UBL XML and the
 * PDF) is written once at issue and never changed: a correction is a credit note.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    year: integer('year').notNull(),
    number: integer('number').notNull(),
    /** The printed number, e.g. "2026-000012". */
    code: text('code').notNull(),
    /** Billing month, yyyy-mm. */
    month: text('month').notNull(),
    /** Scope: one location, or a company (all locations with this registration number). */
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'restrict' }),
    companyRegistration: text('company_registration'),
    /** The invoice a credit note reverses. */
    creditsId: integer('credits_id'),
    totalCents: integer('total_cents').notNull(),
    issueDate: text('issue_date').notNull(),
    snapshot: jsonb('snapshot').notNull(),
    xml: text('xml').notNull(),
    pdf: bytea('pdf').notNull(),
    issuedById: integer('issued_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('invoices_number_uq').on(t.providerId, t.year, t.number),
    // One credit note per invoice: an invoice is reversed whole, once.
    unique('invoices_credits_uq').on(t.creditsId),
    index('invoices_provider_month_idx').on(t.providerId, t.month),
    check('invoices_scope', sql`(${t.locationId} is null) <> (${t.companyRegistration} is null)`),
  ],
);
