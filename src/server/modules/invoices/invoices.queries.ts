import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { toEuros } from '../../../shared/money.js';
import type { Invoice, InvoiceScopes, Statement } from '../../../shared/schemas/invoices.js';
import type { Db, Tx } from '../../db/client.js';
import { invoices, locations, providers } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { isoTime } from '../../lib/time.js';
import { onTimePercent, ZERO_ON_TIME } from '../laps/ontime.read.js';
import { documentTotals, invoiceLines } from './invoice-document.js';
import { monthBounds, monthStatement, type MonthStatement, type Scope } from './statement.js';
import { present, sumsEuros } from './invoices.present.js';

export type ProviderRow = typeof providers.$inferSelect;

export async function providerRow(db: Db | Tx, providerId: number): Promise<ProviderRow> {
  const [p] = await db.select().from(providers).where(eq(providers.id, providerId));
  if (!p) throw new AppError(404, t.coded('notFound'));
  return p;
}

/** Seller and buyer details an invoice cannot go without (field names as in Statement.missing). */
export function missingDetails(p: ProviderRow, s: MonthStatement): string[] {
  const buyer = s.locations[0]!;
  const missing: string[] = [];
  if (!p.legalName) missing.push('provider.legal_name');
  if (!p.registrationNumber) missing.push('provider.registration_number');
  if (!p.vatNumber) missing.push('provider.vat_number');
  if (!p.iban) missing.push('provider.iban');
  if (!buyer.companyName) missing.push('location.company_name');
  if (!buyer.registrationNumber) missing.push('location.registration_number');
  return missing;
}

/** GET /app/invoices/statement */
export async function statementAnswer(db: Db, providerId: number, scope: Scope, month: string, now: Date): Promise<Statement> {
  const p = await providerRow(db, providerId);
  const s = await monthStatement(db, providerId, scope, month);
  const lines = invoiceLines(s, p.vatRateBp);
  const totals = documentTotals(lines);
  const billed = await billedBy(
    db,
    providerId,
    month,
    s.locations.map((l) => l.id),
  );
  return {
    month,
    scope: { location_id: s.scope.locationId, company: s.scope.company, title: s.scope.title },
    locations: s.locations.map((l) => ({ id: l.id, title: l.title, ...sumsEuros(l) })),
    totals: sumsEuros(s.totals),
    corrections: s.corrections.map((c) => ({
      id: c.id,
      location_id: c.locationId,
      at: isoTime(c.at),
      reason: c.reason,
      amount: toEuros(c.amountCents),
    })),
    invoice: {
      vat_rate: p.vatRateBp / 100,
      net: toEuros(totals.net),
      vat: toEuros(totals.vat),
      total: toEuros(totals.gross),
      lines: lines.length,
    },
    missing: missingDetails(p, s),
    on_time: { ...(s.onTime ?? ZERO_ON_TIME), rate: onTimePercent(s.onTime ?? ZERO_ON_TIME) },
    month_ended: now >= monthBounds(month, p.timezone).end,
    billed_by: billed[0] ? { id: billed[0].id, code: billed[0].code } : null,
  };
}

/** GET /app/invoices/scopes: every location, and companies (registration numbers shared by locations). */
export async function invoiceScopes(db: Db): Promise<InvoiceScopes> {
  const locs = await db
    .select({ id: locations.id, title: locations.title, registration_number: locations.registrationNumber, company: locations.companyName })
    .from(locations)
    .orderBy(locations.title, locations.id);
  const companies = new Map<string, { registration_number: string; name: string; locations: number }>();
  for (const l of locs) {
    if (!l.registration_number) continue;
    const c = companies.get(l.registration_number) ?? {
      registration_number: l.registration_number,
      name: l.company || l.title,
      locations: 0,
    };
    c.locations++;
    companies.set(l.registration_number, c);
  }
  return {
    locations: locs.map(({ id, title, registration_number }) => ({ id, title, registration_number })),
    companies: [...companies.values()].sort((a, b) => a.name.localeCompare(b.name)),
  };
}

const creditNotes = alias(invoices, 'credit_notes');

export function listSelect(db: Db | Tx) {
  return db
    .select({
      id: invoices.id,
      kind: invoices.kind,
      code: invoices.code,
      month: invoices.month,
      issueDate: invoices.issueDate,
      locationId: invoices.locationId,
      company: invoices.companyRegistration,
      buyer: sql<string>`${invoices.snapshot}->'buyer'->>'name'`,
      totalCents: invoices.totalCents,
      creditsId: invoices.creditsId,
      creditedById: creditNotes.id,
      createdAt: invoices.createdAt,
    })
    .from(invoices)
    .leftJoin(creditNotes, eq(creditNotes.creditsId, invoices.id));
}

/** GET /app/invoices: the provider's invoices and credit notes, newest first. */
export async function listInvoices(db: Db, providerId: number, month: string | undefined): Promise<Invoice[]> {
  const rows = await listSelect(db)
    .where(and(eq(invoices.providerId, providerId), month ? eq(invoices.month, month) : undefined))
    .orderBy(desc(invoices.year), desc(invoices.number));
  return rows.map(present);
}

/** One issued document of the provider (another provider's is 404). */
export async function storedInvoice(db: Db, providerId: number, id: number) {
  const [row] = await db
    .select({ code: invoices.code, kind: invoices.kind, xml: invoices.xml, pdf: invoices.pdf })
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.providerId, providerId)));
  if (!row) throw new AppError(404, t.coded('notFound'));
  return row;
}

/**
 * The open invoices (issued, not credited) of the provider's month that bill any of `locationIds`,
 * whatever their scope: a location invoice bills its location, a company invoice every location
 * of its statement as issued (its snapshot), so a location's month is billed once.
 */
export async function billedBy(db: Db | Tx, providerId: number, month: string, locationIds: number[]) {
  const open = await db
    .select({
      id: invoices.id,
      code: invoices.code,
      locationId: invoices.locationId,
      billed: sql<{ id: number }[] | null>`${invoices.snapshot}->'statement'->'locations'`,
    })
    .from(invoices)
    .leftJoin(creditNotes, eq(creditNotes.creditsId, invoices.id))
    .where(and(eq(invoices.providerId, providerId), eq(invoices.kind, 'invoice'), eq(invoices.month, month), isNull(creditNotes.id)))
    .orderBy(invoices.id);
  const wanted = new Set(locationIds);
  return open
    .map((i) => ({
      id: i.id,
      code: i.code,
      locationIds: [...new Set([...(i.locationId === null ? [] : [i.locationId]), ...(i.billed ?? []).map((l) => l.id)])].filter((id) =>
        wanted.has(id),
      ),
    }))
    .filter((i) => i.locationIds.length > 0);
}

export async function readInvoice(db: Db | Tx, id: number): Promise<Invoice> {
  const [row] = await listSelect(db).where(eq(invoices.id, id));
  return present(row!);
}
