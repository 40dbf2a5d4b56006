import { and, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DateTime } from 'luxon';
import type { Lang } from '../../../shared/i18n.js';
import { toEuros } from '../../../shared/money.js';
import type { Invoice, InvoiceScopes, IssueInvoiceInput, Statement } from '../../../shared/schemas/invoices.js';
import type { Db, Tx } from '../../db/client.js';
import { invoiceCounters, invoices, locations, menus, providers } from '../../db/schema/index.js';
import { recordAudit, type AuditWho } from '../../lib/audit.js';
import type { AuthUser } from '../../lib/context.js';
import { BILLING_LOCK } from '../../lib/ledger.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { joinedTexts, type LocalText } from '../../lib/i18n.js';
import { t } from '../../lib/messages.js';
import { isoTime } from '../../lib/time.js';
import { documentTotals, invoiceLines, type InvoiceDocument, type PartyDetails } from './invoice-document.js';
import { invoiceText } from './invoices.messages.js';
import { invoicePdf } from './invoices.pdf.js';
import { ublXml } from './invoices.ubl.js';
import { monthBounds, monthStatement, type MonthStatement, type Scope, type Sums } from './statement.js';

/*
 * Issuing invoices and credit notes (issue 16, decision 036). Numbers are gap-free per provider and
 * year: the counter row of (provider, year) is locked FOR UPDATE in the issuing transaction, so
 * concurrent issues wait for each other and a rolled-back issue gives its number back. What is
 * issued (snapshot, XML, PDF) is stored once and served as stored; a database trigger refuses any
 * update or delete of an issued document.
 */

/** Days from issue to the due date. */
export const PAYMENT_DAYS = 14;

type ProviderRow = typeof providers.$inferSelect;

const sumsEuros = (s: Sums) => ({
  orders: s.orders,
  gross: toEuros(s.gross),
  subsidy: toEuros(s.subsidy),
  bonus: toEuros(s.bonus),
  cash: toEuros(s.cash),
  card: toEuros(s.card),
  bank: toEuros(s.bank),
  refunds: toEuros(s.refunds),
  corrections: toEuros(s.corrections),
});

async function providerRow(db: Db | Tx, providerId: number): Promise<ProviderRow> {
  const [p] = await db.select().from(providers).where(eq(providers.id, providerId));
  if (!p) throw new AppError(404, t.coded('notFound'));
  return p;
}

