import type { Lang } from '../../../shared/i18n.js';
import { euroText } from '../../lib/pdf/pdf.js';
import { csvCell, csvDocument, csvMoney, xlsxEuros as euros, xlsxMonth, xlsxWorkbook as workbook } from '../../lib/spreadsheet.js';
import { invoiceText } from './invoices.messages.js';
import type { PayrollRow } from './payroll.js';
import type { MonthStatement, Sums } from './statement.js';

/*
 * Statement and payroll-deduction exports for accounting (decision 036), written through the
 * shared spreadsheet helpers (lib/spreadsheet.ts: CSV for Latvian spreadsheets, XLSX).
 */

type Tx = Parameters<typeof invoiceText>[1];
const SUM_KEYS = [
  'orders',
  'gross',
  'subsidy',
  'bonus',
  'cash',
  'card',
  'bank',
  'refunds',
  'corrections',
] as const satisfies readonly (keyof Sums)[];

/**
 * The exports' money columns: the printed statement's, with what else the employer pays (issue 29,
 * decision 073) beside the subsidy: the budget part and the meeting and guest orders' amount.
 */
const EXPORT_KEYS = [...SUM_KEYS.slice(0, 3), 'budget', 'company', ...SUM_KEYS.slice(3)] as const;
type ExportKey = (typeof EXPORT_KEYS)[number];
const exportHeader = (k: ExportKey): Tx => (k === 'budget' ? 'budgetPart' : k === 'company' ? 'companyOrders' : k);

const csv = csvDocument;

/** The statement as printed rows (PDF): location, then the sums in euros. */
export function statementRows(s: MonthStatement, lang: Lang): { header: string[]; rows: string[][] } {
  const tx = (k: Tx) => invoiceText(lang, k);
  const header = [tx('location'), ...SUM_KEYS.map((k) => tx(k))];
  const row = (title: string, v: Sums) => [title, ...SUM_KEYS.map((k) => (k === 'orders' ? String(v.orders) : euroText(v[k], lang)))];
  return { header, rows: [...s.locations.map((l) => row(l.title, l)), row(tx('totals'), s.totals)] };
}

/**
 * The statement's export rows: a location's, or one per cost centre of it where its orders have
 * them (decision 075; the orders without one on a row with an empty cost centre), then the totals.
 */
function exportRows(s: MonthStatement, totals: string): { title: string; centre: string; sums: Sums }[] {
  return [
    ...s.locations.flatMap((l) =>
      l.costCentres
        ? l.costCentres.map((c) => ({ title: l.title, centre: c.id === null ? '' : `${c.code} ${c.title}`, sums: c as Sums }))
        : [{ title: l.title, centre: '', sums: l as Sums }],
    ),
    { title: totals, centre: '', sums: s.totals },
  ];
}

export function statementCsv(s: MonthStatement, lang: Lang): string {
  const tx = (k: Tx) => invoiceText(lang, k);
  const header = [tx('month'), tx('location'), tx('costCentre'), ...EXPORT_KEYS.map((k) => tx(exportHeader(k)))].map(csvCell);
  const row = (title: string, centre: string, v: Sums) => [
    s.month,
    csvCell(title),
    csvCell(centre),
    ...EXPORT_KEYS.map((k) => (k === 'orders' ? String(v.orders) : csvMoney(v[k] ?? 0))),
  ];
  return csv([header, ...exportRows(s, tx('totals')).map((r) => row(r.title, r.centre, r.sums))]);
}

export function payrollCsv(rows: PayrollRow[], month: string, lang: Lang): string {
  const tx = (k: Tx) => invoiceText(lang, k);
  const header = [tx('month'), tx('employee'), tx('email'), tx('orders'), tx('gross'), tx('subsidy'), tx('employeeShare')].map(csvCell);
  return csv([
    header,
    ...rows.map((r) => [
      month,
      csvCell(r.name),
      csvCell(r.email),
      String(r.orders),
      csvMoney(r.gross),
      csvMoney(r.subsidy),
      csvMoney(r.share),
    ]),
  ]);
}

export async function statementXlsx(s: MonthStatement, lang: Lang): Promise<Buffer> {
  const tx = (k: Tx) => invoiceText(lang, k);
  const row = (title: string, centre: string, v: Sums) => [
    xlsxMonth(s.month),
    title,
    centre,
    v.orders,
    ...EXPORT_KEYS.slice(1).map((k) => euros(v[k] ?? 0)),
  ];
  return workbook(
    tx('sheetStatement'),
    [
      { header: tx('month'), kind: 'month' },
      { header: tx('location'), kind: 'text' },
      { header: tx('costCentre'), kind: 'text' },
      ...EXPORT_KEYS.map((k) => ({ header: tx(exportHeader(k)), kind: k === 'orders' ? ('integer' as const) : ('euros' as const) })),
    ],
    exportRows(s, tx('totals')).map((r) => row(r.title, r.centre, r.sums)),
  );
}

export async function payrollXlsx(rows: PayrollRow[], month: string, lang: Lang): Promise<Buffer> {
  const tx = (k: Tx) => invoiceText(lang, k);
  return workbook(
    tx('sheetPayroll'),
    [
      { header: tx('month'), kind: 'month' },
      { header: tx('employee'), kind: 'text' },
      { header: tx('email'), kind: 'text' },
      { header: tx('orders'), kind: 'integer' },
      { header: tx('gross'), kind: 'euros' },
      { header: tx('subsidy'), kind: 'euros' },
      { header: tx('employeeShare'), kind: 'euros' },
    ],
    rows.map((r) => [xlsxMonth(month), r.name, r.email, r.orders, euros(r.gross), euros(r.subsidy), euros(r.share)]),
  );
}
