import { z } from 'zod';
import { dbId, dbIdParam } from './ids.js';
import { text } from './text.js';

/*
 * Invoices and exports for the employer (issue 16, decision 036). Admins only, scoped to the
 * active provider (?provider_id=). A statement covers one location, or one company (every location
 * with the same registration number), for one month (yyyy-mm; a menu belongs to the month of its
 * day in the provider's time zone). Money in euros at the edge, cents inside.
 */

/** yyyy-mm */
export const billingMonth = text().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'invalidValue');

/** A location (`location_id`) or a company (`company`: its registration number), never both. */
const scopeFields = {
  location_id: dbIdParam.optional(),
  company: text().trim().min(1).max(40).optional(),
  month: billingMonth,
};
const oneScope = (s: { location_id?: number; company?: string }) => (s.location_id === undefined) !== (s.company === undefined);

/** GET /app/invoices/statement?location_id=|company=&month= */
export const statementQuery = z.object(scopeFields).refine(oneScope, { path: ['location_id'], message: 'required' });
export type StatementQuery = z.infer<typeof statementQuery>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
/** GET /app/invoices/statement/export?…&format=csv|xlsx (the statement for accounting). */
export const statementExportQuery = z
  .object({ ...scopeFields, format: z.enum(EXPORT_FORMATS) })
  .refine(oneScope, { path: ['location_id'], message: 'required' });
export type StatementExportQuery = z.infer<typeof statementExportQuery>;

/** GET /app/invoices/payroll/export?location_id=&month=&format=csv|xlsx (payroll deduction list). */
export const payrollExportQuery = z.object({ location_id: dbIdParam, month: billingMonth, format: z.enum(EXPORT_FORMATS) });
export type PayrollExportQuery = z.infer<typeof payrollExportQuery>;

/** POST /app/invoices: issue the invoice of a location or company and month. */
export const issueInvoiceInput = z
  .object({ location_id: dbId.optional(), company: text().trim().min(1).max(40).optional(), month: billingMonth })
  .refine(oneScope, { path: ['location_id'], message: 'required' });
export type IssueInvoiceInput = z.infer<typeof issueInvoiceInput>;

/** GET /app/invoices?month= (optional): issued invoices and credit notes of the provider, newest first. */
export const invoiceListQuery = z.object({ month: billingMonth.optional() });

/** Sums of a set of placed orders, euros. */
export const statementSums = z.object({
  orders: z.number().int(),
  /** Food value of the orders (prices include VAT). */
  gross: z.number(),
  /** The employer's subsidy share: what the invoice bills. */
  subsidy: z.number(),
  /** The provider's bonus discounts. */
  bonus: z.number(),
  /** What employees paid, by method (card and bank commissions included). */
  cash: z.number(),
  card: z.number(),
  bank: z.number(),
  /** Money returned to employees (refunds sent, read from the ledger; decision 038). */
  refunds: z.number(),
  /** Ledger corrections recorded in the month (POST /app/ledger/corrections): billed as lines of their own. */
  corrections: z.number(),
});
export type StatementSums = z.infer<typeof statementSums>;

export const statement = z.object({
  month: z.string(),
  scope: z.object({
    location_id: z.number().nullable(),
    company: z.string().nullable(),
    /** Location title, or the company name. */
    title: z.string(),
  }),
  locations: z.array(statementSums.extend({ id: z.number(), title: z.string() })),
  totals: statementSums,
  /** The month's ledger corrections of these locations (each an invoice line "Correction: reason"), oldest first. */
  corrections: z.array(z.object({ id: z.number(), location_id: z.number(), at: z.string(), reason: z.string(), amount: z.number() })),
  /**
   * What the invoice bills: the subsidy share and the corrections with VAT split at the provider's
   * rate; `lines` is 0 when there is nothing to bill. The total is negative when the corrections
   * exceed the subsidy (a negative invoice: the provider owes the employer).
   */
  invoice: z.object({ vat_rate: z.number(), net: z.number(), vat: z.number(), total: z.number(), lines: z.number().int() }),
  /**
   * What is missing before an invoice can be issued, as field names: provider.legal_name,
   * provider.registration_number, provider.vat_number, provider.iban, location.company_name,
   * location.registration_number.
   */
  missing: z.array(z.string()),
  /** The month has ended in the provider's time zone: only then can it be invoiced. */
  month_ended: z.boolean(),
  /**
   * The month's delivered stops at these locations (decision 071): within their promised window,
   * after it, and without a window (not counted); `rate`: whole percent on time, rounded down; null: none counted.
   */
  on_time: z.object({ on_time: z.number(), late: z.number(), no_window: z.number(), rate: z.number().nullable() }),
  /** The open invoice (not credited) that already bills a location of this scope for the month, whatever its scope. */
  billed_by: z.object({ id: z.number(), code: z.string() }).nullable(),
});
export type Statement = z.infer<typeof statement>;

export const invoice = z.object({
  id: z.number(),
  kind: z.enum(['invoice', 'credit_note']),
  /** The printed number, e.g. 2026-000012 (gap-free per provider and year). */
  code: z.string(),
  month: z.string(),
  issue_date: z.string(),
  location_id: z.number().nullable(),
  company: z.string().nullable(),
  /** Who is billed (location title or company name). */
  buyer: z.string(),
  /** Euros incl. VAT; negative for a credit note (what it takes back). */
  total: z.number(),
  /** For a credit note: the invoice it reverses. */
  credits_id: z.number().nullable(),
  /** For an invoice: the credit note that reverses it, if any. */
  credited_by_id: z.number().nullable(),
  created_at: z.string(),
});
export type Invoice = z.infer<typeof invoice>;

export const invoiceList = z.object({ data: z.array(invoice) });
export type InvoiceList = z.infer<typeof invoiceList>;

/** GET /app/invoices/scopes: what can be billed, for the pickers. */
export const invoiceScopes = z.object({
  locations: z.array(z.object({ id: z.number(), title: z.string(), registration_number: z.string() })),
  companies: z.array(z.object({ registration_number: z.string(), name: z.string(), locations: z.number().int() })),
});
export type InvoiceScopes = z.infer<typeof invoiceScopes>;
