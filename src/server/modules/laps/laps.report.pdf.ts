import type { RequestContext } from '../../lib/context.js';
import { formatClockTime, formatDayTime } from '../../lib/dates.js';
import { cell, GREY, renderFlow, SMALL, type Block, type Cell, type Span, type TextBlock } from '../../lib/pdf/flow.js';
import { euroText } from '../../lib/pdf/pdf.js';
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
  const [dishAllergens, stopAllergens] = await Promise.all([
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
  ]);
  const onTime = onTimeBlock(r.locations, r.dishlist.timezone, lang);
  const total = totalsOf(r.locations);
  const tx = (k: Parameters<typeof lapText>[1], p?: Record<string, string>) => lapText(lang, k, p);
  const zone = r.dishlist.timezone;
  const when = (d: string | Date) => formatDayTime(typeof d === 'string' ? new Date(d) : d, zone);
  const clock = (iso: string) => formatClockTime(new Date(iso), zone);
  /** The stop's promised window (issue 28), e.g. "Expected 11:10–11:25". */
  const windowLine = (w: { from: Date | null; to: Date | null } | null): Span[] =>
    w?.from && w.to
      ? [{ text: `${tx('window')} ${clock(w.from.toISOString())}–${clock(w.to.toISOString())}`, bold: true, noWrap: true }]
      : [];
  const money = (cents: number, bold = false): Cell => cell(euroText(cents, lang), { align: 'right', bold });
  const right = (text: string | number, bold = false): Cell => cell(String(text), { align: 'right', bold });
  const text = (t: string, span: Omit<Span, 'text'> = {}): TextBlock => ({ kind: 'text', span: { text: t, ...span } });
  const heading = (t: string, marginTop = 12): TextBlock => ({
    kind: 'text',
    span: { text: t, bold: true, size: 11 },
    marginTop,
    marginBottom: 4,
  });
  /** A location's name in bold and its address in small grey below. */
  const place = (l: { title: string; address: string | null }): Span[] => [
    { text: l.title, bold: true },
    ...(l.address ? [{ text: l.address, ...SMALL }] : []),
  ];

  const loadRows: Cell[][] = r.dishes.flatMap((g) =>
    g.data.map((d, i) => [cell(i === 0 ? g.title : ''), cell(d.title), cell(dishAllergens.get(d.id) ?? '', SMALL), right(d.qty, true)]),
  );
  const dishesBlock: Block[] =
    loadRows.length === 0 && r.initials.length === 0
      ? [text(tx('none'))]
      : [
          {
            kind: 'table',
            header: [tx('category'), tx('dish'), allergensHeading(lang), tx('qty')],
            rows: loadRows,
            widths: ['auto', '*', 200, 'auto'],
          },
          ...(r.initials.length
            ? [{ ...text(`${tx('setMeals')}: ${r.initials.map((s) => `${s.title} × ${s.qty}`).join(', ')}`), marginTop: 6 } as Block]
            : []),
        ];

  const stopRows: Cell[][] = r.locations.map((l, i) => [
    right(i + 1),
    { parts: place(l) },
    right(l.sums.count),
    money(l.sums.total),
    money(l.sums.card),
    money(l.sums.subsidy + l.sums.bonus),
    money(l.sums.cash, true),
    l.balance === null ? right(tx('notRecorded')) : money(l.balance),
    money(l.sums.cash - (l.balance ?? 0)),
  ]);
  const footer: Cell[] = [
    { parts: [{ text: tx('total'), bold: true }], span: 2 },
    right(total.sums.count, true),
    money(total.sums.total, true),
    money(total.sums.card, true),
    money(total.sums.subsidy + total.sums.bonus, true),
    money(total.sums.cash, true),
    money(total.balance, true),
    money(total.outstanding, true),
  ];
  const stopsBlock: Block =
    stopRows.length === 0
      ? text(tx('noLocations'))
      : {
          kind: 'table',
          header: [
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
          rows: stopRows,
          widths: ['auto', '*', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto'],
          footer,
        };

  // The lap sheet (issue 13): per stop who receives, how many bags, what to hand over, its status.
  const sheetRows: Cell[][] = r.locations.map((l, i) => [
    right(i + 1),
    { parts: [...place(l), ...windowLine(l.delivery)] },
    { parts: [{ text: l.contactName || '—' }, ...(l.contactPhone ? [{ text: l.contactPhone, bold: true }] : [])] },
    right(l.sums.count, true),
    l.handOver.length
      ? {
          parts: l.handOver.flatMap((h): Span[] => [
            { text: `${h.title} × ${h.qty}` },
            { text: stopAllergens.get(`${l.id}:${h.id}`) ?? '', ...SMALL, gapAfter: 2 },
          ]),
        }
      : cell('—'),
    cell(
      l.status
        ? `${tx(l.status.status)}${l.status.status === 'delivered' && l.status.delivered_at ? ` ${when(l.status.delivered_at)}` : ''}${l.status.note ? `: ${l.status.note}` : ''}${l.status.estimate_at ? `. ${tx('estimate', { time: clock(l.status.estimate_at) })}` : ''}`
        : '',
    ),
  ]);
  const sheetBlock: Block[] =
    sheetRows.length === 0
      ? []
      : [
          { ...heading(tx('sheet')), pageBreakBefore: true },
          {
            kind: 'table',
            header: ['#', tx('location'), tx('contact'), tx('bags'), tx('handOver'), tx('status')],
            rows: sheetRows,
            widths: ['auto', '*', 'auto', 'auto', '*', 'auto'],
          },
        ];

  const d = r.dishlist;
  return renderFlow(`${tx('reportTitle')} — ${r.lap.title} — ${d.title}`, [
    { ...text(`${tx('reportTitle')}: ${r.lap.title}`, { bold: true, size: 16 }), marginBottom: 4 },
    {
      ...text(
        `${tx('menu')}: ${d.title} (${when(d.from)} – ${when(d.to)})${r.lap.departs_at ? ` · ${tx('departs', { time: clock(r.lap.departs_at) })}` : ''}`,
        { size: 10, color: GREY },
      ),
      marginBottom: 12,
    },
    heading(tx('toLoad'), 0),
    ...dishesBlock,
    heading(tx('stops')),
    stopsBlock,
    ...onTime,
    ...sheetBlock,
    { ...text(tx('generated', { date: when(now) }), SMALL), marginTop: 8 },
  ]);
}