/** Seller and buyer details an invoice cannot go without (field names as in Statement.missing). */
function missingDetails(p: ProviderRow, s: MonthStatement): string[] {
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

function listSelect(db: Db | Tx) {
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

function present(r: Awaited<ReturnType<ReturnType<typeof listSelect>['execute']>>[number]): Invoice {
  return {
    id: r.id,
    kind: r.kind,
    code: r.code,
    month: r.month,
    issue_date: r.issueDate,
    location_id: r.locationId,
    company: r.company,
    buyer: r.buyer,
    total: toEuros(r.kind === 'credit_note' ? -r.totalCents : r.totalCents),
    credits_id: r.creditsId,
    credited_by_id: r.creditedById,
    created_at: isoTime(r.createdAt),
  };
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
async function billedBy(db: Db | Tx, providerId: number, month: string, locationIds: number[]) {
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

/** Takes the next number of the provider's year: the counter row stays locked until the transaction ends. */
export async function nextNumber(tx: Tx, providerId: number, year: number): Promise<number> {
  await tx.insert(invoiceCounters).values({ providerId, year, lastNumber: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ last: invoiceCounters.lastNumber })
    .from(invoiceCounters)
    .where(and(eq(invoiceCounters.providerId, providerId), eq(invoiceCounters.year, year)))
    .for('update');
  const next = row!.last + 1;
  await tx
    .update(invoiceCounters)
    .set({ lastNumber: next })
    .where(and(eq(invoiceCounters.providerId, providerId), eq(invoiceCounters.year, year)));
  return next;
}

/** The printed number: year and six digits, e.g. 2026-000012. */
export const invoiceCode = (year: number, n: number) => `${year}-${String(n).padStart(6, '0')}`;

function seller(p: ProviderRow): PartyDetails {
  return {
    name: p.legalName,
    registrationNumber: p.registrationNumber,
    vatNumber: p.vatNumber,
    address: p.address,
    city: p.city,
    postalCode: p.postalCode,
    country: p.country,
    iban: p.iban,
    ...(p.email ? { email: p.email } : {}),
    ...(p.phone ? { phone: p.phone } : {}),
  };
}

function buyer(s: MonthStatement): PartyDetails {
  const l = s.locations[0]!;
  return {
    name: l.companyName,
    registrationNumber: l.registrationNumber,
    vatNumber: l.vatNumber,
    address: l.address,
    city: l.city,
    postalCode: l.postalCode,
    country: l.country,
  };
}

/** Issue date (today in the provider's zone) and its year. */
function issueDay(p: ProviderRow, now: Date) {
  const today = DateTime.fromJSDate(now).setZone(p.timezone);
  return { issueDate: today.toISODate()!, dueDate: today.plus({ days: PAYMENT_DAYS }).toISODate()!, year: today.year };
}

async function insertDocument(
  tx: Tx,
  v: { providerId: number; doc: InvoiceDocument; year: number; number: number; scope: Scope; creditsId: number | null; userId: number },
  lang: Lang,
) {
  const [row] = await tx
    .insert(invoices)
    .values({
      providerId: v.providerId,
      kind: v.doc.kind,
      year: v.year,
      number: v.number,
      code: v.doc.code,
      month: v.doc.month,
      locationId: v.scope.locationId ?? null,
      companyRegistration: v.scope.locationId === undefined ? (v.scope.company ?? null) : null,
      creditsId: v.creditsId,
      totalCents: v.doc.gross,
      issueDate: v.doc.issueDate,
      snapshot: v.doc,
      xml: ublXml(v.doc, lang),
      pdf: await invoicePdf(v.doc, lang),
      issuedById: v.userId,
    })
    .returning({ id: invoices.id });
  return row!.id;
}

async function readInvoice(db: Db | Tx, id: number): Promise<Invoice> {
  const [row] = await listSelect(db).where(eq(invoices.id, id));
  return present(row!);
}

/** The month may be billed: it has ended in the provider's zone and none of its menus still takes orders. */
async function checkMonthClosed(tx: Tx, p: ProviderRow, month: string, now: Date) {
  const { start, end } = monthBounds(month, p.timezone);
  if (now < end) {
    const date = DateTime.fromJSDate(end).setZone(p.timezone).toISODate()!;
    throw fieldError(t.coded('invalid'), { month: [invoiceText.coded('monthNotEnded', { date })] });
  }
  // A menu of the month whose ordering closes later (its `to`): orders placed on it would belong to
  // this month after its invoice. Disabled menus count too: they can be enabled again.
  const [open] = await tx
    .select({ title: menus.title })
    .from(menus)
    .where(and(eq(menus.providerId, p.id), gte(menus.from, start), lt(menus.from, end), gt(menus.to, now)))
    .orderBy(menus.from)
    .limit(1);
  if (open) throw fieldError(t.coded('invalid'), { month: [invoiceText.coded('menuStillOpen', { title: open.title })] });
}

/** POST /app/invoices: issues the month's invoice of a location or company (the employer's subsidy share). */
export async function issueInvoice(
  db: Db,
  providerId: number,
  user: AuthUser,
  who: AuditWho,
  input: IssueInvoiceInput,
  now: Date,
  lang: Lang,
): Promise<Invoice> {
  const scope: Scope = input.location_id !== undefined ? { locationId: input.location_id } : { company: input.company! };
  const id = await db.transaction(async (tx) => {
    // The locks come first: two issues touching the same location's month wait for each other, and the
    // second sees the first (whatever their scopes, also across a new year, when they would lock
    // different counter rows); a correction recorded meanwhile waits and falls in the next month.
    await tx.execute(sql`select pg_advisory_xact_lock(${BILLING_LOCK}, ${providerId})`);
    const p = await providerRow(tx, providerId);
    const { issueDate, dueDate, year } = issueDay(p, now);
    const number = await nextNumber(tx, providerId, year);
    const s = await monthStatement(tx, providerId, scope, input.month);
    await checkMonthClosed(tx, p, input.month, now);
    const missing = missingDetails(p, s);
    if (missing.length) {
      const label = (f: string): LocalText => {
        const [side, field] = f.split('.') as ['provider' | 'location', string];
        const k = field === 'iban' ? 'iban' : field === 'vat_number' ? 'vatNo' : field === 'registration_number' ? 'regNo' : 'name';
        return {
          code: `invoices.${side}.${k}`,
          params: undefined,
          render: (reader) => `${invoiceText(reader, side === 'provider' ? 'seller' : 'buyer')}: ${invoiceText(reader, k)}`,
        };
      };
      throw new AppError(409, invoiceText.coded('missingDetails', { fields: joinedTexts(missing.map(label), ', ') }));
    }
    // One month of one location is billed once, whatever the scope (a location, or its company).
    const [billed] = await billedBy(
      tx,
      providerId,
      input.month,
      s.locations.map((l) => l.id),
    );
    if (billed) {
      const titles = s.locations.filter((l) => billed.locationIds.includes(l.id)).map((l) => l.title);
      throw new AppError(409, invoiceText.coded('alreadyBilled', { code: billed.code, locations: titles.join(', ') }));
    }
    const lines = invoiceLines(s, p.vatRateBp);
    if (lines.length === 0) throw fieldError(t.coded('invalid'), { month: [invoiceText.coded('nothingToBill')] });
    const doc: InvoiceDocument = {
      kind: 'invoice',
      code: invoiceCode(year, number),
      issueDate,
      dueDate,
      month: input.month,
      currency: 'EUR',
      seller: seller(p),
      buyer: buyer(s),
      buyerReference: s.scope.title,
      vatRateBp: p.vatRateBp,
      lines,
      ...documentTotals(lines),
      credits: null,
      statement: s,
    };
    const id = await insertDocument(tx, { providerId, doc, year, number, scope, creditsId: null, userId: user.id }, lang);
    await recordAudit(tx, who, {
      action: 'invoice.issue',
      entityType: 'invoice',
      entityId: id,
      providerId,
      after: {
        code: doc.code,
        month: doc.month,
        location_id: scope.locationId ?? null,
        company: scope.locationId === undefined ? scope.company! : null,
        total_cents: doc.gross,
      },
    });
    return id;
  });
  return readInvoice(db, id);
}

/** POST /app/invoices/{id}/credit-note: reverses an invoice whole, with the next number. */
export async function creditInvoice(
  db: Db,
  providerId: number,
  user: AuthUser,
  who: AuditWho,
  invoiceId: number,
  now: Date,
  lang: Lang,
): Promise<Invoice> {
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BILLING_LOCK}, ${providerId})`);
    const p = await providerRow(tx, providerId);
    const { issueDate, dueDate, year } = issueDay(p, now);
    const number = await nextNumber(tx, providerId, year);
    const [orig] = await tx
      .select({
        id: invoices.id,
        kind: invoices.kind,
        snapshot: invoices.snapshot,
        locationId: invoices.locationId,
        company: invoices.companyRegistration,
      })
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), eq(invoices.providerId, providerId)));
    if (!orig) throw new AppError(404, t.coded('notFound'));
    if (orig.kind !== 'invoice') throw new AppError(409, invoiceText.coded('notAnInvoice'));
    const [credited] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.creditsId, orig.id));
    if (credited) throw new AppError(409, invoiceText.coded('alreadyCredited'));
    const o = orig.snapshot as InvoiceDocument;
    const doc: InvoiceDocument = {
      ...o,
      kind: 'credit_note',
      code: invoiceCode(year, number),
      issueDate,
      dueDate,
      credits: { code: o.code, issueDate: o.issueDate },
    };
    const scope: Scope = orig.locationId !== null ? { locationId: orig.locationId } : { company: orig.company! };
    const id = await insertDocument(tx, { providerId, doc, year, number, scope, creditsId: orig.id, userId: user.id }, lang);
    await recordAudit(tx, who, {
      action: 'invoice.credit',
      entityType: 'invoice',
      entityId: id,
      providerId,
      after: { code: doc.code, credits_id: orig.id, credits_code: o.code, month: doc.month, total_cents: -doc.gross },
    });
    return id;
  });
  return readInvoice(db, id);
}
