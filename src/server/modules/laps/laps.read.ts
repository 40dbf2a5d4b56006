import { and, asc, eq, inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db } from '../../db/client.js';
import { lapLocations, lapRuns, laps, locations, menus, providers } from '../../db/schema/index.js';

/*
 * STAND-IN written by the driver slice so its code compiles and is tested before the promised
 * slice lands: it follows the preamble's contract (lapPlans, windowFor). On merge the promised
 * slice's laps.read.ts replaces this file whole.
 */

export interface StopWindow {
  locationId: number;
  title: string;
  /** 1-based. */
  stop: number;
  travelMinutes: number;
  from: string | null;
  to: string | null;
}

export interface LapPlan {
  lapId: number;
  title: string;
  /** The effective departure (the day's run, else the lap's time, else the provider's, on the menu's day); null: none. */
  departsAt: string | null;
  driverId: number | null;
  departedAt: string | null;
  lateMinutes: number | null;
  stops: StopWindow[];
}

const iso = (d: DateTime) => d.toUTC().toISO({ suppressMilliseconds: true })!;

function onDay(menuFrom: Date, zone: string, time: string | null): DateTime | null {
  if (time === null) return null;
  const [hour, minute] = time.split(':').map(Number);
  return DateTime.fromJSDate(menuFrom).setZone(zone).startOf('day').set({ hour, minute });
}

/** The provider's active laps on a menu's day with their departure and each stop's window. */
export async function lapPlans(db: Db, providerId: number, menuId: number): Promise<LapPlan[]> {
  const [menu] = await db
    .select({
      from: menus.from,
      zone: providers.timezone,
      departsAt: providers.departsAt,
      stop: providers.stopMinutes,
      window: providers.windowMinutes,
    })
    .from(menus)
    .innerJoin(providers, eq(providers.id, menus.providerId))
    .where(and(eq(menus.id, menuId), eq(menus.providerId, providerId)));
  if (!menu) return [];
  const lapRows = await db
    .select({ lap: laps, run: lapRuns })
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
        lapRows.map((r) => r.lap.id),
      ),
    )
    .orderBy(asc(lapLocations.position), asc(lapLocations.locationId));
  return lapRows.map(({ lap, run }) => {
    const departs = run?.departsAt
      ? DateTime.fromJSDate(run.departsAt)
      : onDay(menu.from, menu.zone, lap.departsAt ?? menu.departsAt ?? null);
    let minutes = 0;
    const stops = stopRows
      .filter((s) => s.lapId === lap.id)
      .map((s, i) => {
        const travelMinutes = s.travel ?? menu.stop;
        minutes += travelMinutes;
        const from = departs?.plus({ minutes });
        return {
          locationId: s.locationId,
          title: s.title,
          stop: i + 1,
          travelMinutes,
          from: from ? iso(from) : null,
          to: from ? iso(from.plus({ minutes: menu.window })) : null,
        };
      });
    return {
      lapId: lap.id,
      title: lap.title,
      departsAt: departs ? iso(departs) : null,
      driverId: run?.driverId ?? null,
      departedAt: run?.departedAt?.toISOString() ?? null,
      lateMinutes: run?.lateMinutes ?? null,
      stops,
    };
  });
}

/** The promised window of a stop on a menu's day; null without a departure or when no active lap stops there. */
export async function windowFor(db: Db, menuId: number, locationId: number): Promise<{ from: string; to: string } | null> {
  const [menu] = await db.select({ providerId: menus.providerId }).from(menus).where(eq(menus.id, menuId));
  if (!menu) return null;
  for (const plan of await lapPlans(db, menu.providerId, menuId)) {
    const stop = plan.stops.find((s) => s.locationId === locationId);
    if (stop?.from && stop.to) return { from: stop.from, to: stop.to };
  }
  return null;
}
