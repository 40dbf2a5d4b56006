import type { Content, TableCell } from 'pdfmake/interfaces';
import type { RequestContext } from '../../lib/context.js';
import { renderPdf, table } from '../../lib/pdf/pdf.js';
import { allergenListText, dishAllergenTexts } from '../orders/allergens.read.js';
import { countDishes } from './kitchen.counts.js';
import { kitchenText } from './kitchen.messages.js';
import { formatDay, formatDayTime } from '../../lib/dates.js';
import { loadPacking, type PackLine, type PrintScope } from './kitchen.packing.js';

const ALERT = '#b42318';
const dayOf = formatDay;
const stamp = formatDayTime;
const lineText = (l: PackLine) =>
  `${l.qty} × ${l.title}${l.options.length ? ` (${l.options.join(', ')})` : ''}${l.guestName ? ` · ${l.guestName}` : ''}`;

/**
 * GET /app/kitchen/{menuId}/production-sheet: A4. First what to prepare per category (dishes and
 * the options chosen in set meals, counted as their dishes, with totals; the set meals themselves
 * listed after), then per lap and stop what to pack for each person, with allergen flags.
 */
export async function productionSheetPdf(
  ctx: Pick<RequestContext, 'db' | 'now' | 'lang' | 'provider'>,
  { menuId, scope }: { menuId: number; scope: PrintScope },
) {
  // Written in the language of the request that prints it.
  const { db, now, lang } = ctx;
  const providerId = await ctx.provider();
  const { menu, laps: packing } = await loadPacking(db, providerId, menuId, scope, lang);
  const tx = (k: Parameters<typeof kitchenText>[1], p?: Record<string, string | number>) => kitchenText(lang, k, p);
  const zone = menu.timezone;
  const locationIds = [...new Set(packing.flatMap((l) => l.stops.map((s) => s.locationId)).filter((id): id is number => id !== null))];
  const scoped = scope.lapId !== undefined || scope.locationId !== undefined;
  const counts =
    scoped && locationIds.length === 0
      ? { dishes: [], initials: [] }
      : await countDishes(db, menuId, lang, scoped ? locationIds : undefined);
  const right = (v: string | number, bold = false): TableCell => ({ text: String(v), alignment: 'right', bold });
  const allergensOf = await dishAllergenTexts(
    db,
    counts.dishes.flatMap((g) => g.data.map((d) => d.id)),
    lang,
  );

  const prepare: Content[] = [];
  let portions = 0;
  for (const g of counts.dishes) {
    const total = g.data.reduce((s, d) => s + d.qty, 0);
    portions += total;
    prepare.push({ text: g.title, bold: true, fontSize: 11, margin: [0, 6, 0, 2] });
    prepare.push(
      table(
        [tx('dish'), tx('allergens'), tx('qty')],
        g.data.map((d) => [{ text: d.title }, { text: allergensOf.get(d.id) ?? '', style: 'small' }, right(d.qty, true)]),
        ['*', 170, 50],
        [{ text: tx('categoryTotal'), style: 'total' }, { text: '' }, right(total, true)],
      ),
    );
  }
  if (counts.initials.length) {
    prepare.push({ text: `${tx('setMeals')}: ${counts.initials.map((s) => `${s.title} × ${s.qty}`).join(', ')}`, margin: [0, 6, 0, 0] });
  }
  prepare.push(
    counts.dishes.length
      ? { text: `${tx('portionsTotal')}: ${portions}`, bold: true, fontSize: 11, margin: [0, 8, 0, 0] }
      : { text: tx('nothing') },
  );

  const pack: Content[] = [];
  for (const lap of packing) {
    pack.push({ text: lap.id === null ? lap.title : `${tx('lap')}: ${lap.title}`, style: 'title', fontSize: 13, margin: [0, 10, 0, 4] });
    for (const stop of lap.stops) {
      const heading = stop.stop !== null ? `${stop.stop}. ${stop.title}` : stop.title;
      pack.push({ text: heading, bold: true, fontSize: 11, margin: [0, 6, 0, 2] });
      // One row per line, its allergens beside it (those its eater avoids first, in words).
      const rows: TableCell[][] = stop.orders.flatMap((o) => {
        const span = Math.max(1, o.lines.length);
        const person: TableCell = {
          rowSpan: span,
          stack: [
            { text: o.name, bold: true },
            ...(o.meeting ? [{ text: tx('meetingMark'), bold: true }] : []),
            ...(o.deliveryNote ? [{ text: `${tx('deliverTo')}: ${o.deliveryNote}`, bold: true }] : []),
            ...(o.shift ? [{ text: `${tx('shift')}: ${o.shift}`, style: 'small' }] : []),
            ...(o.warnings.length ? [{ text: tx('warned', { list: o.warnings.join(', ') }), bold: true, color: ALERT }] : []),
          ],
        };
        const comment = o.comment ? [{ text: `${tx('comment')}: ${o.comment}`, italics: true }] : [];
        if (o.lines.length === 0)
          return [[person, { text: String(o.id), alignment: 'right', rowSpan: span }, { stack: comment }, { text: '' }]];
        return o.lines.map((l, i): TableCell[] => [
          i === 0 ? person : {},
          i === 0 ? { text: String(o.id), alignment: 'right', rowSpan: span } : {},
          { stack: [{ text: lineText(l), bold: l.flagged }, ...(i === o.lines.length - 1 ? comment : [])] },
          {
            stack: [
              ...(l.avoided.length ? [{ text: tx('warned', { list: l.avoided.join(', ') }), bold: true, color: ALERT }] : []),
              { text: allergenListText(l.allergens, l.unknown, lang), bold: l.unknown },
            ],
          },
        ]);
      });
      // The order column as wide as its header word ("Pasūtījums"), never breaking it.
      pack.push(table([tx('person'), tx('order'), tx('lines'), tx('allergens')], rows, [100, 'auto', '*', 140]));
    }
  }

  return renderPdf({
    info: { title: `${tx('sheetTitle')} — ${menu.title}` },
    content: [
      { text: `${tx('sheetTitle')}: ${menu.title}`, style: 'title' },
      { text: `${tx('menu')}: ${dayOf(menu.from, zone)} · ${tx('generated', { date: stamp(now, zone) })}`, style: 'subtitle' },
      { text: tx('toPrepare'), bold: true, fontSize: 13 },
      ...prepare,
      ...(pack.length ? [{ text: tx('toPack'), bold: true, fontSize: 13, pageBreak: 'before' } as Content, ...pack] : []),
    ],
  });
}
