import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { LapList, LapStop, Lap } from '../../../shared/schemas/laps.js';
import type { Db, Tx } from '../../db/client.js';
import { lapLocations, laps, locations } from '../../db/schema/index.js';
import { locationAddressLine } from '../../lib/address-sql.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { presentLap } from './laps.present.js';

/** A stop's address is shown on one line (street, city, post code). */
const locationColumns = { id: locations.id, title: locations.title, address: locationAddressLine, status: locations.status };

export async function stopsOf(db: Db | Tx, lapIds: number[]): Promise<Map<number, LapStop[]>> {
  const byLap = new Map<number, LapStop[]>(lapIds.map((id) => [id, []]));
  if (lapIds.length === 0) return byLap;
  const rows = await db
    .select({ lapId: lapLocations.lapId, ...locationColumns, travel_minutes: lapLocations.travelMinutes })
    .from(lapLocations)
    .innerJoin(locations, eq(locations.id, lapLocations.locationId))
    .where(inArray(lapLocations.lapId, lapIds))
    .orderBy(asc(lapLocations.lapId), asc(lapLocations.position), asc(lapLocations.locationId));
  for (const { lapId, ...l } of rows) byLap.get(lapId)!.push(l);
  return byLap;
}

/** GET /app/laps: the provider's laps in position order, and the locations on no lap. */
export async function listLaps(db: Db, providerId: number): Promise<LapList> {
  const rows = await db.select().from(laps).where(eq(laps.providerId, providerId)).orderBy(asc(laps.position), asc(laps.id));
  const stops = await stopsOf(
    db,
    rows.map((r) => r.id),
  );
  const unassigned = await db
    .select(locationColumns)
    .from(locations)
    .leftJoin(lapLocations, eq(lapLocations.locationId, locations.id))
    .where(isNull(lapLocations.lapId))
    .orderBy(asc(sql`lower(${locations.title})`), asc(locations.id));
  return { data: rows.map((r) => presentLap(r, stops.get(r.id)!)), unassigned };
}

export async function readLap(db: Db | Tx, providerId: number, lapId: number): Promise<Lap> {
  const [row] = await db
    .select()
    .from(laps)
    .where(and(eq(laps.id, lapId), eq(laps.providerId, providerId)));
  if (!row) throw new AppError(404, t.coded('notFound'));
  return presentLap(row, (await stopsOf(db, [row.id])).get(row.id)!);
}
