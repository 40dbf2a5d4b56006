import type { Content, TableCell } from 'pdfmake/interfaces';
import type { Lang } from '../../../shared/i18n.js';
import type { WasteSummary } from '../../../shared/schemas/waste.js';
import { formatDayTime } from '../../lib/dates.js';
import { renderPdf, table } from '../../lib/pdf/pdf.js';
import { csvCell, csvDocument } from '../../lib/spreadsheet.js';
import { wasteText } from './waste.messages.js';

const LOCALES = { lv: 'lv-LV', en: 'en-IE', ru: 'ru-RU' } as const;

/** A number in the language's format with up to `places` decimals (at least `min`). */
const num = (lang: Lang, value: number, places = 2, min = 0) =>
  new Intl.NumberFormat(LOCALES[lang], { minimumFractionDigits: min, maximumFractionDigits: places }).format(value);

/** A number for the CSV: decimal comma, no grouping (as every CSV of the product, lib/spreadsheet.ts). */
const csvNumber = (value: number) => String(value).replace('.', ',');

/** The heading lines: month, provider, location (or all locations). */
function heading(s: WasteSummary, lang: Lang): [string, string][] {
  const tx = (k: Parameters<typeof wasteText>[1]) => wasteText(lang, k);
  return [
    [tx('month'), s.month],
    [tx('provider'), s.provider.title],
    [tx('location'), s.location?.title ?? tx('allLocations')],
    [tx('menus'), String(s.menus)],
  ];
}

/** GET /app/waste/summary/pdf: A4, one row per dish, the total, the CO₂e estimate with its factor and source. */
export async function wasteSummaryPdf(s: WasteSummary & { timezone: string }, lang: Lang, now: Date): Promise<Buffer> {
  const tx = (k: Parameters<typeof wasteText>[1], p?: Record<string, string | number>) => wasteText(lang, k, p);
  const right = (v: string, bold = false): TableCell => ({ text: v, alignment: 'right', bold });
  const rows: TableCell[][] = s.dishes.map((d) => [
    { text: d.title },
    right(num(lang, d.portions)),
    right(d.portion_grams === null ? '' : String(d.portion_grams)),
    d.kg === null ? { text: tx('weightNotSet'), italics: true, alignment: 'right' } : right(num(lang, d.kg, 2, 2)),
  ]);
  const body: Content[] = s.dishes.length
    ? [
        table(
          [tx('dish'), tx('portions'), tx('portionGrams'), tx('kg')],
          rows,
          ['*', 90, 70, 80],
          [
            { text: tx('total'), style: 'total' },
            right(num(lang, roundSum(s.dishes.map((d) => d.portions))), true),
            { text: '' },
            right(num(lang, s.total_kg, 2, 2), true),
          ],
        ),
      ]
    : [{ text: tx('nothing'), margin: [0, 6, 0, 6] }];
  return renderPdf({
    info: { title: `${tx('title')} — ${s.month}` },
    content: [
      { text: `${tx('title')}: ${s.month}`, style: 'title' },
      {
        text: `${heading(s, lang)
          .slice(1)
          .map(([k, v]) => `${k}: ${v}`)
          .join(' · ')} · ${tx('generated', { date: formatDayTime(now, s.timezone) })}`,
        style: 'subtitle',
      },
      ...body,
      ...(s.unweighed_portions > 0
        ? [{ text: tx('unweighed', { n: num(lang, s.unweighed_portions) }), margin: [0, 6, 0, 0] } as Content]
        : []),
      { text: tx('co2e', { kg: num(lang, s.co2e_kg, 1, 1) }), bold: true, fontSize: 12, margin: [0, 10, 0, 2] },
      { text: tx('factor', { grams: num(lang, s.co2e_grams_per_kg, 0), source: s.co2e_source }) },
      { text: tx('method'), style: 'small', margin: [0, 8, 0, 0] },
      ...(s.location ? [{ text: tx('locationShare'), style: 'small' } as Content] : []),
    ],
  });
}

/** GET /app/waste/summary/csv: the heading lines, one row per dish, the total and the factor. */
export function wasteSummaryCsv(s: WasteSummary, lang: Lang): string {
  const tx = (k: Parameters<typeof wasteText>[1], p?: Record<string, string | number>) => wasteText(lang, k, p);
  const rows: string[][] = heading(s, lang).map(([k, v]) => [csvCell(k), csvCell(v)]);
  rows.push([]);
  rows.push([tx('dish'), tx('portions'), tx('portionGrams'), tx('kg')].map(csvCell));
  for (const d of s.dishes)
    rows.push([
      csvCell(d.title),
      csvNumber(d.portions),
      d.portion_grams === null ? '' : String(d.portion_grams),
      d.kg === null ? csvCell(tx('weightNotSet')) : csvNumber(d.kg),
    ]);
  rows.push([csvCell(tx('total')), csvNumber(roundSum(s.dishes.map((d) => d.portions))), '', csvNumber(s.total_kg)]);
  rows.push([]);
  rows.push([csvCell('CO₂e, kg'), csvNumber(s.co2e_kg)]);
  rows.push([csvCell(tx('factor', { grams: s.co2e_grams_per_kg, source: s.co2e_source }))]);
  if (s.unweighed_portions > 0) rows.push([csvCell(tx('unweighed', { n: csvNumber(s.unweighed_portions) }))]);
  return csvDocument(rows);
}

const roundSum = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) * 100) / 100;
