import { and, eq, isNotNull, min } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db } from '../../db/client.js';
import { lapLocations, laps, orders } from '../../db/schema/index.js';
import { placedOrder } from '../orders/placed.read.js';

/**
 * The instant a lap planned to leave at `time` ('HH:MM' or 'HH:MM:SS', the provider's zone) leaves
 * on a menu's day (the day of the menu's start in that zone), as an ISO time; null without a time.
 */
export function departureOn(menuFrom: Date | string, zone: string, time: string | null): string | null {
  if (time === null) return null;
  const [hour, minute] = time.split(':').map(Number);
  const day = DateTime.fromJSDate(new Date(menuFrom)).setZone(zone).startOf('day');
  return day.set({ hour, minute }).toUTC().toISO({ suppressMilliseconds: true });
}

/**
 * The kitchen display's departure (decision 041): the earliest planned departure among the
 * provider's active laps that carry a placed order of the menu; null when none of them has one.
 */
export async function earliestDeparture(
  db: Db,
  providerId: number,
  menu: { id: number; from: Date | string; timezone: string },
): Promise<string | null> {
  const [row] = await db
    .select({ at: min(laps.departsAt) })
    .from(laps)
    .innerJoin(lapLocations, eq(lapLocations.lapId, laps.id))
    .innerJoin(orders, eq(orders.locationId, lapLocations.locationId))
    .where(
      and(eq(laps.providerId, providerId), eq(laps.active, true), isNotNull(laps.departsAt), eq(orders.menuId, menu.id), placedOrder()),
    );
  return departureOn(menu.from, menu.timezone, row?.at ?? null);
}
