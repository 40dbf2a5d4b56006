import ExcelJS from 'exceljs';

/*
 * Every CSV and XLSX the product hands out (team report, statements, payroll; decisions 036, 044).
 * CSV is written for Latvian spreadsheets in every language: UTF-8 with a byte-order mark, `;`
 * between cells, decimal commas, CRLF lines; a cell a spreadsheet would run as a formula is
 * defused. XLSX through exceljs, amounts as numbers in a euro format.
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

/** One sheet: a bold header row, then the rows; columns from `moneyFrom` on are euros. */
export async function xlsxWorkbook(sheet: string, header: string[], rows: (string | number)[][], moneyFrom: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  // Fixed dates: the same figures give the same file.
  wb.created = new Date(0);
  wb.modified = new Date(0);
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  const ws = wb.addWorksheet(sheet.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31));
  ws.addRow(header).font = { bold: true };
  for (const r of rows) ws.addRow(r);
  ws.columns.forEach((c, i) => {
    c.width = i < moneyFrom ? 24 : 14;
    if (i >= moneyFrom) c.numFmt = EURO_FORMAT;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
