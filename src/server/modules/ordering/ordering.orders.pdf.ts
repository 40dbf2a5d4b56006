import { eq } from 'drizzle-orm';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { toCents } from '../../../shared/money.js';
import type { Order, OrdersByMenuResult, OrderTotals } from '../../../shared/schemas/orders.js';
import { locations } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { countedText } from '../../lib/i18n.js';
import { t } from '../../lib/messages.js';
import type { RequestContext } from '../../lib/context.js';
import { euroText, renderPdf, table } from '../../lib/pdf/pdf.js';
import { lineAllergensText, lineUnconfirmed, unconfirmedDishes } from '../orders/allergens.read.js';
import { providerMenu } from '../priced-menu/priced-menu.read.js';
import { ordersByMenu } from './ordering.orders.js';
import { ORDERS_COUNT, printText } from './ordering.messages.js';
import { locationAddressLine } from '../../lib/address-sql.js';
import { formatClockTime, formatDayTime } from '../../lib/dates.js';

export interface PrintOrdersQuery {
  menuId: number;
  /** The orders page's tab: 0 new, 1 accepted, absent all. */
  accepted?: number;
  /** One location; absent: every location with orders. */
  locationId?: number;
}

type Group = OrdersByMenuResult['data'][number];

/**
 * GET /app/dishlists/{id}/print-orders[/{locationId}]: the menu's orders as a PDF (A4), grouped by
 * location, each location on its own page with its totals. "An order" is what /orders/{menuId}
 * lists: placed (status 2), optionally only new or accepted ones. 404 for another provider's or
 * an unknown menu, and for an unknown location.
 */
