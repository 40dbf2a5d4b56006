import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';

/*
 * On-time figures (issue 28, decision 071). A stop is counted when it was delivered
 * (lap_stop_statuses.delivered_at) and a window was promised for it: its late_minutes, recorded once
 * when it was first delivered, is 0 (on time: delivered within the window, or before it) or the
 * minutes it came after the window's end (late). A delivered stop without a window (late_minutes
 * null: no departure planned) is not counted; the figures say how many were left out. A departure is
 * on time when lap_runs.late_minutes is 0, late above, not counted when null (no plan or not departed).
 * A menu belongs to the month of its day in the provider's zone (as the statement); a stop to the lap
 * its location is on now (the status row is per menu and location, not per lap).
 */

/** Delivered stops: within their window, after it, and without a window (not counted). */
export type OnTimeCount = {
  on_time: number;
  late: number;
  no_window: number;
};

export type OnTimeRow = OnTimeCount & {
  /** yyyy-mm of the menu's day in the provider's zone. */
  month: string;
  location_id: number;
  /** The provider's lap the location is on; null: on none of them. */
  lap_id: number | null;
};

export type DepartureRow = {
  month: string;
  lap_id: number;
  on_time: number;
  late: number;
  /** Departed without a planned departure, or not marked departed. */
  no_plan: number;
};

export interface OnTimeScope {
  providerId: number;
  zone: string;
  /** The first instant of the first day and of the day after the last, in `zone`. */
  start: Date;
  end: Date;
  /** Only these locations; null: all. */
  locationIds: number[] | null;
}

export const ZERO_ON_TIME: OnTimeCount = { on_time: 0, late: 0, no_window: 0 };

export function addOnTime(a: OnTimeCount, b: OnTimeCount): OnTimeCount {
  return { on_time: a.on_time + b.on_time, late: a.late + b.late, no_window: a.no_window + b.no_window };
}

/**
 * Whole percent of the counted stops delivered on time, rounded down (so 100 % means every one);
 * null when none was counted.
 */
export function onTimePercent(c: { on_time: number; late: number }): number | null {
  const counted = c.on_time + c.late;
  return counted === 0 ? null : Math.floor((c.on_time * 100) / counted);
}

const menusOf = (s: OnTimeScope) => sql`m as materialized (
  select id, to_char(("from" at time zone ${s.zone})::date, 'YYYY-MM') collate "C" as month from menus
  where provider_id = ${s.providerId} and "from" >= ${s.start} and "from" < ${s.end})`;

const ids = (list: number[]) => `{${list.join(',')}}`;

/** Delivered stops per month, location and lap: one grouped read over the range's menus' statuses (their primary key). */
export async function onTimeRows(db: Db | Tx, s: OnTimeScope): Promise<OnTimeRow[]> {
  if (s.locationIds !== null && s.locationIds.length === 0) return [];
  const only = s.locationIds === null ? sql`` : sql` and st.location_id = any(${ids(s.locationIds)}::int[])`;
  const res = await db.execute<OnTimeRow>(sql`
    with ${menusOf(s)},
    -- Counted per month and location first (a year of the big caterer is 47,000 stops), then each
    -- location's laps joined to the counts (decision 087).
    c as (select m.month, st.location_id,
        count(*) filter (where st.late_minutes = 0)::int as on_time,
        count(*) filter (where st.late_minutes > 0)::int as late,
        count(*) filter (where st.late_minutes is null)::int as no_window
      from m join lap_stop_statuses st on st.menu_id = m.id and st.delivered_at is not null${only}
      group by 1, 2)
    select c.month, c.location_id, l.id as lap_id, sum(c.on_time)::int as on_time, sum(c.late)::int as late,
      sum(c.no_window)::int as no_window
    from c left join lap_locations ll on ll.location_id = c.location_id
      left join laps l on l.id = ll.lap_id and l.provider_id = ${s.providerId}
    group by 1, 2, 3 order by 1, 2`);
  return res.rows;
}

/** Departures per month and lap of the range's menus (lap_runs by menu). */
export async function departureRows(db: Db | Tx, s: OnTimeScope): Promise<DepartureRow[]> {
  const res = await db.execute<DepartureRow>(sql`
    with ${menusOf(s)}
    select m.month, r.lap_id,
      count(*) filter (where r.late_minutes = 0)::int as on_time,
      count(*) filter (where r.late_minutes > 0)::int as late,
      count(*) filter (where r.late_minutes is null)::int as no_plan
    from m join lap_runs r on r.menu_id = m.id join laps l on l.id = r.lap_id and l.provider_id = ${s.providerId}
    group by 1, 2 order by 1, 2`);
  return res.rows;
}

/** One stop of one menu: the window promised when it was delivered, when, and how late. */
export interface StopOnTime {
  from: Date | null;
  to: Date | null;
  deliveredAt: Date | null;
  lateMinutes: number | null;
}

/** The stops of a menu at these locations, by location. */
export async function stopsOnTime(db: Db | Tx, menuId: number, locationIds: number[]): Promise<Map<number, StopOnTime>> {
  if (locationIds.length === 0) return new Map();
  const res = await db.execute<{
    location_id: number;
    promised_from: string | Date | null;
    promised_to: string | Date | null;
    delivered_at: string | Date | null;
    late_minutes: number | null;
  }>(sql`
    select location_id, promised_from, promised_to, delivered_at, late_minutes from lap_stop_statuses
    where menu_id = ${menuId} and location_id = any(${ids(locationIds)}::int[])`);
  const at = (v: string | Date | null) => (v === null ? null : new Date(v));
  return new Map(
    res.rows.map((r) => [
      r.location_id,
      { from: at(r.promised_from), to: at(r.promised_to), deliveredAt: at(r.delivered_at), lateMinutes: r.late_minutes },
    ]),
  );
}

/** The delivered stops of these stop rows as counts (the lap report's day). */
export function countStops(stops: Iterable<StopOnTime>): OnTimeCount {
  const c = { ...ZERO_ON_TIME };
  for (const s of stops) {
    if (s.deliveredAt === null) continue;
    if (s.lateMinutes === null) c.no_window++;
    else if (s.lateMinutes === 0) c.on_time++;
    else c.late++;
  }
  return c;
}
