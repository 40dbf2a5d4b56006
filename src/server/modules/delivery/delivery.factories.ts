import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lapRuns, lapStopStatuses } from '../../db/schema/index.js';

/**
 * Departs a lap on a menu as the driver's "departed" will (laps.runs.ts, the driver slice): the
 * run's departed_at and late minutes, written directly (tests only).
 */
export async function departLap(db: Db, lapId: number, menuId: number, at: Date, lateMinutes: number | null = 0) {
  await db
    .insert(lapRuns)
    .values({ lapId, menuId, departedAt: at, lateMinutes })
    .onConflictDoUpdate({ target: [lapRuns.lapId, lapRuns.menuId], set: { departedAt: at, lateMinutes, updatedAt: sql`now()` } });
}

/** Gives a stop a new expected arrival, as a problem with an estimate will (tests only). */
export async function setEstimate(db: Db, menuId: number, locationId: number, estimateAt: Date, changedAt: Date) {
  await db
    .insert(lapStopStatuses)
    .values({ menuId, locationId, status: 'problem', note: 'Traffic', changedAt, estimateAt })
    .onConflictDoUpdate({ target: [lapStopStatuses.menuId, lapStopStatuses.locationId], set: { estimateAt } });
}
