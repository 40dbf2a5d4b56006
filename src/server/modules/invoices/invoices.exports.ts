import ExcelJS from 'exceljs';
import type { Lang } from '../../../shared/i18n.js';
import { euroText } from '../../lib/pdf/pdf.js';
import { invoiceText } from './invoices.messages.js';
import type { MonthStatement, PayrollRow, Sums } from './statement.js';

/*
 * Statement and payroll-deduction exports for accounting (decision 036). CSV for Latvian
 * spreadsheets in every language: UTF-8 with a byte-order mark, `;` between cells, decimal
 * commas, CRLF lines. XLSX through exceljs with amounts as numbers in a euro format.
 */

type Tx = Parameters<typeof invoiceText>[1];
const SUM_KEYS = ['orders', 'gross', 'subsidy', 'bonus', 'cash', 'card', 'bank', 'refunds'] as const satisfies readonly (keyof Sums)[];

/** Cents as "12,34" (CSV). */
export function csvMoney(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** A CSV cell: quoted when needed; text a spreadsheet would run as a formula is defused. */
export function csvCell(value: string): string {
  let v = value;
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[";\n\r]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}

const csv = (rows: string[][]) => `\uFEFF${rows.map((r) => r.join(';')).join('\r\n')}\r\n`;

/** The statement as printed rows (PDF): location, then the sums in euros. */
export function statementRows(s: MonthStatement, lang: Lang): { header: string[]; rows: string[][] } {
  const tx = (k: Tx) => invoiceText(lang, k);
  const header = [tx('location'), ...SUM_KEYS.map((k) => tx(k))];
  const row = (title: string, v: Sums) => [title, ...SUM_KEYS.map((k) => (k === 'orders' ? String(v.orders) : euroText(v[k], lang)))];
  return { header, rows: [...s.locations.map((l) => row(l.title, l)), row(tx('totals'), s.totals)] };
}

export function statementCsv(s: MonthStatement, lang: Lang): string {
  const tx = (k: Tx) => invoiceText(lang, k);
  const header = [tx('month'), tx('location'), ...SUM_KEYS.map((k) => tx(k))].map(csvCell);
  const row = (title: string, v: Sums) => [
    s.month,
    csvCell(title),
    ...SUM_KEYS.map((k) => (k === 'orders' ? String(v.orders) : csvMoney(v[k]))),
  ];
  return csv([header, ...s.locations.map((l) => row(l.title, l)), row(tx('totals'), s.totals)]);
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

const EURO_FORMAT = '#,##0.00 "€"';

async function workbook(sheet: string, header: string[], rows: (string | number)[][], moneyFrom: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  // Fixed dates: the same figures give the same file.
  wb.created = new Date(0);
  wb.modified = new Date(0);
  const ws = wb.addWorksheet(sheet);
  ws.addRow(header).font = { bold: true };
  for (const r of rows) ws.addRow(r);
  ws.columns.forEach((c, i) => {
    c.width = i < moneyFrom ? 24 : 14;
    if (i >= moneyFrom) c.numFmt = EURO_FORMAT;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Amounts in XLSX are euros as numbers (cents / 100, exact to two decimals). */
const euros = (cents: number) => Math.round(cents) / 100;

export async function statementXlsx(s: MonthStatement, lang: Lang): Promise<Buffer> {
  const tx = (k: Tx) => invoiceText(lang, k);
  const row = (title: string, v: Sums) => [s.month, title, v.orders, ...SUM_KEYS.slice(1).map((k) => euros(v[k]))];
  return workbook(
    tx('sheetStatement'),
    [tx('month'), tx('location'), ...SUM_KEYS.map((k) => tx(k))],
    [...s.locations.map((l) => row(l.title, l)), row(tx('totals'), s.totals)],
    3,
  );
}

export async function payrollXlsx(rows: PayrollRow[], month: string, lang: Lang): Promise<Buffer> {
  const tx = (k: Tx) => invoiceText(lang, k);
  return workbook(
    tx('sheetPayroll'),
    [tx('month'), tx('employee'), tx('email'), tx('orders'), tx('gross'), tx('subsidy'), tx('employeeShare')],
    rows.map((r) => [month, r.name, r.email, r.orders, euros(r.gross), euros(r.subsidy), euros(r.share)]),
    4,
  );
}
