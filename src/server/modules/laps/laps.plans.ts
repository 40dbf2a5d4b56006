import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { STAFF } from '../../../shared/roles.js';
import type { DayPlan, LapDayPlan, LapRunInput } from '../../../shared/schemas/lap-plans.js';
import type { Db, Tx } from '../../db/client.js';
import { lapRuns, lapStopStatuses, laps, menus, providers, users } from '../../db/schema/index.js';
import { recordChange, type AuditWho } from '../../lib/audit.js';
import { formatClockTime } from '../../lib/dates.js';
import type { UserContext } from '../../lib/context.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { lapText } from './laps.messages.js';
import { lapPlans, timeOnMenuDay, type LapPlan } from './laps.read.js';

/*
 * The day view of the laps (issue 28, decision 067): each active lap's departure and driver on a
 * menu's day with its stops' promised windows, and the day's own departure and driver.
 */

/** A user's name as the day view shows it: the first name, else the e-mail. */
const userName = sql<string>`coalesce(nullif(trim(${users.firstName}), ''), ${users.email})`;

/** Active staff members (admin, kitchen), who may drive a lap, by name. */
async function drivers(db: Db | Tx, ids?: number[]) {
  return db
    .select({ id: users.id, name: userName })
    .from(users)
    .where(and(eq(users.active, true), inArray(users.role, [...STAFF]), ids ? inArray(users.id, ids) : undefined))
    .orderBy(asc(sql`lower(${userName})`), asc(users.id));
}

/** The menu's day settings; 404 when the menu is not the provider's. */
async function menuDay(db: Db | Tx, providerId: number, menuId: number) {
  const [row] = await db
    .select({ from: menus.from, zone: providers.timezone, providerTime: providers.departsAt })
    .from(menus)
    .innerJoin(providers, eq(providers.id, menus.providerId))
    .where(and(eq(menus.id, menuId), eq(menus.providerId, providerId)));
  if (!row) throw new AppError(404, t.coded('notFound'));
  return row;
}

const hhmm = (time: string | null) => (time === null ? null : time.slice(0, 5));

/** GET /app/laps/plans/{menuId}. */
export async function readDayPlan(db: Db, providerId: number, menuId: number): Promise<DayPlan> {
  const day = await menuDay(db, providerId, menuId);
  const plans = await lapPlans(db, providerId, menuId);
  return { timezone: day.zone, laps: await presentPlans(db, day, menuId, plans), drivers: await drivers(db) };
}

async function presentPlans(db: Db | Tx, day: Awaited<ReturnType<typeof menuDay>>, menuId: number, plans: LapPlan[]) {
  const lapIds = plans.map((p) => p.lapId);
  const locationIds = plans.flatMap((p) => p.stops.map((s) => s.locationId));
  const [times, statuses, names] = await Promise.all([
    lapIds.length
      ? db
          .select({ id: laps.id, time: laps.departsAt, day: lapRuns.departsAt })
          .from(laps)
          .leftJoin(lapRuns, and(eq(lapRuns.lapId, laps.id), eq(lapRuns.menuId, menuId)))
          .where(inArray(laps.id, lapIds))
      : [],
    locationIds.length
      ? db
          .select({ id: lapStopStatuses.locationId, estimate: lapStopStatuses.estimateAt, late: lapStopStatuses.lateMinutes })
          .from(lapStopStatuses)
          .where(and(eq(lapStopStatuses.menuId, menuId), inArray(lapStopStatuses.locationId, locationIds)))
      : [],
    drivers(
      db,
      plans.map((p) => p.driverId).filter((id): id is number => id !== null),
    ),
  ]);
  const timeOf = new Map(times.map((r) => [r.id, r]));
  const statusOf = new Map(statuses.map((r) => [r.id, r]));
  const nameOf = new Map(names.map((r) => [r.id, r.name]));
  return plans.map((p): LapDayPlan => ({
    id: p.lapId,
    title: p.title,
    departs_at: p.departsAt,
    day_departs_at: dayTime(timeOf.get(p.lapId)?.day ?? null, day.zone),
    usual_departs_at: hhmm(timeOf.get(p.lapId)?.time ?? day.providerTime),
    driver: p.driverId === null ? null : { id: p.driverId, name: nameOf.get(p.driverId) ?? '' },
    departed_at: p.departedAt,
    late_minutes: p.lateMinutes,
    stops: p.stops.map((s) => ({
      location_id: s.locationId,
      title: s.title,
      stop: s.stop,
      travel_minutes: s.travelMinutes,
      from: s.from,
      to: s.to,
      estimate_at: statusOf.get(s.locationId)?.estimate?.toISOString() ?? null,
      late_minutes: statusOf.get(s.locationId)?.late ?? null,
    })),
  }));
}

const dayTime = (at: Date | null, zone: string) => (at === null ? null : formatClockTime(at, zone));

/**
 * PUT /app/laps/{lapId}/runs/{menuId}: the day's own departure and driver of an active lap of the
 * provider (404 otherwise, and for another provider's menu). The driver must be an active staff
 * member (422 on driver_id). Audited as `lap.run` when something changed.
 */
export async function setLapRun(
  ctx: UserContext,
  { lapId, menuId, input, who }: { lapId: number; menuId: number; input: LapRunInput; who: AuditWho },
): Promise<LapDayPlan> {
  const { db, now } = ctx;
  const providerId = await ctx.provider();
  const day = await menuDay(db, providerId, menuId);
  return db.transaction(async (tx) => {
    const [lap] = await tx
      .select({ id: laps.id })
      .from(laps)
      .where(and(eq(laps.id, lapId), eq(laps.providerId, providerId), eq(laps.active, true)));
    if (!lap) throw new AppError(404, t.coded('notFound'));
    if (input.driver_id !== undefined && input.driver_id !== null && (await drivers(tx, [input.driver_id])).length === 0)
      throw fieldError(t.coded('invalid'), { driver_id: [lapText.coded('notADriver')] });
    await tx.insert(lapRuns).values({ lapId, menuId, updatedAt: now }).onConflictDoNothing();
    const key = and(eq(lapRuns.lapId, lapId), eq(lapRuns.menuId, menuId));
    const [before] = await tx.select().from(lapRuns).where(key).for('update');
    const set: Partial<typeof lapRuns.$inferInsert> = {};
    if (input.departs_at !== undefined)
      set.departsAt = input.departs_at === null ? null : timeOnMenuDay(day.from, day.zone, input.departs_at);
    if (input.driver_id !== undefined) set.driverId = input.driver_id;
    const [after] = Object.keys(set).length
      ? await tx
          .update(lapRuns)
          .set({ ...set, updatedAt: now })
          .where(key)
          .returning()
      : [before!];
    const audited = (r: typeof lapRuns.$inferSelect) => ({ departs_at: dayTime(r.departsAt, day.zone), driver_id: r.driverId });
    await recordChange(tx, who, {
      action: 'lap.run',
      entityType: 'lap_run',
      entityId: `${lapId}:${menuId}`,
      providerId,
      before: audited(before!),
      after: audited(after!),
    });
    const plan = (await lapPlans(tx, providerId, menuId)).find((p) => p.lapId === lapId)!;
    return (await presentPlans(tx, day, menuId, [plan]))[0]!;
  });
}
