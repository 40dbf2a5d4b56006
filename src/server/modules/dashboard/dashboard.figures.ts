import { DateTime } from 'luxon';
import type { DashboardDay, DashboardPayments, DashboardSubsidy } from '../../../shared/schemas/dashboard.js';
import type { MenuRow, MoneyRow, PortionRow } from './dashboard.queries.js';

/*
 * The charts' figures summed from the reads' rows (dashboard.queries.ts), for the answer and the
 * CSV alike: pure functions, no database.
 */

/** Per menu: portions prepared (stock left plus held, dishes with a limit), ordered and left over. */
export function daysOf(menus: MenuRow[], portions: PortionRow[]): DashboardDay[] {
  const byMenu = new Map<number, PortionRow[]>();
  for (const p of portions) {
    const rows = byMenu.get(p.menu_id);
    if (rows) rows.push(p);
    else byMenu.set(p.menu_id, [p]);
  }
  return menus.map((m) => {
    const rows = byMenu.get(m.menu_id) ?? [];
    const held = new Map(rows.map((r) => [r.dish_id, r.held]));
    const limited = Object.entries(m.limited);
    return {
      day: m.day,
      menu_id: m.menu_id,
      menu_title: m.title,
      prepared: limited.length === 0 ? null : limited.reduce((n, [dish, left]) => n + left + (held.get(Number(dish)) ?? 0), 0),
      unlimited_dishes: m.unlimited,
      ordered: rows.reduce((n, r) => n + r.placed, 0),
      left_over: m.left_over,
    };
  });
}

export interface DishFigure {
  dish_id: number;
  ordered: number;
  menus: number;
}

/** Every dish on the range's menus or in its orders, most ordered first (then by id). */
export function dishesOf(portions: PortionRow[], offered: { dish_id: number; menus: number }[]): DishFigure[] {
  const out = new Map<number, DishFigure>(offered.map((o) => [o.dish_id, { dish_id: o.dish_id, ordered: 0, menus: o.menus }]));
  for (const p of portions) {
    const d = out.get(p.dish_id) ?? { dish_id: p.dish_id, ordered: 0, menus: 0 };
    d.ordered += p.placed;
    out.set(p.dish_id, d);
  }
  return [...out.values()].sort((a, b) => b.ordered - a.ordered || a.dish_id - b.dish_id);
}

/** The top `n` and the bottom `n` (least ordered first), never the same dish twice. */
export function topAndBottom<T>(sorted: T[], n: number): { top: T[]; bottom: T[] } {
  const top = sorted.slice(0, n);
  return { top, bottom: sorted.slice(top.length).slice(-n).reverse() };
}

export function paymentsOf(rows: MoneyRow[]): DashboardPayments {
  // One pass with named fields (a year of the big caterer is 50,000 rows).
  const out: DashboardPayments = { cash: 0, card: 0, bank: 0, subsidy: 0, bonus: 0, gross: 0, refunds: 0, orders: 0, cancelled: 0 };
  for (const r of rows) {
    out.cash += r.cash;
    out.card += r.card;
    out.bank += r.bank;
    out.subsidy += r.subsidy;
    out.bonus += r.bonus;
    out.gross += r.gross;
    out.refunds += r.refunds;
    out.orders += r.orders;
    out.cancelled += r.cancelled;
  }
  return out;
}

/** Placed orders and subsidy per location (those with orders or subsidy), by title. */
export function subsidiesOf(rows: MoneyRow[]): DashboardSubsidy[] {
  const out = new Map<number, DashboardSubsidy>();
  for (const r of rows) {
    if (r.location_id === null) continue;
    const s = out.get(r.location_id) ?? { location_id: r.location_id, title: r.title ?? '', orders: 0, subsidy: 0 };
    s.orders += r.orders;
    s.subsidy += r.subsidy;
    out.set(r.location_id, s);
  }
  return [...out.values()]
    .filter((s) => s.orders > 0 || s.subsidy > 0)
    .sort((a, b) => a.title.localeCompare(b.title) || a.location_id - b.location_id);
}

/** The periods of the range: every day, or the Monday of every week it touches. */
export function periodsOf(from: string, to: string, period: 'day' | 'week'): string[] {
  let d = DateTime.fromISO(from, { zone: 'utc' });
  if (period === 'week') d = d.startOf('week');
  const last = DateTime.fromISO(to, { zone: 'utc' });
  const out: string[] = [];
  for (; d <= last; d = d.plus(period === 'day' ? { days: 1 } : { weeks: 1 })) out.push(d.toISODate()!);
  return out;
}

export interface PeriodCount {
  period: string;
  location_id: number | null;
  title: string | null;
  orders: number;
}

/** Placed orders per period (the menu's day, or the Monday of its week) and location, in period then location order. */
export function ordersPerPeriod(menus: MenuRow[], rows: MoneyRow[], period: 'day' | 'week'): PeriodCount[] {
  // Each menu's period once (a year of the big caterer is 50,000 rows of 250 menus).
  const periodOf = new Map(
    menus.map((m) => [m.menu_id, period === 'day' ? m.day : DateTime.fromISO(m.day, { zone: 'utc' }).startOf('week').toISODate()!]),
  );
  const out = new Map<string, Map<number, PeriodCount>>();
  for (const r of rows) {
    if (r.orders === 0) continue;
    const p = periodOf.get(r.menu_id)!;
    let inPeriod = out.get(p);
    if (!inPeriod) out.set(p, (inPeriod = new Map()));
    const c = inPeriod.get(r.location_id ?? 0);
    if (c) c.orders += r.orders;
    else inPeriod.set(r.location_id ?? 0, { period: p, location_id: r.location_id, title: r.title ?? null, orders: r.orders });
  }
  // ISO dates: their code units sort as the days do.
  return [...out.keys()].sort().flatMap((p) => [...out.get(p)!.values()].sort((a, b) => (a.location_id ?? 0) - (b.location_id ?? 0)));
}
