import type { Db } from '../../db/client.js';
import { lapLocations, laps } from '../../db/schema/index.js';

/** A lap of the provider with the given locations in that order. */
export async function makeLap(db: Db, providerId: number, locationIds: number[] = [], values: Partial<typeof laps.$inferInsert> = {}) {
  const [row] = await db
    .insert(laps)
    .values({ providerId, title: `Maršruts ${Math.random().toString(36).slice(2, 7)}`, ...values })
    .returning();
  if (locationIds.length)
    await db.insert(lapLocations).values(locationIds.map((locationId, position) => ({ lapId: row!.id, locationId, position })));
  return row!;
}
