import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Lang } from '../../../shared/i18n.js';
import { toEuros } from '../../../shared/money.js';
import type { DriverLap, DriverTapInput, DriverToday, TapAnswer } from '../../../shared/schemas/driver.js';
import type { Db, Tx } from '../../db/client.js';
import { driverTaps, lapLocations, lapRuns, lapStopStatuses, laps, menus, providers } from '../../db/schema/index.js';
import type { AuditWho } from '../../lib/audit.js';
import type { UserContext } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { providerMenu } from '../priced-menu/priced-menu.read.js';
import { setStopStatus } from './laps.day.js';
import { lapText } from './laps.messages.js';
import { lapPlans, type LapPlan } from './laps.read.js';
import { loadReport } from './laps.report.js';
import { arriveAtStop, departLap } from './laps.runs.js';

/*
 * The driver's phone (issue 28, decision 069): the laps the caller drives today, and their taps,
 * each applied once per tap id in the same transaction that records it.
 */

/** A menu of today in its provider's time zone. */
const menuOfToday = (now: Date) =>
  sql`(${menus.from} at time zone ${providers.timezone})::date = (${now.toISOString()}::timestamptz at time zone ${providers.timezone})::date`;

/** GET /app/driver/today: the active provider's laps the caller drives on today's menus, stops in order. */
export async function driverToday(ctx: UserContext, lang: Lang): Promise<DriverToday> {
  const { db, now, user } = ctx;
  const providerId = await ctx.provider();
  const runs = await db
    .select({ lapId: lapRuns.lapId, menuId: lapRuns.menuId, menuTitle: menus.title })
    .from(lapRuns)
    .innerJoin(laps, eq(laps.id, lapRuns.lapId))
    .innerJoin(menus, eq(menus.id, lapRuns.menuId))
    .innerJoin(providers, eq(providers.id, menus.providerId))
    .where(
      and(
        eq(lapRuns.driverId, user.id),
        eq(laps.providerId, providerId),
        eq(laps.active, true),
        eq(menus.providerId, providerId),
        menuOfToday(now),
      ),
    )
    .orderBy(asc(menus.from), asc(menus.id), asc(laps.position), asc(laps.id));
  const plansOf = new Map<number, Promise<LapPlan[]>>();
  const out: DriverLap[] = [];
  for (const r of runs) {
    if (!plansOf.has(r.menuId)) plansOf.set(r.menuId, lapPlans(db, providerId, r.menuId));
    const [plans, report, runRow] = await Promise.all([
      plansOf.get(r.menuId)!,
      loadReport(db, providerId, r.lapId, r.menuId, lang),
      db
        .select()
        .from(lapRuns)
        .where(and(eq(lapRuns.lapId, r.lapId), eq(lapRuns.menuId, r.menuId))),
    ]);
    const plan = plans.find((p) => p.lapId === r.lapId);
    const ids = report.locations.map((l) => l.id);
    const arrivals = ids.length
      ? await db
          .select({ locationId: lapStopStatuses.locationId, at: lapStopStatuses.arrivedAt })
          .from(lapStopStatuses)
          .where(and(eq(lapStopStatuses.menuId, r.menuId), inArray(lapStopStatuses.locationId, ids)))
      : [];
    const arrivedAt = new Map(arrivals.map((a) => [a.locationId, a.at]));
    const run = runRow[0]!;
    out.push({
      lap_id: r.lapId,
      menu_id: r.menuId,
      title: report.lap.title,
      menu_title: r.menuTitle,
      departs_at: plan?.departsAt ?? null,
      departed_at: run.departedAt?.toISOString() ?? null,
      late_minutes: run.lateMinutes,
      stops: report.locations.map((l, i) => {
        const window = plan?.stops.find((s) => s.locationId === l.id);
        return {
          location_id: l.id,
          stop: i + 1,
          title: l.title,
          address: l.address,
          contact_name: l.contactName,
          contact_phone: l.contactPhone,
          window_from: window?.from ?? null,
          window_to: window?.to ?? null,
          status: l.status?.status ?? null,
          note: l.status?.note ?? '',
          arrived_at: arrivedAt.get(l.id)?.toISOString() ?? null,
          delivered_at: l.status?.delivered_at ?? null,
          hand_over: l.handOver,
          portions: l.handOver.reduce((n, h) => n + h.qty, 0),
          handed_over: l.handedOver,
          cash_to_collect: l.sums.cash > 0 ? toEuros(l.sums.cash) : null,
        };
      }),
    });
  }
  return { laps: out };
}

