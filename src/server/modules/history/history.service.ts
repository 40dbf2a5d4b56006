import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { TableCell } from 'pdfmake/interfaces';
import type { Lang } from '../../../shared/i18n.js';
import { pageOf, pageWindow } from '../../../shared/list-query.js';
import { toEuros } from '../../../shared/money.js';
import type { HistoryMenu, HistoryMenuResult } from '../../../shared/schemas/history.js';
import type { Order } from '../../../shared/schemas/orders.js';
import type { Db } from '../../db/client.js';
import { locations, menus, orders, providers } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import type { PaymentGateway } from '../../lib/payments/gateway.js';
import { euroText, renderPdf, table } from '../../lib/pdf/pdf.js';
import { presentSummary, summaryColumns } from '../ordering/ordering.menu.js';
import { isStaff, loadOrderEntries } from '../ordering/ordering.orders.js';
import { historyText } from './history.messages.js';
import { listedOrder, ORDER_STATUS, placedOrderSums, shownOrder } from '../ordering/ordering.placed.js';
import { formatDayTime } from '../../lib/dates.js';

// Cancelled orders are listed (marked), never summed nor counted.
const sums = placedOrderSums;

type SumRow = { [K in keyof typeof sums]: number };

function presentHistoryMenu(m: Parameters<typeof presentSummary>[0], s: SumRow): HistoryMenu {
  return {
    ...presentSummary(m),
    cash_total: toEuros(s.cash),
    cards_total: toEuros(s.card),
    subsidy_total: toEuros(s.subsidy),
    bonus_total: toEuros(s.bonus),
    total: toEuros(s.total),
    orders_count: s.count,
  };
}

/**
 * Who may see what: staff any location's placed orders; a customer asks under their own (current)
 * location and sees all their own placed orders, wherever they were placed, so someone who moved
 * to another location keeps their history. Answers the location and the orders filter.
 */
async function scope(db: Db, user: AuthUser, locationId: number, lang: Lang) {
  if (!isStaff(user) && user.locationId !== locationId) throw new AppError(403, t(lang, 'forbidden'));
  const [location] = await db.select({ id: locations.id, title: locations.title }).from(locations).where(eq(locations.id, locationId));
  if (!location) throw new AppError(404, t(lang, 'notFound'));
  // A customer also sees their own orders waiting for payment (with Pay and Cancel; decision 045).
  const where: SQL = (
    isStaff(user) ? and(shownOrder(), eq(orders.locationId, locationId)) : and(listedOrder(), eq(orders.userId, user.id))
  )!;
  return { location, where };
}

/** GET /app/dishlists/history/{locationId}: menus with the visible placed orders, newest first, with sums. */
export async function historyMenus(db: Db, user: AuthUser, locationId: number, page: number, perPage: number | 'all', lang: Lang) {
  const { where } = await scope(db, user, locationId, lang);
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(distinct ${orders.menuId})::int` })
    .from(orders)
    .where(where);
  const q = db
    .select({ ...summaryColumns, ...sums })
    .from(orders)
    .innerJoin(menus, eq(menus.id, orders.menuId))
    .innerJoin(providers, eq(providers.id, menus.providerId))
    .where(where)
    .groupBy(menus.id, providers.id)
    .orderBy(desc(menus.from), desc(menus.id));
  const w = pageWindow(total, page, perPage);
  const rows = w.limit === null ? await q : await q.limit(w.limit).offset(w.offset);
  return pageOf(
    rows.map((r) => presentHistoryMenu(r, r)),
    total,
    { page, perPage },
  );
}

/** GET /app/dishlists/history/{locationId}/{menuId}: the visible placed orders of a menu with sums. */
export async function historyOfMenu(
  db: Db,
  gateway: PaymentGateway,
  user: AuthUser,
  locationId: number,
  menuId: number,
  page: number,
  perPage: number | 'all',
  lang: Lang,
): Promise<HistoryMenuResult> {
  return (await menuHistory(db, gateway, user, locationId, menuId, page, perPage, lang)).result;
}

/** historyOfMenu with the sums and every order's amounts in cents (for the report). */
async function menuHistory(
  db: Db,
  gateway: PaymentGateway,
  user: AuthUser,
  locationId: number,
  menuId: number,
  page: number,
  perPage: number | 'all',
  lang: Lang,
) {
  const { location, where: base } = await scope(db, user, locationId, lang);
  const [menu] = await db
    .select(summaryColumns)
    .from(menus)
    .innerJoin(providers, eq(providers.id, menus.providerId))
    .where(eq(menus.id, menuId));
  if (!menu) throw new AppError(404, t(lang, 'notFound'));
  const where = and(base, eq(orders.menuId, menuId));
  const [s] = await db
    .select({ ...sums, shown: sql<number>`count(*)::int` })
    .from(orders)
    .where(where);
  const w = pageWindow(s!.shown, page, perPage);
  const entries = await loadOrderEntries(
    db,
    gateway,
    lang,
    where,
    w.limit === null ? undefined : { limit: w.limit, offset: w.offset },
    'oldest',
  );
  const result: HistoryMenuResult = {
    dishlist: presentHistoryMenu(menu, s!),
    location,
    ...pageOf(
      entries.map((e) => e.order),
      s!.shown,
      { page, perPage },
    ),
  };
  return { result, sums: s!, entries };
}

/** The history of one menu at one location as a PDF report (same visibility as the JSON call). */
export async function historyPdf(
  db: Db,
  gateway: PaymentGateway,
  user: AuthUser,
  locationId: number,
  menuId: number,
  now: Date,
  lang: Lang,
): Promise<Buffer> {
  const { result: h, sums: s, entries } = await menuHistory(db, gateway, user, locationId, menuId, 1, 'all', lang);
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
