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
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { dashboardText } from './dashboard.messages.js';
import { dayRows, dishRows, locationRows, moneyRows, type Scope } from './dashboard.queries.js';

/** Dishes shown as the top and as the bottom. */
export const DISHES_SHOWN = 5;
/** Locations drawn as lines of their own; the others are summed as one. */
export const LOCATIONS_DRAWN = 6;
/** Ranges longer than this are counted per week. */
export const DAILY_UP_TO_DAYS = 62;

/**
 * The range's scope: the active provider's zone, the first instant of `from` and of the day after
 * `to`; a 400 when the range is reversed or longer than DASHBOARD_MAX_DAYS, a 404 for an unknown location.
 */
export async function dashboardScope(db: Db, providerId: number, q: DashboardQuery): Promise<Scope & { days: number }> {
  if (q.to < q.from) throw new AppError(400, dashboardText.coded('rangeReversed'), { to: [dashboardText.coded('rangeReversed')] });
  const days = Math.round((Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000) + 1;
  if (days > DASHBOARD_MAX_DAYS)
    throw new AppError(400, dashboardText.coded('rangeTooLong'), { to: [dashboardText.coded('rangeTooLong')] });
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

/** The periods of the range: every day, or the Monday of every week it touches. */
function periodsOf(from: string, to: string, period: 'day' | 'week'): string[] {
  let d = DateTime.fromISO(from, { zone: 'utc' });
  if (period === 'week') d = d.startOf('week');
  const last = DateTime.fromISO(to, { zone: 'utc' });
  const out: string[] = [];
  for (; d <= last; d = d.plus(period === 'day' ? { days: 1 } : { weeks: 1 })) out.push(d.toISODate()!);
  return out;
}

/** The locations' series: the LOCATIONS_DRAWN busiest, then the others summed as one. */
function locationSeries(rows: Awaited<ReturnType<typeof locationRows>>, periods: string[], lang: Lang): DashboardLocationSeries[] {
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

/** GET /app/dashboard: every chart's figures for the range, the active provider, optionally one location. */
export async function dashboard(ctx: Pick<RequestContext, 'db' | 'lang' | 'provider'>, q: DashboardQuery): Promise<DashboardResult> {
  const { db, lang } = ctx;
  const scope = await dashboardScope(db, await ctx.provider(), q);
  const period = scope.days > DAILY_UP_TO_DAYS ? 'week' : 'day';
  const [days, dishes, perLocation, money] = await Promise.all([
    dayRows(db, scope),
    dishRows(db, scope),
    locationRows(db, scope, period),
    moneyRows(db, scope),
  ]);
  const periods = periodsOf(q.from, q.to, period);
  const dish = (d: (typeof dishes)[number]): DashboardDish => ({
    dish_id: d.dish_id,
    title: pickText(d.title, lang),
    ordered: d.ordered,
    menus: d.menus,
  });
  const top = dishes.slice(0, DISHES_SHOWN);
  const bottom = dishes.slice(top.length).slice(-DISHES_SHOWN).reverse();
  const sum = (k: 'orders' | 'cancelled' | 'cash' | 'card' | 'bank' | 'subsidy' | 'bonus' | 'gross' | 'refunds' | 'standing') =>
    money.reduce((n, r) => n + r[k], 0);
  return {
    from: q.from,
    to: q.to,
    location_id: scope.locationId,
    days,
    top_dishes: top.map(dish),
    bottom_dishes: bottom.map(dish),
    period,
    periods,
    locations: locationSeries(perLocation, periods, lang),
    payments: {
      cash: sum('cash'),
      card: sum('card'),
      bank: sum('bank'),
      subsidy: sum('subsidy'),
      bonus: sum('bonus'),
      gross: sum('gross'),
      refunds: sum('refunds'),
      orders: sum('orders'),
      cancelled: sum('cancelled'),
    },
    subsidies: money
      .filter((r) => r.location_id !== null && (r.orders > 0 || r.subsidy > 0))
      .map((r) => ({ location_id: r.location_id!, title: r.title ?? '', orders: r.orders, subsidy: r.subsidy })),
    standing: { orders: sum('orders'), standing: sum('standing') },
  };
}