/** The caller drives the lap on the menu's day: 404 when the lap (active), menu or stop is not the provider's, 403 when not theirs today. */
async function checkDriver(ctx: UserContext, providerId: number, input: DriverTapInput) {
  const { db, now, user } = ctx;
  const [lap] = await db
    .select({ id: laps.id })
    .from(laps)
    .where(and(eq(laps.id, input.lapId), eq(laps.providerId, providerId), eq(laps.active, true)));
  if (!lap) throw new AppError(404, t.coded('notFound'));
  await providerMenu(db, providerId, input.menuId);
  if (input.locationId !== undefined) {
    const [stop] = await db
      .select({ id: lapLocations.locationId })
      .from(lapLocations)
      .where(and(eq(lapLocations.lapId, input.lapId), eq(lapLocations.locationId, input.locationId)));
    if (!stop) throw new AppError(404, lapText.coded('locationNotFound'));
  }
  const [mine] = await db
    .select({ lapId: lapRuns.lapId })
    .from(lapRuns)
    .innerJoin(menus, eq(menus.id, lapRuns.menuId))
    .innerJoin(providers, eq(providers.id, menus.providerId))
    .where(and(eq(lapRuns.lapId, input.lapId), eq(lapRuns.menuId, input.menuId), eq(lapRuns.driverId, user.id), menuOfToday(now)));
  if (!mine) throw new AppError(403, t.coded('forbidden'));
}

/** The answer recorded for a tap id, when the caller sent it before. */
async function recordedTap(db: Db | Tx, userId: number, id: string): Promise<{ answer: TapAnswer } | null> {
  const [row] = await db.select().from(driverTaps).where(eq(driverTaps.id, id));
  if (!row) return null;
  // Another user's tap id (a uuid does not repeat by chance): answered as unknown.
  if (row.userId !== userId) throw new AppError(404, t.coded('notFound'));
  return { answer: row.result as TapAnswer };
}

/**
 * POST /app/driver/taps: applies a tap once. The tap id is claimed first in the transaction that
 * applies it; the same id sent again (or at the same time: its insert waits for the first to
 * commit) answers the recorded answer and changes nothing. A refused tap (403/404) records
 * nothing, so it can be sent again once fixed. The notices it makes due go out after the commit
 * (the route calls app.deliveryChanged, decision 068).
 */
export async function applyTap(ctx: UserContext, input: DriverTapInput, who: AuditWho): Promise<{ answer: TapAnswer; changed: boolean }> {
  const { db, now, user } = ctx;
  const earlier = await recordedTap(db, user.id, input.id);
  if (earlier) return { ...earlier, changed: false };
  const providerId = await ctx.provider();
  await checkDriver(ctx, providerId, input);
  const done = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(driverTaps)
      // Only applied taps stay recorded (a refused one rolls back), so their status is 200.
      .values({ id: input.id, userId: user.id, status: 200, appliedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!claimed) return { ...(await recordedTap(tx, user.id, input.id))!, changed: false };
    const answer: TapAnswer = { id: input.id, action: input.action, applied_at: now.toISOString(), run: null, stop: null };
    const { lapId, menuId } = input;
    const locationId = input.locationId!;
    let changed = true;
    if (input.action === 'departed') {
      const r = await departLap(ctx, { lapId, menuId, who, tx });
      answer.run = r.run;
      changed = r.changed;
    } else if (input.action === 'arrived') {
      changed = (await arriveAtStop(ctx, { menuId, locationId, who, tx })).changed;
    } else {
      // setStopStatus runs in a savepoint of this transaction (a Tx reads and writes like a Db); a
      // problem's new estimate goes through its rule (decision 067), a refused one rolls the tap back.
      const r = await setStopStatus(
        { ...ctx, db: tx as unknown as Db },
        {
          menuId,
          locationId,
          input: { status: input.action, note: input.note, estimate_at: input.estimate_at },
          who,
        },
      );
      changed = r.changed;
    }
    if (input.action !== 'departed') {
      const [s] = await tx
        .select({ status: lapStopStatuses.status, arrivedAt: lapStopStatuses.arrivedAt })
        .from(lapStopStatuses)
        .where(and(eq(lapStopStatuses.menuId, menuId), eq(lapStopStatuses.locationId, locationId)));
      answer.stop = { location_id: locationId, status: s?.status ?? null, arrived_at: s?.arrivedAt?.toISOString() ?? null };
    }
    await tx.update(driverTaps).set({ result: answer }).where(eq(driverTaps.id, input.id));
    return { answer, changed };
  });
  return done;
}
