import type { Content, TableCell } from 'pdfmake/interfaces';
import type { RequestContext } from '../../lib/context.js';
import { formatDayTime } from '../../lib/dates.js';
import { euroText, renderPdf, table } from '../../lib/pdf/pdf.js';
import { dishAllergenTexts } from '../orders/allergens.read.js';
import { allergensHeading } from '../kitchen/kitchen.read.js';
import { lapText } from './laps.messages.js';
import { onTimeBlock } from './laps.ontime.pdf.js';
import { handOverAllergens, loadReport, totalsOf } from './laps.report.js';

/** GET /app/laps/print-report/{lapId}/{menuId}: the report as a PDF (A4). */
export async function lapReportPdf(ctx: RequestContext, { lapId, menuId }: { lapId: number; menuId: number }): Promise<Buffer> {
  // Written in the language of the request that prints it.
  const { db, now, lang } = ctx;
  const providerId = await ctx.provider();
  const r = await loadReport(db, providerId, lapId, menuId, lang);
  // Allergens in words: of each dish to load (as the catalogue has them), of what each stop gets (as ordered).
  const [dishAllergens, stopAllergens, onTime] = await Promise.all([
    dishAllergenTexts(
      db,
      r.dishes.flatMap((g) => g.data.map((d) => d.id)),
      lang,
    ),
    handOverAllergens(
      db,
      menuId,
      r.locations.map((l) => l.id),
      lang,
    ),
    onTimeBlock(db, menuId, r.locations, r.dishlist.timezone, lang),
  ]);
  const total = totalsOf(r.locations);
  const tx = (k: Parameters<typeof lapText>[1], p?: Record<string, string>) => lapText(lang, k, p);
  const zone = r.dishlist.timezone;
  const when = (d: string | Date) => formatDayTime(typeof d === 'string' ? new Date(d) : d, zone);
  const money = (cents: number, bold = false): TableCell => ({ text: euroText(cents, lang), alignment: 'right', bold });
  const right = (text: string | number, bold = false): TableCell => ({ text: String(text), alignment: 'right', bold });

  const loadRows: TableCell[][] = r.dishes.flatMap((g) =>
    g.data.map((d, i) => [
      { text: i === 0 ? g.title : '' },
      { text: d.title },
      { text: dishAllergens.get(d.id) ?? '', style: 'small' },
      right(d.qty, true),
    ]),
  );
  const dishesBlock: Content[] =
    loadRows.length === 0 && r.initials.length === 0
      ? [{ text: tx('none') }]
      : [
          table([tx('category'), tx('dish'), allergensHeading(lang), tx('qty')], loadRows, ['auto', '*', 200, 'auto']),
          ...(r.initials.length
            ? [{ text: `${tx('setMeals')}: ${r.initials.map((s) => `${s.title} × ${s.qty}`).join(', ')}`, margin: [0, 6, 0, 0] } as Content]
            : []),
        ];

  const stopRows: TableCell[][] = r.locations.map((l, i) => [
    right(i + 1),
    { stack: [{ text: l.title, bold: true }, ...(l.address ? [{ text: l.address, style: 'small' }] : [])] },
    right(l.sums.count),
    money(l.sums.total),
    money(l.sums.card),
    money(l.sums.subsidy + l.sums.bonus),
    money(l.sums.cash, true),
    l.balance === null ? right(tx('notRecorded')) : money(l.balance),
    money(l.sums.cash - (l.balance ?? 0)),
  ]);
  const footer: TableCell[] = [
    { text: tx('total'), style: 'total', colSpan: 2 },
    {},
    right(total.sums.count, true),
    money(total.sums.total, true),
    money(total.sums.card, true),
    money(total.sums.subsidy + total.sums.bonus, true),
    money(total.sums.cash, true),
    money(total.balance, true),
    money(total.outstanding, true),
  ];
  const stopsBlock: Content =
    stopRows.length === 0
      ? { text: tx('noLocations') }
      : table(
          [
            '#',
            tx('location'),
            tx('orders'),
            tx('total'),
            tx('card'),
            tx('subsidyBonus'),
            tx('cashToCollect'),
            tx('cashBalance'),
            tx('currentPayment'),
          ],
          stopRows,
          ['auto', '*', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto'],
          footer,
        );

  // The lap sheet (issue 13): per stop who receives, how many bags, what to hand over, its status.
  const sheetRows: TableCell[][] = r.locations.map((l, i) => [
    right(i + 1),
    { stack: [{ text: l.title, bold: true }, ...(l.address ? [{ text: l.address, style: 'small' }] : [])] },
    { stack: [{ text: l.contactName || '—' }, ...(l.contactPhone ? [{ text: l.contactPhone, bold: true }] : [])] },
    right(l.sums.count, true),
    l.handOver.length
      ? {
          stack: l.handOver.flatMap((h) => [
            { text: `${h.title} × ${h.qty}` },
            { text: stopAllergens.get(`${l.id}:${h.id}`) ?? '', style: 'small', margin: [0, 0, 0, 2] } as Content,
          ]),
        }
      : { text: '—' },
    {
      text: l.status
        ? `${tx(l.status.status)}${l.status.status === 'delivered' && l.status.delivered_at ? ` ${when(l.status.delivered_at)}` : ''}${l.status.note ? `: ${l.status.note}` : ''}`
        : '',
    },
  ]);
  const sheetBlock: Content[] =
    sheetRows.length === 0
      ? []
      : [
          { text: tx('sheet'), bold: true, fontSize: 11, margin: [0, 12, 0, 4], pageBreak: 'before' },
          table(['#', tx('location'), tx('contact'), tx('bags'), tx('handOver'), tx('status')], sheetRows, [
            'auto',
            '*',
            'auto',
            'auto',
            '*',
            'auto',
          ]),
        ];

  const d = r.dishlist;
  return renderPdf({
    info: { title: `${tx('reportTitle')} — ${r.lap.title} — ${d.title}` },
    pageOrientation: 'landscape',
    content: [
      { text: `${tx('reportTitle')}: ${r.lap.title}`, style: 'title' },
      { text: `${tx('menu')}: ${d.title} (${when(d.from)} – ${when(d.to)})`, style: 'subtitle' },
      { text: tx('toLoad'), bold: true, fontSize: 11, margin: [0, 0, 0, 4] },
      ...dishesBlock,
      { text: tx('stops'), bold: true, fontSize: 11, margin: [0, 12, 0, 4] },
      stopsBlock,
      ...onTime,
      ...sheetBlock,
      { text: tx('generated', { date: when(now) }), style: 'small', margin: [0, 8, 0, 0] },
    ],
  });
}