export async function printOrdersPdf(
  ctx: Pick<RequestContext, 'db' | 'gateway' | 'lang' | 'now' | 'provider'>,
  q: PrintOrdersQuery,
): Promise<Buffer> {
  const { db, lang, now } = ctx;
  const { menuId } = q;
  const menu = await providerMenu(db, await ctx.provider(), menuId);
  let only: { id: number; title: string; address: string } | null = null;
  if (q.locationId !== undefined) {
    const [row] = await db
      .select({ id: locations.id, title: locations.title, address: locationAddressLine })
      .from(locations)
      .where(eq(locations.id, q.locationId));
    if (!row) throw new AppError(404, t.coded('notFound'));
    only = row;
  }
  const result = await ordersByMenu(ctx, { menuId, status: 2, accepted: q.accepted, locationId: q.locationId });
  const groups: Group[] = only && result.data.length === 0 ? [{ location: only, totals: result.totals, orders: [] }] : result.data;

  // Every line with its allergens in words, or that they were never confirmed (decision 034).
  const lines = groups.flatMap((g) => g.orders.flatMap((o) => o.items));
  const unconfirmed = await unconfirmedDishes(db, [
    ...lines.map((l) => l.dish.id),
    ...lines.flatMap((l) => l.complex.map((c) => c.dish.id)),
  ]);
  const tx = (k: Parameters<typeof printText>[1], p?: Record<string, string | number>) => printText(lang, k, p);
  const zone = menu.timezone;
  const when = (d: string | Date, kind: 'dateTime' | 'time' = 'dateTime') =>
    (kind === 'time' ? formatClockTime : formatDayTime)(typeof d === 'string' ? new Date(d) : d, zone);
  const money = (euros: number, bold = false): TableCell => ({ text: euroText(toCents(euros), lang), alignment: 'right', bold });
  const ordersCount = (n: number) => countedText(lang, n, ORDERS_COUNT);

  const orderRow = (o: Order): TableCell[] => [
    {
      stack: [
        { text: tx('orderNo', { id: o.id }), bold: true },
        { text: when(o.created_at, 'time'), style: 'small' },
      ],
    },
    {
      stack: [
        { text: o.user.first_name, bold: true },
        ...(o.user.phone ? [{ text: o.user.phone, style: 'small' }] : []),
        // The eater avoids an allergen in this order (decision 034): in words, in bold.
        ...(o.allergen_warnings.length
          ? [{ text: tx('allergenAlert', { list: o.allergen_warnings.map((w) => w.title).join(', ') }), bold: true, color: '#b42318' }]
          : []),
      ],
    },
    { text: o.shift?.title ?? '' },
    {
      stack: o.items.flatMap((line) => {
        const avoided = line.allergens.some((a) => o.allergen_warnings.some((w) => w.id === a.id));
        const unknown = lineUnconfirmed(unconfirmed, { dishId: line.dish.id, optionIds: line.complex.map((c) => c.dish.id) });
        return [
          {
            text: [
              { text: `${line.qty} × ${line.dish.title}` },
              ...(line.complex.length ? [{ text: ` (${line.complex.map((c) => c.dish.title).join(', ')})`, color: '#4b5563' }] : []),
            ],
          },
          {
            text: lineAllergensText(
              line.allergens.map((a) => a.title),
              unknown,
              lang,
            ),
            style: 'small',
            margin: [0, 0, 0, 2],
            ...(avoided ? { bold: true, color: '#b42318' } : unknown ? { bold: true } : {}),
          } as Content,
        ];
      }),
    },
    { text: o.comment ?? '' },
    {
      stack: [
        { text: euroText(toCents(o.amount_to_pay), lang), bold: true, alignment: 'right' },
        { text: tx(`pay.${o.payment_type}`), style: 'small', alignment: 'right' },
        ...(o.subsidy > 0
          ? [{ text: `${tx('subsidy')} ${euroText(toCents(o.subsidy), lang)}`, style: 'small', alignment: 'right' } as Content]
          : []),
        ...(o.bonus > 0
          ? [{ text: `${tx('bonus')} ${euroText(toCents(o.bonus), lang)}`, style: 'small', alignment: 'right' } as Content]
          : []),
      ],
    },
  ];

  const totalsTable = (totals: OrderTotals, title: string): Content => ({
    margin: [0, 6, 0, 0],
    table: {
      widths: ['*', 'auto', 'auto', 'auto', 'auto', 'auto'],
      body: [
        [tx('totals'), tx('pay.cash'), tx('pay.card'), tx('subsidy'), tx('bonus'), tx('total')].map((h) => ({
          text: h,
          style: 'th',
          alignment: 'right',
        })),
        [
          { text: `${title}: ${ordersCount(totals.count)}`, bold: true, alignment: 'right' },
          money(totals.cash),
          money(totals.card),
          money(totals.subsidy),
          money(totals.bonus),
          money(totals.total, true),
        ],
      ],
    },
    layout: 'lightHorizontalLines',
  });

  const locationBlock = (g: Group, i: number): Content[] => {
    const title = g.location?.title ?? tx('noLocation');
    return [
      { text: title, style: 'location', ...(i > 0 ? { pageBreak: 'before' as const } : {}) },
      ...(g.location?.address ? [{ text: g.location.address, style: 'small', margin: [0, 0, 0, 4] } as Content] : []),
      g.orders.length === 0
        ? { text: tx('none') }
        : table([tx('order'), tx('person'), tx('shift'), tx('dishes'), tx('comment'), tx('payment')], g.orders.map(orderRow), [
            'auto',
            'auto',
            'auto',
            '*',
            'auto',
            'auto',
          ]),
      totalsTable(g.totals, title),
    ];
  };

  const filter = q.accepted === 0 ? tx('onlyNew') : q.accepted === 1 ? tx('onlyAccepted') : null;
  const subtitle = [`${tx('menu')}: ${menu.title} (${when(menu.from)} – ${when(menu.to)})`, ...(filter ? [filter] : [])].join(' · ');
  const content: Content[] = [
    { text: only ? `${tx('title')}: ${only.title}` : tx('title'), style: 'title' },
    { text: subtitle, style: 'subtitle' },
    ...(groups.length === 0 ? [{ text: tx('none') } as Content] : groups.flatMap(locationBlock)),
  ];
  if (!only && groups.length > 1)
    content.push({ text: tx('allLocations'), style: 'location', margin: [0, 16, 0, 0] }, totalsTable(result.totals, tx('allLocations')));
  content.push({ text: tx('generated', { date: when(now) }), style: 'small', margin: [0, 8, 0, 0] });

  return renderPdf({
    info: { title: `${tx('title')} — ${menu.title}${only ? ` — ${only.title}` : ''}` },
    styles: { location: { fontSize: 13, bold: true, margin: [0, 0, 0, 2] } },
    content,
  });
}
