import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { pickText, type Lang } from '../../../shared/i18n.js';
import {
  DASHBOARD_MAX_DAYS,
  type DashboardDish,
  type DashboardLocationSeries,
  type DashboardQuery,
  type DashboardResult,
} from '../../../shared/schemas/dashboard.js';
import type { Db } from '../../db/client.js';
import { locations, providers } from '../../db/schema/index.js';
import type { RequestContext } from '../../lib/context.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { dashboardText } from './dashboard.messages.js';
import { dishTitles, locationTitles, menuRows, moneyRows, offeredRows, portionRows, type Scope } from './dashboard.queries.js';
import { dashboardOnTime } from './dashboard.ontime.js';
import { menuSums } from './dashboard.sums.js';

export { keepClosedMenuSums } from './dashboard.sums.js';
import {
  daysOf,
  dishesOf,
  ordersPerPeriod,
  paymentsOf,
  periodsOf,
  subsidiesOf,
  topAndBottom,
  type DishFigure,
  type PeriodCount,
} from './dashboard.figures.js';

/** Dishes shown as the top and as the bottom. */
export const DISHES_SHOWN = 5;
/** Locations drawn as lines of their own; the others are summed as one. */
export const LOCATIONS_DRAWN = 6;
/** Ranges longer than this are counted per week. */
export const DAILY_UP_TO_DAYS = 62;

/**
 * The range's scope: the active provider's zone, the first instant of `from` and of the day after
 * `to`; a 422 on `to` when the range is reversed or longer than DASHBOARD_MAX_DAYS, a 404 for an unknown location.
 */
export async function dashboardScope(db: Db, providerId: number, q: DashboardQuery): Promise<Scope & { days: number }> {
  if (q.to < q.from) throw fieldError(dashboardText.coded('rangeReversed'), { to: [dashboardText.coded('rangeReversed')] });
  const days = Math.round((Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000) + 1;
  if (days > DASHBOARD_MAX_DAYS) throw fieldError(dashboardText.coded('rangeTooLong'), { to: [dashboardText.coded('rangeTooLong')] });
  const [provider] = await db.select({ zone: providers.timezone }).from(providers).where(eq(providers.id, providerId));
  if (!provider) throw new AppError(404, t.coded('notFound'));
  if (q.location_id !== undefined) {
    const [loc] = await db.select({ id: locations.id }).from(locations).where(eq(locations.id, q.location_id));
    if (!loc) throw new AppError(404, t.coded('notFound'));
  }
  const start = DateTime.fromISO(q.from, { zone: provider.zone });
  const end = DateTime.fromISO(q.to, { zone: provider.zone }).plus({ days: 1 });
  return { providerId, zone: provider.zone, start: start.toJSDate(), end: end.toJSDate(), locationId: q.location_id ?? null, days };
}

/** The locations' series: the LOCATIONS_DRAWN busiest, then the others summed as one. */
function locationSeries(rows: PeriodCount[], periods: string[], lang: Lang): DashboardLocationSeries[] {
  const index = new Map(periods.map((p, i) => [p, i]));
  const byLocation = new Map<number | null, DashboardLocationSeries>();
  for (const r of rows) {
    let s = byLocation.get(r.location_id);
    if (!s) {
      const title = r.title ?? dashboardText(lang, 'noLocation');
      s = { location_id: r.location_id, title, total: 0, counts: periods.map(() => 0) };
      byLocation.set(r.location_id, s);
    }
    s.counts[index.get(r.period)!]! += r.orders;
    s.total += r.orders;
  }
  const all = [...byLocation.values()].sort((a, b) => b.total - a.total || a.title.localeCompare(b.title));
  if (all.length <= LOCATIONS_DRAWN + 1) return all;
  const rest = all.slice(LOCATIONS_DRAWN);
  const other: DashboardLocationSeries = {
    location_id: null,
    title: dashboardText(lang, 'otherLocations'),
    total: rest.reduce((n, s) => n + s.total, 0),
    counts: periods.map((_, i) => rest.reduce((n, s) => n + s.counts[i]!, 0)),
  };
  return [...all.slice(0, LOCATIONS_DRAWN), other];
}

/** Everything the charts and their CSVs read, once per request. */
export async function dashboardRows(db: Db, scope: Scope & { days: number }) {
  const [menus, offered] = await Promise.all([menuRows(db, scope), offeredRows(db, scope)]);
  // The days are the whole menu's (stock and leftovers are kept per menu), whatever the location.
  const all = await menuSums(db, menus);
  // A location's portions and money: its own orders (few, through orders_location_menu_idx).
  const [portions, money] =
    scope.locationId === null
      ? [all.portions, all.money]
      : await Promise.all([portionRows(db, scope, scope.locationId), moneyRows(db, scope, scope.locationId)]);
  const titles = await locationTitles(db, [...new Set(money.map((r) => r.location_id).filter((id) => id !== null))]);
  for (const r of money) r.title = r.location_id === null ? null : (titles.get(r.location_id) ?? null);
  const period: 'day' | 'week' = scope.days > DAILY_UP_TO_DAYS ? 'week' : 'day';
  return { menus, portions: all.portions, dishes: dishesOf(portions, offered), money, period };
}

/** GET /app/dashboard: every chart's figures for the range, the active provider, optionally one location. */
export async function dashboard(ctx: Pick<RequestContext, 'db' | 'lang' | 'provider'>, q: DashboardQuery): Promise<DashboardResult> {
  const { db, lang } = ctx;
  const scope = await dashboardScope(db, await ctx.provider(), q);
  const [rows, onTime] = await Promise.all([dashboardRows(db, scope), dashboardOnTime(db, scope, lang)]);
  const { top, bottom } = topAndBottom(rows.dishes, DISHES_SHOWN);
  const titles = await dishTitles(
    db,
    [...top, ...bottom].map((d) => d.dish_id),
  );
  const dish = (d: DishFigure): DashboardDish => ({ ...d, title: pickText(titles.get(d.dish_id), lang) });
  const periods = periodsOf(q.from, q.to, rows.period);
  const payments = paymentsOf(rows.money);
  return {
    from: q.from,
    to: q.to,
    location_id: scope.locationId,
    days: daysOf(rows.menus, rows.portions),
    top_dishes: top.map(dish),
    bottom_dishes: bottom.map(dish),
    period: rows.period,
    periods,
    locations: locationSeries(ordersPerPeriod(rows.menus, rows.money, rows.period), periods, lang),
    payments,
    subsidies: subsidiesOf(rows.money),
    standing: { orders: payments.orders, standing: rows.money.reduce((n, r) => n + r.standing, 0) },
    on_time: onTime,
  };
}
