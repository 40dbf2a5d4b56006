import { sql } from 'drizzle-orm';
import type { Lang } from '../../../shared/i18n.js';
import type { DashboardOnTime, DashboardOnTimeCount } from '../../../shared/schemas/dashboard.js';
import type { Db } from '../../db/client.js';
import { csvCell, csvDocument } from '../../lib/spreadsheet.js';
import {
  addOnTime,
  departureRows,
  onTimePercent,
  onTimeRows,
  ZERO_ON_TIME,
  type DepartureRow,
  type OnTimeCount,
  type OnTimeRow,
} from '../laps/ontime.read.js';
import { dashboardText } from './dashboard.messages.js';
import { locationTitles, type Scope } from './dashboard.queries.js';

/*
 * The dashboard's on-time figures (issue 28, decision 071): per lap (with its departures), per
 * location and per month of the range, from one grouped read of the range's delivered stops and one
 * of its lap runs (laps/ontime.read.ts). With a location chosen: that location's stops, and the
 * departures of the lap it is on.
 */

const withRate = (c: OnTimeCount): DashboardOnTimeCount => ({ ...c, rate: onTimePercent(c) });

function sumBy<K>(rows: OnTimeRow[], key: (r: OnTimeRow) => K): Map<K, OnTimeCount> {
  const out = new Map<K, OnTimeCount>();
  for (const r of rows) out.set(key(r), addOnTime(out.get(key(r)) ?? ZERO_ON_TIME, r));
  return out;
}

async function lapTitles(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const res = await db.execute<{ id: number; title: string }>(
    sql`select id, title from laps where id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  return new Map(res.rows.map((r) => [r.id, r.title]));
}

/** The range's delivered stops and departures, read once. */
async function readOnTime(db: Db, scope: Scope): Promise<{ stops: OnTimeRow[]; departures: DepartureRow[] }> {
  const s = { ...scope, locationIds: scope.locationId === null ? null : [scope.locationId] };
  const [stops, departures] = await Promise.all([onTimeRows(db, s), departureRows(db, s)]);
  if (scope.locationId === null) return { stops, departures };
  const laps = new Set(stops.map((r) => r.lap_id));
  return { stops, departures: departures.filter((d) => laps.has(d.lap_id)) };
}

/** GET /app/dashboard's `on_time`. */
export async function dashboardOnTime(db: Db, scope: Scope, lang: Lang): Promise<DashboardOnTime> {
  const { stops, departures } = await readOnTime(db, scope);
  const perLap = sumBy(stops, (r) => r.lap_id);
  const runs = new Map<number, { on_time: number; late: number; no_plan: number }>();
  for (const d of departures) {
    const r = runs.get(d.lap_id) ?? { on_time: 0, late: 0, no_plan: 0 };
    runs.set(d.lap_id, { on_time: r.on_time + d.on_time, late: r.late + d.late, no_plan: r.no_plan + d.no_plan });
    if (!perLap.has(d.lap_id)) perLap.set(d.lap_id, ZERO_ON_TIME);
  }
  const perLocation = sumBy(stops, (r) => r.location_id);
  const perMonth = sumBy(stops, (r) => r.month);
  const [lapNames, locationNames] = await Promise.all([
    lapTitles(
      db,
      [...perLap.keys()].filter((id) => id !== null),
    ),
    locationTitles(db, [...perLocation.keys()]),
  ]);
  const byTitle = (a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title);
  return {
    total: withRate(stops.reduce<OnTimeCount>((acc, r) => addOnTime(acc, r), ZERO_ON_TIME)),
    laps: [...perLap]
      .map(([id, c]) => {
        const d = (id !== null && runs.get(id)) || { on_time: 0, late: 0, no_plan: 0 };
        const title = id === null ? dashboardText(lang, 'noLap') : (lapNames.get(id) ?? '');
        return { lap_id: id, title, ...withRate(c), departures: { ...d, rate: onTimePercent(d) } };
      })
      .sort((a, b) => Number(a.lap_id === null) - Number(b.lap_id === null) || byTitle(a, b)),
    locations: [...perLocation].map(([id, c]) => ({ location_id: id, title: locationNames.get(id) ?? '', ...withRate(c) })).sort(byTitle),
    months: [...perMonth].map(([month, c]) => ({ month, ...withRate(c) })).sort((a, b) => a.month.localeCompare(b.month)),
  };
}

/** The on-time CSV: per month, a row per lap (with its departures) and per location. */
export async function onTimeCsv(db: Db, scope: Scope, lang: Lang): Promise<string> {
  const tx = (k: Parameters<typeof dashboardText>[1]) => dashboardText(lang, k);
  const { stops, departures } = await readOnTime(db, scope);
  const lapIds = [...new Set([...stops.map((r) => r.lap_id), ...departures.map((d) => d.lap_id)])].filter((id) => id !== null);
  const [lapNames, locationNames] = await Promise.all([
    lapTitles(db, lapIds),
    locationTitles(db, [...new Set(stops.map((r) => r.location_id))]),
  ]);
  const months = [...new Set([...stops.map((r) => r.month), ...departures.map((d) => d.month)])].sort();
  const count = (c: OnTimeCount) => [String(c.on_time), String(c.late), String(onTimePercent(c) ?? ''), String(c.no_window)];
  const lines: string[][] = [];
  for (const month of months) {
    const inMonth = stops.filter((r) => r.month === month);
    const laps = sumBy(inMonth, (r) => r.lap_id);
    for (const d of departures) if (d.month === month && !laps.has(d.lap_id)) laps.set(d.lap_id, ZERO_ON_TIME);
    const lapRows = [...laps].map(([id, c]) => {
      const d = departures.find((x) => x.month === month && x.lap_id === id);
      const title = id === null ? tx('noLap') : (lapNames.get(id) ?? '');
      const runs = d ? [String(d.on_time), String(d.late), String(onTimePercent(d) ?? '')] : ['0', '0', ''];
      return [month, csvCell(tx('lap')), csvCell(title), ...count(c), ...runs];
    });
    const locationRows = [...sumBy(inMonth, (r) => r.location_id)].map(([id, c]) => [
      month,
      csvCell(tx('location')),
      csvCell(locationNames.get(id) ?? ''),
      ...count(c),
      '',
      '',
      '',
    ]);
    const byName = (a: string[], b: string[]) => a[2]!.localeCompare(b[2]!);
    lines.push(...lapRows.sort(byName), ...locationRows.sort(byName));
  }
  const head = (
    ['month', 'kind', 'name', 'onTime', 'late', 'rate', 'noWindow', 'departedOnTime', 'departedLate', 'departureRate'] as const
  ).map((k) => csvCell(tx(k)));
  return csvDocument([head, ...lines]);
}
