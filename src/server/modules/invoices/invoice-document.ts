import type { Lang } from '../../../shared/i18n.js';
import { splitGross } from '../../../shared/vat.js';
import { invoiceText } from './invoices.messages.js';
import type { MonthStatement } from './statement.js';

/*
 * An invoice's content as issued (decision 036): everything the PDF and the UBL XML print, frozen
 * in `invoices.snapshot` at issue. Amounts in cents, VAT-inclusive subsidy split per line.
 */

export interface PartyDetails {
  name: string;
  registrationNumber: string;
  vatNumber: string;
  /** The street line of the address. */
  address: string;
  /**
   * The address's other parts (issue 24); invoices issued before they existed have none in their
   * snapshot (their `address` is the whole line).
   */
  city?: string;
  postalCode?: string;
  /** ISO 3166-1 alpha-2; LV when absent. */
  country?: string;
  email?: string;
  phone?: string;
  iban?: string;
}

export interface InvoiceLine {
  /** 1, 2, … */
  id: number;
  /** A ledger correction's line ("Correction: reason"); absent: the location's subsidy line. */
  correction?: { id: number; reason: string };
  /**
   * What else of the employer's the line bills (issue 29): the budget part of its people's orders,
   * or its meeting and guest orders (company); absent: the subsidy (or a correction).
   */
  share?: 'budget' | 'company';
  locationId: number;
  locationTitle: string;
  /** The cost centre the line is booked to (decision 075): its code is the line's AccountingCost (BT-133). */
  costCentre?: { code: string; title: string };
  orders: number;
  /** The subsidy share billed, VAT included. */
  gross: number;
  net: number;
  vat: number;
}

export interface InvoiceDocument {
  kind: 'invoice' | 'credit_note';
  code: string;
  /** yyyy-mm-dd */
  issueDate: string;
  dueDate: string;
  month: string;
  currency: 'EUR';
  seller: PartyDetails;
  buyer: PartyDetails;
  /** The buyer's reference (BT-10): the location or company the invoice is for. */
  buyerReference: string;
  vatRateBp: number;
  lines: InvoiceLine[];
  /** Sum of line nets (= LineExtensionAmount = TaxExclusiveAmount). */
  net: number;
  /** Sum of line VAT (= the one VAT breakdown's tax amount). */
  vat: number;
  /** net + vat (= TaxInclusiveAmount = PayableAmount, nothing prepaid). */
  gross: number;
  /** For a credit note: the invoice it reverses. */
  credits: { code: string; issueDate: string } | null;
  /** The statement of the month, printed for information. */
  statement: MonthStatement;
}

/**
 * Invoice lines: one per location of the statement that used subsidy, split per cost centre where
 * the location's orders have them (decision 075: the orders without one make a line of their own),
 * each followed by the employer's budget part and its meeting and guest orders when there are any
 * (issue 29: the employer pays them too), then one per ledger correction of the month (its amount, VAT included, negative for money out,
 * booked to its order's cost centre), VAT split per line.
 */
export function invoiceLines(statement: MonthStatement, vatRateBp: number): InvoiceLine[] {
  const subsidy = statement.locations.flatMap((l) =>
    (l.costCentres ?? [{ ...l, id: null, code: '', title: '' }]).flatMap((c) => {
      const base = { locationId: l.id, locationTitle: l.title, ...(c.id !== null ? { costCentre: { code: c.code, title: c.title } } : {}) };
      const companyOrders = c.companyOrders ?? 0;
      // The subsidy, then (issue 29) the employer's budget part and its meeting and guest orders.
      return [
        ...(c.subsidy > 0 ? [{ ...base, orders: c.orders - companyOrders, gross: c.subsidy }] : []),
        ...((c.budget ?? 0) > 0 ? [{ ...base, share: 'budget' as const, orders: c.orders - companyOrders, gross: c.budget! }] : []),
        ...((c.company ?? 0) > 0 ? [{ ...base, share: 'company' as const, orders: companyOrders, gross: c.company! }] : []),
      ];
    }),
  );
  const titles = new Map(statement.locations.map((l) => [l.id, l.title]));
  const centres = new Map(
    statement.locations.flatMap((l) => l.costCentres ?? []).flatMap((c) => (c.id === null ? [] : [[c.id, c] as const])),
  );
  const corrections = (statement.corrections ?? []).map((c) => {
    const centre = c.costCentreId ? centres.get(c.costCentreId) : undefined;
    return {
      correction: { id: c.id, reason: c.reason },
      locationId: c.locationId,
      locationTitle: titles.get(c.locationId) ?? '',
      ...(centre ? { costCentre: { code: centre.code, title: centre.title } } : {}),
      orders: 0,
      gross: c.amountCents,
    };
  });
  return [...subsidy, ...corrections].map((l, i) => ({ id: i + 1, ...l, ...splitGross(l.gross, vatRateBp) }));
}

/** The text of a line of the employer's budget part or of its meeting and guest orders (issue 29). */
export function shareText(l: Pick<InvoiceLine, 'share' | 'locationTitle' | 'orders'>, month: string, lang: Lang): string {
  return l.share === 'budget'
    ? invoiceText(lang, 'lineBudget', { location: l.locationTitle, month })
    : invoiceText(lang, 'lineCompany', { location: l.locationTitle, month, count: l.orders });
}

/** Document totals from the lines (each sum exact in cents). */
export function documentTotals(lines: InvoiceLine[]): { net: number; vat: number; gross: number } {
  const net = lines.reduce((s, l) => s + l.net, 0);
  const vat = lines.reduce((s, l) => s + l.vat, 0);
  return { net, vat, gross: net + vat };
}
