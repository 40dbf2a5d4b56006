import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { LapRun, StopArrival } from '../../../shared/schemas/driver.js';
import type { Db, Tx } from '../../db/client.js';
import { lapLocations, lapRuns, lapStopStatuses, laps, locations } from '../../db/schema/index.js';
import { recordAudit, type AuditWho } from '../../lib/audit.js';
import type { UserContext } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { providerMenu } from '../priced-menu/priced-menu.read.js';
import { lapPlans, minutesLate } from './laps.read.js';
import { lapText } from './laps.messages.js';

/*
 * The lap on its day (issue 28, decision 069): the driver says it left and that they arrived at
 * a stop. Both are recorded once: a second tap answers what the first recorded. The caller's
 * transaction may be passed in (`tx`), so a driver's tap and its effect commit together.
 */

/**
 * A lap departs and arrives on its menu's day (in the provider's zone), as the driver's phone only
 * shows today's laps: on another day "now" is not when it left (409, nothing recorded or sent).
 */
function onMenuDay(menu: { from: Date; timezone: string }, now: Date) {
  const day = (at: Date) => DateTime.fromJSDate(at).setZone(menu.timezone).toISODate();
  if (day(now) !== day(menu.from)) throw new AppError(409, lapText.coded('notMenuDay'));
}

const presentRun = (row: typeof lapRuns.$inferSelect, departsAt: string | null): LapRun => ({
  lap_id: row.lapId,
  menu_id: row.menuId,
  departs_at: departsAt,
  departed_at: row.departedAt?.toISOString() ?? null,
  late_minutes: row.lateMinutes,
});

/** An active lap of the provider (404 otherwise, as for the day's run: an inactive lap does not run). */
async function providerLap(db: Db | Tx, providerId: number, lapId: number) {
  const [row] = await db
    .select({ id: laps.id })
    .from(laps)
    .where(and(eq(laps.id, lapId), eq(laps.providerId, providerId), eq(laps.active, true)));
  if (!row) throw new AppError(404, t.coded('notFound'));
}

/**
 * POST /app/laps/{lapId}/runs/{menuId}/depart: the lap left now. The first departure is recorded
 * with who and how late (minutesLate after the planned departure of lapPlans: any part of a
 * minute counts, 0 on time or early, null without a plan); a later one answers the recorded one. `changed`: this call recorded it.
 */
export async function departLap(
  ctx: UserContext,
  { lapId, menuId, who, tx }: { lapId: number; menuId: number; who: AuditWho; tx?: Tx },
): Promise<{ run: LapRun; changed: boolean }> {
  const { now, user } = ctx;
  const providerId = await ctx.provider();
  const db = tx ?? ctx.db;
  await providerLap(db, providerId, lapId);
  // A Tx reads like a Db; the readers below take Db.
  onMenuDay(await providerMenu(db as Db, providerId, menuId), now);
  const plan = (await lapPlans(db, providerId, menuId)).find((p) => p.lapId === lapId);
  const departsAt = plan?.departsAt ?? null;
  const write = async (w: Tx) => {
    await w.insert(lapRuns).values({ lapId, menuId }).onConflictDoNothing();
    const key = and(eq(lapRuns.lapId, lapId), eq(lapRuns.menuId, menuId));
    const [old] = await w.select().from(lapRuns).where(key).for('update');
    if (old!.departedAt !== null) return { run: presentRun(old!, departsAt), changed: false };
    const lateMinutes = minutesLate(now, departsAt);
    const [row] = await w
      .update(lapRuns)
      .set({ departedAt: now, departedById: user.id, lateMinutes, updatedAt: now })
      .where(key)
      .returning();
    await recordAudit(w, who, {
      action: 'lap.depart',
      entityType: 'lap_run',
      entityId: `${lapId}:${menuId}`,
      providerId,
      before: null,
      after: { departed_at: now.toISOString(), departs_at: departsAt, late_minutes: lateMinutes },
    });
    return { run: presentRun(row!, departsAt), changed: true };
  };
  return tx ? write(tx) : ctx.db.transaction(write);
}

/**
 * POST /app/laps/stops/{menuId}/{locationId}/arrive: the driver is at a stop (a location on no
 * other provider's lap, 404 otherwise, as for the stop's status). The first arrival is kept; a stop not marked yet counts as
 * loaded (it is on the van).
 */
export async function arriveAtStop(
  ctx: UserContext,
  { menuId, locationId, who, tx }: { menuId: number; locationId: number; who: AuditWho; tx?: Tx },
): Promise<{ arrival: StopArrival; changed: boolean }> {
  const { now, user } = ctx;
  const providerId = await ctx.provider();
  const db = tx ?? ctx.db;
  onMenuDay(await providerMenu(db as Db, providerId, menuId), now);
  // As for a stop's status: a location that exists and is on no other provider's lap.
  const [loc] = await db
    .select({ id: locations.id, lapProvider: laps.providerId })
    .from(locations)
    .leftJoin(lapLocations, eq(lapLocations.locationId, locations.id))
    .leftJoin(laps, eq(laps.id, lapLocations.lapId))
    .where(eq(locations.id, locationId));
  if (!loc || (loc.lapProvider !== null && loc.lapProvider !== providerId)) throw new AppError(404, lapText.coded('locationNotFound'));
  const write = async (w: Tx) => {
    const key = and(eq(lapStopStatuses.menuId, menuId), eq(lapStopStatuses.locationId, locationId));
    await w
      .insert(lapStopStatuses)
      .values({ menuId, locationId, status: 'loaded', changedAt: now, changedById: user.id })
      .onConflictDoNothing();
    const [old] = await w.select().from(lapStopStatuses).where(key).for('update');
    const answer = (at: Date) => ({ menu_id: menuId, location_id: locationId, arrived_at: at.toISOString() });
    if (old!.arrivedAt !== null) return { arrival: answer(old!.arrivedAt), changed: false };
    await w.update(lapStopStatuses).set({ arrivedAt: now }).where(key);
    await recordAudit(w, who, {
      action: 'lap.stop_arrive',
      entityType: 'lap_stop',
      entityId: `${menuId}:${locationId}`,
      providerId,
      before: null,
      after: { arrived_at: now.toISOString() },
    });
    return { arrival: answer(now), changed: true };
  };
  return tx ? write(tx) : ctx.db.transaction(write);
}
