import type { Content, TableCell } from 'pdfmake/interfaces';
import { addressLine } from '../../../shared/address.js';
import type { Lang } from '../../../shared/i18n.js';
import { ratePercent } from '../../../shared/vat.js';
import { euroText, renderPdf, table } from '../../lib/pdf/pdf.js';
import { onTimePercent, type OnTimeCount } from '../laps/ontime.read.js';
import { shareText, type InvoiceDocument, type PartyDetails } from './invoice-document.js';
import { invoiceText } from './invoices.messages.js';
import { statementRows } from './invoices.exports.js';

/** dd.mm.yyyy of a yyyy-mm-dd date. */
const day = (iso: string) => iso.split('-').reverse().join('.');

/**
 * The statement's on-time line (decision 071): "Delivered on time: 18 of 20 (90 %)" and how many
 * deliveries had no promised time; nothing when no delivery was recorded (or the invoice predates issue 28).
 */
export function onTimeLines(c: OnTimeCount | undefined, lang: Lang): string[] {
  if (!c) return [];
  const counted = c.on_time + c.late;
  const rate = onTimePercent(c);
  return [
    ...(rate === null ? [] : [invoiceText(lang, 'onTime', { onTime: c.on_time, counted, rate })]),
    ...(c.no_window > 0 ? [invoiceText(lang, 'onTimeLeftOut', { count: c.no_window })] : []),
  ];
}

/** The PDF of an issued invoice or credit note, in `lang` (the figures are the document's). */
export async function invoicePdf(doc: InvoiceDocument, lang: Lang): Promise<Buffer> {
  const tx = (k: Parameters<typeof invoiceText>[1], p?: Record<string, string | number>) => invoiceText(lang, k, p);
  const eur = (c: number) => euroText(c, lang);
  const credit = doc.kind === 'credit_note';
  const party = (title: string, p: PartyDetails): Content => ({
    stack: [
      { text: title, style: 'th' },
      { text: p.name, bold: true },
      ...(addressLine(p) ? [addressLine(p)] : []),
      ...(p.registrationNumber ? [`${tx('regNo')} ${p.registrationNumber}`] : []),
      ...(p.vatNumber ? [`${tx('vatNo')} ${p.vatNumber}`] : []),
      ...(p.iban ? [`${tx('iban')} ${p.iban}`] : []),
      ...(p.email ? [p.email] : []),
    ],
  });
  const rate = `${ratePercent(doc.vatRateBp)}`;
  const lineRows: TableCell[][] = doc.lines.map((l) => [
    (l.correction
      ? `${l.locationTitle}, ${doc.month}: ${tx('lineCorrection', { reason: l.correction.reason })}`
      : l.share
        ? shareText(l, doc.month, lang)
        : tx('lineSubsidy', { location: l.locationTitle, month: doc.month, count: l.orders })) +
      // The cost centre the line is booked to (decision 075).
      (l.costCentre ? `; ${tx('lineCostCentre', l.costCentre)}` : ''),
    { text: eur(l.net), alignment: 'right' },
    { text: rate, alignment: 'right' },
    { text: eur(l.vat), alignment: 'right' },
    { text: eur(l.gross), alignment: 'right' },
  ]);
  const sums = statementRows(doc.statement, lang);
  const content: Content[] = [
    { text: tx(credit ? 'creditNoteNo' : 'invoiceNo', { code: doc.code }), style: 'title' },
    {
      text: [
        `${tx('issueDate')}: ${day(doc.issueDate)}`,
        // No due date when nothing is due (a negative invoice: the seller owes the buyer).
        credit || doc.gross <= 0 ? '' : `   ${tx('dueDate')}: ${day(doc.dueDate)}`,
        `   ${tx('period')}: ${doc.month}`,
      ].join(''),
      style: 'subtitle',
    },
    ...(doc.credits
      ? [{ text: tx('creditsInvoice', { code: doc.credits.code }), margin: [0, 0, 0, 8] as [number, number, number, number] }]
      : []),
    { columns: [party(tx('seller'), doc.seller), party(tx('buyer'), doc.buyer)], columnGap: 24, margin: [0, 0, 0, 12] },
    table([tx('description'), tx('net'), tx('vatRate'), tx('vat'), tx('total')], lineRows, ['*', 60, 40, 55, 60]),
    {
      margin: [0, 8, 0, 16],
      table: {
        widths: ['*', 90],
        body: [
          [tx('totalNet'), { text: eur(doc.net), alignment: 'right' }],
          [tx('totalVat', { rate }), { text: eur(doc.vat), alignment: 'right' }],
          [
            { text: tx('payable'), style: 'total' },
            { text: eur(doc.gross), alignment: 'right', style: 'total' },
          ],
        ],
      },
      layout: 'noBorders',
    },
    { text: tx('statement'), bold: true, margin: [0, 0, 0, 4] },
    { text: tx('statementNote'), style: 'small', margin: [0, 0, 0, 4] },
    // Label | amount, one row per figure: readable at any number of locations.
    table(
      [tx('period'), doc.month],
      sums.header.slice(1).map((label, i) => [label, { text: sums.rows.at(-1)![i + 1]!, alignment: 'right' as const }]),
      ['*', 90],
    ),
    ...onTimeLines(doc.statement.onTime, lang).map((text) => ({ text, margin: [0, 4, 0, 0] as [number, number, number, number] })),
  ];
  return renderPdf({
    info: { title: tx(credit ? 'creditNoteNo' : 'invoiceNo', { code: doc.code }) },
    content,
  });
}
