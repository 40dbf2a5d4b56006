import { and, asc, eq, inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db, Tx } from '../../db/client.js';
import { lapLocations, lapRuns, laps, locations, menus, providers } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';

/*
 * The read model of a menu's delivery plan (issue 28, decision 067), for the laps area and the
 * other modules that show or record delivery times (the driver's page, notices, on-time rates).
 *
 * A lap's departure on a menu's day is the day's own (`lap_runs.departs_at`, an instant), else the
 * lap's time of day (`laps.departs_at`), else the provider's (`providers.departs_at`), both read in
 * the provider's zone on the day the menu starts; none of them: no departure and no windows.
 * Stop k's window starts at the departure plus the travel minutes of stops 1..k (each stop's own,
 * else the provider's `stop_minutes`) and lasts the provider's `window_minutes`.
 */

/**
 * Minutes late, the one rule for a lap's departure and a stop's delivery (decision 067): whole
 * minutes `at` is after `end`, any part of a minute counting as one; 0 on time or early; null
 * without a plan (`end` null).
 */
export function minutesLate(at: Date, end: string | null): number | null {
  if (end === null) return null;
  return Math.max(0, Math.ceil((at.getTime() - Date.parse(end)) / 60_000));
}

/** A stop of a lap on a menu's day with its promised window. */
export type StopWindow = {
  locationId: number;
  title: string;
  /** 1-based position on the lap. */
  stop: number;
  /** Minutes from the previous stop (the kitchen for the first): the stop's own, else the provider's. */
  travelMinutes: number;
  /** ISO instants; null without a departure. */
  from: string | null;
  to: string | null;
};

/** An active lap of the provider on a menu's day. */
export type LapPlan = {
  lapId: number;
  title: string;
  /** The effective departure (ISO): the day's, else the lap's time, else the provider's time on the menu's day; null: none. */
  departsAt: string | null;
  driverId: number | null;
  departedAt: string | null;
  lateMinutes: number | null;
  stops: StopWindow[];
};

/** The instant of a time of day ('HH:MM' or 'HH:MM:SS', in `zone`) on the day `menuFrom` falls on in that zone. */
export function timeOnMenuDay(menuFrom: Date, zone: string, time: string): Date {
  const [hour, minute] = time.split(':').map(Number);
  return DateTime.fromJSDate(menuFrom).setZone(zone).startOf('day').set({ hour, minute }).toJSDate();
}

const addMinutes = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

/** The menu with its provider's delivery settings; 404 when the menu is not the provider's. */
async function menuSettings(db: Db | Tx, providerId: number, menuId: number) {
  const [row] = await db
    .select({
      from: menus.from,
      zone: providers.timezone,
      departsAt: providers.departsAt,
      stopMinutes: providers.stopMinutes,
      windowMinutes: providers.windowMinutes,
    })
    .from(menus)
    .innerJoin(providers, eq(providers.id, menus.providerId))
    .where(and(eq(menus.id, menuId), eq(menus.providerId, providerId)));
  if (!row) throw new AppError(404, t.coded('notFound'));
  return row;
}

/**
 * The provider's active laps (position order) on the menu's day, each with its effective departure,
 * driver, actual departure and the stops with their windows. 404 when the menu is not the provider's.
 */
export async function lapPlans(db: Db | Tx, providerId: number, menuId: number): Promise<LapPlan[]> {
  const menu = await menuSettings(db, providerId, menuId);
  const lapRows = await db
    .select({
      id: laps.id,
      title: laps.title,
      time: laps.departsAt,
      runDepartsAt: lapRuns.departsAt,
      driverId: lapRuns.driverId,
      departedAt: lapRuns.departedAt,
      lateMinutes: lapRuns.lateMinutes,
    })
    .from(laps)
    .leftJoin(lapRuns, and(eq(lapRuns.lapId, laps.id), eq(lapRuns.menuId, menuId)))
    .where(and(eq(laps.providerId, providerId), eq(laps.active, true)))
    .orderBy(asc(laps.position), asc(laps.id));
  if (lapRows.length === 0) return [];
  const stopRows = await db
    .select({ lapId: lapLocations.lapId, locationId: locations.id, title: locations.title, travel: lapLocations.travelMinutes })
    .from(lapLocations)
    .innerJoin(locations, eq(locations.id, lapLocations.locationId))
    .where(
      inArray(
        lapLocations.lapId,
        lapRows.map((l) => l.id),
      ),
    )
    .orderBy(asc(lapLocations.lapId), asc(lapLocations.position), asc(lapLocations.locationId));

  return lapRows.map((l) => {
    const time = l.time ?? menu.departsAt;
    const departure = l.runDepartsAt ?? (time === null ? null : timeOnMenuDay(menu.from, menu.zone, time));
    let elapsed = 0;
    const stops = stopRows
      .filter((s) => s.lapId === l.id)
      .map((s, i): StopWindow => {
        const travelMinutes = s.travel ?? menu.stopMinutes;
        elapsed += travelMinutes;
        const from = departure === null ? null : addMinutes(departure, elapsed);
        return {
          locationId: s.locationId,
          title: s.title,
          stop: i + 1,
          travelMinutes,
          from: from?.toISOString() ?? null,
          to: from === null ? null : addMinutes(from, menu.windowMinutes).toISOString(),
        };
      });
    return {
      lapId: l.id,
      title: l.title,
      departsAt: departure?.toISOString() ?? null,
      driverId: l.driverId ?? null,
      departedAt: l.departedAt?.toISOString() ?? null,
      lateMinutes: l.lateMinutes ?? null,
      stops,
    };
  });
}

/**
 * The window promised to a location on a menu's day: its stop on an active lap of the menu's
 * provider; null when it is on no such lap or the lap has no departure. 404 for an unknown menu.
 */
export async function windowFor(db: Db | Tx, menuId: number, locationId: number): Promise<{ from: string; to: string } | null> {
  const [menu] = await db.select({ providerId: menus.providerId }).from(menus).where(eq(menus.id, menuId));
  if (!menu) throw new AppError(404, t.coded('notFound'));
  const [onLap] = await db
    .select({ lapId: lapLocations.lapId })
    .from(lapLocations)
    .innerJoin(laps, eq(laps.id, lapLocations.lapId))
    .where(and(eq(lapLocations.locationId, locationId), eq(laps.providerId, menu.providerId), eq(laps.active, true)));
  if (!onLap) return null;
  const plan = (await lapPlans(db, menu.providerId, menuId)).find((p) => p.lapId === onLap.lapId);
  const stop = plan?.stops.find((s) => s.locationId === locationId);
  return stop?.from && stop.to ? { from: stop.from, to: stop.to } : null;
}
