import type { TableCell } from 'pdfmake/interfaces';
import type { Order } from '../../../shared/schemas/orders.js';
import type { UserContext } from '../../lib/context.js';
import { formatDayTime } from '../../lib/dates.js';
import { euroText, renderPdf, table } from '../../lib/pdf/pdf.js';
import { ORDER_STATUS } from '../orders/placed.read.js';
import { historyText } from './history.messages.js';
import { menuHistory } from './history.service.js';

/** The history of one menu at one location as a PDF report (same visibility as the JSON call). */
export async function historyPdf(
  ctx: Pick<UserContext, 'db' | 'user' | 'gateway' | 'lang' | 'now'>,
  q: { locationId: number; menuId: number },
): Promise<Buffer> {
  const { lang, now } = ctx;
  const { result: h, sums: s, entries } = await menuHistory(ctx, { ...q, page: 1, perPage: 'all' });
  const zone = h.dishlist.timezone;
  const when = (iso: string | Date) => formatDayTime(typeof iso === 'string' ? new Date(iso) : iso, zone);
  const tx = (k: Parameters<typeof historyText>[1], p?: Record<string, string>) => historyText(lang, k, p);
  const paymentLabel = (o: Order) =>
    o.payment_type === 'cash'
      ? tx('cash')
      : o.payment_type === 'card'
        ? tx('card')
        : o.payment_type === 'bank'
          ? tx('bank')
          : o.payment_type === 'subsidy'
            ? tx('subsidy')
            : tx('bonus');
  // The report lists and sums placed orders only (a cancelled order is no money moved).
  const rows = entries
    .filter(({ cents: c }) => c.status === ORDER_STATUS.placed)
    .map(({ order: o, cents: c }) => [
      { text: when(o.created_at) },
      { text: o.user.first_name },
      {
        stack: o.items.map((i) => ({
          text: `${i.qty} × ${i.dish.title}${i.complex.length ? ` (${i.complex.map((c) => c.dish.title).join(', ')})` : ''}`,
        })),
      },
      { text: paymentLabel(o) },
      { text: euroText(c.amountCents, lang), alignment: 'right' as const },
      { text: euroText(c.subsidyCents + c.bonusCents, lang), alignment: 'right' as const },
      { text: euroText(c.amountToPayCents, lang), alignment: 'right' as const },
    ]);
  const d = h.dishlist;
  const footer: TableCell[] = [
    { text: tx('total'), style: 'total', colSpan: 4 },
    {},
    {},
    {},
    { text: euroText(s.total, lang), alignment: 'right' as const, style: 'total' },
    { text: euroText(s.subsidy + s.bonus, lang), alignment: 'right' as const, style: 'total' },
    { text: euroText(s.cash + s.card, lang), alignment: 'right' as const, style: 'total' },
  ];
  return renderPdf({
    info: { title: `${tx('reportTitle')} — ${h.location.title} — ${d.title}` },
    content: [
      { text: tx('reportTitle'), style: 'title' },
      {
        text: `${tx('location')}: ${h.location.title}    ${tx('menu')}: ${d.title} (${when(d.from)} – ${when(d.to)})`,
        style: 'subtitle',
      },
      rows.length === 0
        ? { text: tx('none') }
        : table(
            [tx('orderedOn'), tx('name'), tx('items'), tx('payment'), tx('amount'), `${tx('subsidy')} / ${tx('bonus')}`, tx('toPay')],
            rows,
            ['auto', 'auto', '*', 'auto', 'auto', 'auto', 'auto'],
            footer,
          ),
      {
        text: `${tx('cash')}: ${euroText(s.cash, lang)}   ${tx('card')}: ${euroText(s.card, lang)}   ${tx('subsidy')}: ${euroText(s.subsidy, lang)}   ${tx('bonus')}: ${euroText(s.bonus, lang)}`,
        margin: [0, 10, 0, 0],
      },
      { text: tx('generated', { date: when(now) }), style: 'small', margin: [0, 6, 0, 0] },
    ],
  });
}
