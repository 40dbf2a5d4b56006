import type { Lang } from '../../../shared/i18n.js';
import { euroText, toCents } from '../../../shared/money.js';
import type { SpendAnswer } from '../../../shared/schemas/spend.js';
import { csvCell, csvDocument, csvMoney, xlsxEuros, xlsxSheets, type XlsxColumn, type XlsxValue } from '../../lib/spreadsheet.js';
import { budgetsAdminText } from './budgets-admin.messages.js';

type Key = Parameters<typeof budgetsAdminText>[1];

/** A section of the spend export: its title, columns and rows (cents for money). */
interface Section {
  title: string;
  columns: XlsxColumn[];
  rows: (string | number)[][];
}

/**
 * The spend page as sections (totals, cost centres, people, meetings and guests), in the
 * language's texts; money in cents. People only when the answer has them (names visible).
 */
function sections(s: SpendAnswer, lang: Lang): Section[] {
  const tx = (k: Key) => budgetsAdminText(lang, k);
  const c = (euros: number) => toCents(euros);
  const out: Section[] = [
    {
      // One row: the month's totals side by side.
      title: tx('csv.totals'),
      columns: [
        { header: tx('csv.orders'), kind: 'integer' },
        { header: tx('csv.foodValue'), kind: 'euros' },
        { header: tx('csv.subsidy'), kind: 'euros' },
        { header: tx('csv.budgetUsed'), kind: 'euros' },
        { header: tx('csv.bonus'), kind: 'euros' },
        { header: tx('csv.paidByEaters'), kind: 'euros' },
        { header: tx('csv.companyOrders'), kind: 'integer' },
        { header: tx('csv.companyAmount'), kind: 'euros' },
      ],
      rows: [
        [
          s.totals.orders,
          c(s.totals.food_value),
          c(s.totals.subsidy),
          c(s.totals.budget_used),
          c(s.totals.bonus),
          c(s.totals.paid_by_eaters),
          s.totals.company_orders,
          c(s.totals.company_amount),
        ],
      ],
    },
    {
      title: tx('csv.costCentres'),
      columns: [
        { header: tx('csv.code'), kind: 'text' },
        { header: tx('csv.title'), kind: 'text' },
        { header: tx('csv.orders'), kind: 'integer' },
        { header: tx('csv.amount'), kind: 'euros' },
        { header: tx('csv.budgetUsed'), kind: 'euros' },
        { header: tx('csv.companyAmount'), kind: 'euros' },
      ],
      rows: s.cost_centres.map((r) => [
        r.id === null ? '' : r.code,
        r.id === null ? tx('csv.noCostCentre') : r.title,
        r.orders,
        c(r.amount),
        c(r.budget_used),
        c(r.company_amount),
      ]),
    },
  ];
  if (s.names_visible)
    out.push({
      title: tx('csv.people'),
      columns: [
        { header: tx('csv.name'), kind: 'text' },
        { header: tx('csv.email'), kind: 'text' },
        { header: tx('csv.orders'), kind: 'integer' },
        { header: tx('csv.amount'), kind: 'euros' },
        { header: tx('csv.budgetUsed'), kind: 'euros' },
        // "€80.00 / month": text, as a person may have no rule.
        { header: tx('csv.budget'), kind: 'text' },
      ],
      rows: s.people.map((p) => [
        p.name,
        p.email,
        p.orders,
        c(p.amount),
        c(p.budget_used),
        p.budget === null ? '' : `${euroText(c(p.budget.amount), lang)} / ${tx(`period.${p.budget.period}`)}`,
      ]),
    });
  out.push({
    title: tx('csv.meetings'),
    columns: [
      { header: tx('csv.figure'), kind: 'text' },
      { header: tx('csv.count'), kind: 'integer' },
      { header: tx('csv.amount'), kind: 'euros' },
    ],
    rows: [
      [tx('csv.meeting'), s.meetings.meeting.count, c(s.meetings.meeting.amount)],
      [tx('csv.guest'), s.meetings.guest.count, c(s.meetings.guest.amount)],
    ],
  });
  return out;
}

/** The spend as one CSV (lib/spreadsheet.ts conventions): each section a title row, its header, its rows, a blank row. */
export function spendCsv(s: SpendAnswer, lang: Lang): string {
  const rows: string[][] = [];
  for (const sec of sections(s, lang)) {
    rows.push(
      [csvCell(sec.title)],
      sec.columns.map((col) => csvCell(col.header)),
    );
    for (const r of sec.rows)
      rows.push(
        r.map((v, i) => {
          if (typeof v === 'string') return csvCell(v);
          return sec.columns[i]!.kind === 'euros' ? csvMoney(v) : String(v);
        }),
      );
    rows.push([]);
  }
  return csvDocument(rows);
}

/** The spend as an XLSX workbook: one sheet per section, counts as numbers, money as euros. */
export async function spendXlsx(s: SpendAnswer, lang: Lang): Promise<Buffer> {
  return xlsxSheets(
    sections(s, lang).map((sec) => ({
      name: sec.title,
      columns: sec.columns,
      rows: sec.rows.map((r) => r.map((v, i): XlsxValue => (sec.columns[i]!.kind === 'euros' && typeof v === 'number' ? xlsxEuros(v) : v))),
    })),
  );
}
