import ExcelJS from 'exceljs';

/*
 * Every CSV and XLSX the product hands out (team report, statements, payroll; decisions 036, 044).
 * CSV is written for Latvian spreadsheets in every language: UTF-8 with a byte-order mark, `;`
 * between cells, decimal commas, CRLF lines; a cell a spreadsheet would run as a formula is
 * defused. XLSX through exceljs, every cell of its real type: dates as dates, amounts as numbers
 * in a euro format.
 */

/** Cents as "12,34". */
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

/** Rows of cells already written with csvCell/csvMoney, as one CSV document. */
export function csvDocument(rows: string[][]): string {
  return `\uFEFF${rows.map((r) => r.join(';')).join('\r\n')}\r\n`;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EURO_FORMAT = '#,##0.00 "€"';

/** Amounts in XLSX are euros as numbers (cents / 100, exact to two decimals). */
export const xlsxEuros = (cents: number) => Math.round(cents) / 100;

/**
 * What a column holds, so every cell is written with its real type (issue 24): text; a whole
 * number; euros (number, euro format); a day, a day and time, or a month (date cells in the
 * spec's formats dd.mm.yyyy / dd.mm.yyyy hh:mm, and mm.yyyy), never text that merely looks like one.
 */
export type XlsxKind = 'text' | 'integer' | 'euros' | 'date' | 'datetime' | 'month';
export interface XlsxColumn {
  header: string;
  kind: XlsxKind;
}
export type XlsxValue = string | number | Date;

const FORMATS: Record<XlsxKind, string | undefined> = {
  text: undefined,
  integer: '0',
  euros: EURO_FORMAT,
  date: 'dd.mm.yyyy',
  datetime: 'dd.mm.yyyy hh:mm',
  month: 'mm.yyyy',
};
const WIDTHS: Record<XlsxKind, number> = { text: 24, integer: 10, euros: 14, date: 12, datetime: 17, month: 10 };

/**
 * A wall-clock time (e.g. a menu's day in its provider's zone) as an XLSX date: spreadsheets have
 * no time zones, so the cell must show the local day and time the report speaks of.
 */
export function xlsxWallTime(t: { year: number; month: number; day: number; hour?: number; minute?: number }): Date {
  return new Date(Date.UTC(t.year, t.month - 1, t.day, t.hour ?? 0, t.minute ?? 0));
}

/** A "yyyy-mm" month as the date cell of its first day. */
export function xlsxMonth(month: string): Date {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return xlsxWallTime({ year: y, month: m, day: 1 });
}

/** One sheet: a bold header row, then the rows, each cell of its column's kind. */
export async function xlsxWorkbook(sheet: string, columns: XlsxColumn[], rows: XlsxValue[][]): Promise<Buffer> {
  return xlsxSheets([{ name: sheet, columns, rows }]);
}

/** Several sheets in one workbook, each written as xlsxWorkbook writes its one. */
export async function xlsxSheets(sheets: { name: string; columns: XlsxColumn[]; rows: XlsxValue[][] }[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  // Fixed dates: the same figures give the same file.
  wb.created = new Date(0);
  wb.modified = new Date(0);
  for (const { name, columns, rows } of sheets) {
    // Sheet names: at most 31 characters, none of : \ / ? * [ ].
    const ws = wb.addWorksheet(name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31));
    ws.addRow(columns.map((c) => c.header)).font = { bold: true };
    for (const r of rows) {
      ws.addRow(
        r.map((v, i) => {
          const kind = columns[i]?.kind ?? 'text';
          if (kind === 'text') return typeof v === 'string' ? v : String(v);
          if (typeof v === 'string') throw new TypeError(`XLSX column ${i} (${kind}) got text: ${v}`);
          return v;
        }),
      );
    }
    ws.columns.forEach((c, i) => {
      const kind = columns[i]?.kind ?? 'text';
      c.width = WIDTHS[kind];
      const numFmt = FORMATS[kind];
      if (numFmt) c.numFmt = numFmt;
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
