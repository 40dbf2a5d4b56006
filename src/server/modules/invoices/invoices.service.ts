import { and, eq, gt, gte, lt, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Lang } from '../../../shared/i18n.js';
import type { Invoice, IssueInvoiceInput } from '../../../shared/schemas/invoices.js';
import type { Tx } from '../../db/client.js';
import { invoices, menus } from '../../db/schema/index.js';
import { recordAudit, type AuditWho } from '../../lib/audit.js';
import type { UserContext } from '../../lib/context.js';
import { BILLING_LOCK } from '../../lib/ledger.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { joinedTexts, type LocalText } from '../../lib/i18n.js';
import { t } from '../../lib/messages.js';
import { documentTotals, invoiceLines, type InvoiceDocument, type PartyDetails } from './invoice-document.js';
import { invoiceText } from './invoices.messages.js';
import { invoicePdf } from './invoices.pdf.js';
import { ublXml } from './invoices.ubl.js';
import { monthBounds, monthStatement, type MonthStatement, type Scope } from './statement.js';
import { billedBy, missingDetails, providerRow, readInvoice, type ProviderRow } from './invoices.queries.js';
import { invoiceCode, issueDay, nextNumber } from './invoices.numbers.js';

/*
 * Issuing invoices and credit notes (issue 16, decision 036). Numbers are gap-free per provider and
 * year: the counter row of (provider, year) is locked FOR UPDATE in the issuing transaction, so
 * concurrent issues wait for each other and a rolled-back issue gives its number back. What is
 * issued (snapshot, XML, PDF) is stored once and served as stored; a database trigger refuses any
 * update or delete of an issued document.
 */

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
export async function issueInvoice(ctx: UserContext, { input, who }: { input: IssueInvoiceInput; who: AuditWho }): Promise<Invoice> {
  // The document (its XML and PDF) is written in the language of the request that issues it.
  const { db, user, now, lang } = ctx;
  const providerId = await ctx.provider();
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
export async function creditInvoice(ctx: UserContext, { invoiceId, who }: { invoiceId: number; who: AuditWho }): Promise<Invoice> {
  const { db, user, now, lang } = ctx;
  const providerId = await ctx.provider();
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
