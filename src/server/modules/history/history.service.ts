import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { pageOf, pageWindow } from '../../../shared/list-query.js';
import { toEuros } from '../../../shared/money.js';
import type { HistoryMenu, HistoryMenuResult } from '../../../shared/schemas/history.js';
import { locations, menus, orders, providers } from '../../db/schema/index.js';
import type { UserContext } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { isStaff, loadOrderEntries } from '../orders/orders.read.js';
import { listedOrder, placedOrderSums, shownOrder } from '../orders/placed.read.js';
import { presentSummary, summaryColumns } from '../priced-menu/priced-menu.read.js';

// Cancelled orders are listed (marked), never summed nor counted.
const sums = placedOrderSums;

type SumRow = { [K in keyof typeof sums]: number };

function presentHistoryMenu(m: Parameters<typeof presentSummary>[0], s: SumRow): HistoryMenu {
  return {
    ...presentSummary(m),
    cash_total: toEuros(s.cash),
    cards_total: toEuros(s.card),
    subsidy_total: toEuros(s.subsidy),
    budget_total: toEuros(s.budget),
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
async function scope({ db, user }: Pick<UserContext, 'db' | 'user'>, locationId: number) {
  if (!isStaff(user) && user.locationId !== locationId) throw new AppError(403, t.coded('forbidden'));
  const [location] = await db.select({ id: locations.id, title: locations.title }).from(locations).where(eq(locations.id, locationId));
  if (!location) throw new AppError(404, t.coded('notFound'));
  // A customer also sees their own orders waiting for payment (with Pay and Cancel; decision 045).
  const where: SQL = (
    isStaff(user) ? and(shownOrder(), eq(orders.locationId, locationId)) : and(listedOrder(), eq(orders.userId, user.id))
  )!;
  return { location, where };
}

type HistoryCtx = Pick<UserContext, 'db' | 'user' | 'gateway' | 'lang'>;

export interface MenuHistoryQuery {
  locationId: number;
  menuId: number;
  page: number;
  perPage: number | 'all';
}

/** GET /app/dishlists/history/{locationId}: menus with the visible placed orders, newest first, with sums. */
export async function historyMenus(
  ctx: Pick<UserContext, 'db' | 'user'>,
  input: { locationId: number; page: number; perPage: number | 'all' },
) {
  const { db } = ctx;
  const { page, perPage } = input;
  const { where } = await scope(ctx, input.locationId);
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
export async function historyOfMenu(ctx: HistoryCtx, q: MenuHistoryQuery): Promise<HistoryMenuResult> {
  return (await menuHistory(ctx, q)).result;
}

/** historyOfMenu with the sums and every order's amounts in cents (for the report). */
export async function menuHistory(ctx: HistoryCtx, q: MenuHistoryQuery) {
  const { db } = ctx;
  const { menuId, page, perPage } = q;
  const { location, where: base } = await scope(ctx, q.locationId);
  const [menu] = await db
    .select(summaryColumns)
    .from(menus)
    .innerJoin(providers, eq(providers.id, menus.providerId))
    .where(eq(menus.id, menuId));
  if (!menu) throw new AppError(404, t.coded('notFound'));
  const where = and(base, eq(orders.menuId, menuId));
  const [s] = await db
    .select({ ...sums, shown: sql<number>`count(*)::int` })
    .from(orders)
    .where(where);
  const w = pageWindow(s!.shown, page, perPage);
  const entries = await loadOrderEntries(ctx, {
    where,
    page: w.limit === null ? undefined : { limit: w.limit, offset: w.offset },
    order: 'oldest',
  });
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
