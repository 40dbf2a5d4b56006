import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { StopStatus, StopStatusInput, UnroutedList } from '../../../shared/schemas/laps.js';
import type { Db, Tx } from '../../db/client.js';
import type { UserContext } from '../../lib/context.js';
import { cashBalances, lapLocations, lapStopStatuses, laps, locations, menus, orders, providers } from '../../db/schema/index.js';
import { recordAudit, type AuditWho } from '../../lib/audit.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { announceDeliveryProblem } from '../announcements/announcements.service.js';
import { providerMenu } from '../priced-menu/priced-menu.read.js';
import { placedOrder } from '../orders/placed.read.js';
import { lapText } from './laps.messages.js';
import { minutesLate, windowFor } from './laps.read.js';

/*
 * The day around the laps (issues 13 and 14, decision 043): deleting a lap, the locations with
 * orders that no active lap delivers to, the day's cash across laps, and each stop's delivery
 * status (its notices are the delivery module's, decision 068).
 */

/**
 * A menu whose day has not ended: its date in the provider's time zone is today or later, or it
 * is still open for orders (a deadline past midnight keeps its day going).
 */
const dayNotOver = (now: Date) =>
  sql`((${menus.from} at time zone ${providers.timezone})::date >= (${now.toISOString()}::timestamptz at time zone ${providers.timezone})::date
    or ${menus.to} > ${now.toISOString()}::timestamptz)`;

/**
 * DELETE /app/laps/{id}. Refused (409, naming the menu) while one of its stops carries a report
 * of a menu whose day has not ended: placed orders, recorded cash or a stop status.
 */
export async function deleteLap(db: Db, providerId: number, lapId: number, now: Date, who: AuditWho): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(laps)
      .where(and(eq(laps.id, lapId), eq(laps.providerId, providerId)))
      .for('update');
    if (!row) throw new AppError(404, t.coded('notFound'));
    const stops = (
      await tx
        .select({ id: lapLocations.locationId })
        .from(lapLocations)
        .where(eq(lapLocations.lapId, lapId))
        .orderBy(asc(lapLocations.position))
    ).map((r) => r.id);
    if (stops.length > 0) {
      const [busy] = await tx
        .select({ title: menus.title })
        .from(menus)
        .innerJoin(providers, eq(providers.id, menus.providerId))
        .where(
          and(
            eq(menus.providerId, providerId),
            dayNotOver(now),
            sql`(exists (select 1 from ${orders} where ${orders.menuId} = ${menus.id} and ${placedOrder()} and ${inArray(orders.locationId, stops)})
              or exists (select 1 from ${cashBalances} where ${cashBalances.menuId} = ${menus.id} and ${inArray(cashBalances.locationId, stops)})
              or exists (select 1 from ${lapStopStatuses} where ${lapStopStatuses.menuId} = ${menus.id} and ${inArray(lapStopStatuses.locationId, stops)}))`,
          ),
        )
        .orderBy(asc(menus.from), asc(menus.id))
        .limit(1);
      if (busy) throw new AppError(409, lapText.coded('busy', { menu: busy.title }));
    }
    await tx.delete(laps).where(eq(laps.id, lapId));
    await recordAudit(tx, who, {
      action: 'lap.delete',
      entityType: 'lap',
      entityId: lapId,
      providerId,
      before: { title: row.title, active: row.active, position: row.position, locations: stops },
      after: null,
    });
  });
}

/** Locations on an active lap of the provider. */
const onActiveLap = (providerId: number) =>
  sql`exists (select 1 from ${lapLocations} join ${laps} on ${laps.id} = ${lapLocations.lapId}
    where ${lapLocations.locationId} = ${orders.locationId} and ${laps.active} and ${laps.providerId} = ${providerId})`;

/**
 * GET /app/laps/unrouted: per menu (the one named, else every menu whose day has not ended) the
 * locations with placed orders that no active lap of the provider delivers to.
 */
export async function unroutedLocations(db: Db, providerId: number, now: Date, menuId: number | undefined): Promise<UnroutedList> {
  if (menuId !== undefined) await providerMenu(db, providerId, menuId);
  const rows = await db
    .select({
      menuId: menus.id,
      menuTitle: menus.title,
      from: menus.from,
      id: locations.id,
      title: locations.title,
      orders: sql<number>`count(*)`.mapWith(Number),
    })
    .from(orders)
    .innerJoin(menus, eq(menus.id, orders.menuId))
    .innerJoin(providers, eq(providers.id, menus.providerId))
    .innerJoin(locations, eq(locations.id, orders.locationId))
    .where(
      and(
        eq(menus.providerId, providerId),
        placedOrder(),
        menuId !== undefined ? eq(menus.id, menuId) : dayNotOver(now),
        sql`not ${onActiveLap(providerId)}`,
      ),
    )
    .groupBy(menus.id, locations.id)
    .orderBy(asc(menus.from), asc(menus.id), asc(sql`lower(${locations.title})`), asc(locations.id));
  const data: UnroutedList['data'] = [];
  for (const r of rows) {
    let entry = data.at(-1);
    if (!entry || entry.menu.id !== r.menuId) {
      entry = { menu: { id: r.menuId, title: r.menuTitle, from: r.from.toISOString() }, locations: [] };
      data.push(entry);
    }
    entry.locations.push({ id: r.id, title: r.title, orders: r.orders });
  }
  return { data };
}

// ---------------------------------------------------------------- stop statuses

/** Who changed a status: the user's first name, else their e-mail. */
const nameOf = (id: typeof lapStopStatuses.changedById | typeof lapStopStatuses.deliveredById) =>
  sql<string | null>`(select coalesce(nullif(trim(u.first_name), ''), u.email) from users u where u.id = ${id})`;

/** The stop statuses of a menu at the given locations. */
export async function stopStatusesOf(db: Db | Tx, menuId: number, locationIds: number[]): Promise<Map<number, StopStatus>> {
  if (locationIds.length === 0) return new Map();
  const rows = await db
    .select({ row: lapStopStatuses, changedBy: nameOf(lapStopStatuses.changedById), deliveredBy: nameOf(lapStopStatuses.deliveredById) })
    .from(lapStopStatuses)
    .where(and(eq(lapStopStatuses.menuId, menuId), inArray(lapStopStatuses.locationId, locationIds)));
  return new Map(rows.map((r) => [r.row.locationId, presentStatus(r.row, r.changedBy, r.deliveredBy)]));
}

function presentStatus(row: typeof lapStopStatuses.$inferSelect, changedBy: string | null, deliveredBy: string | null): StopStatus {
  return {
    location_id: row.locationId,
    status: row.status,
    note: row.note,
    changed_at: row.changedAt.toISOString(),
    changed_by: changedBy,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    delivered_by: deliveredBy,
    estimate_at: row.estimateAt?.toISOString() ?? null,
    promised_from: row.promisedFrom?.toISOString() ?? null,
    promised_to: row.promisedTo?.toISOString() ?? null,
    late_minutes: row.lateMinutes,
  };
}

/** How far in the past a new estimate may be (the driver types it a little after the moment). */
const ESTIMATE_SLACK_MS = 5 * 60_000;

/**
 * A problem's new estimate (undefined: not sent, null: cleared): only with a problem, on the menu's
 * day in the provider's zone, and not more than a few minutes in the past (422 on estimate_at).
 */
function newEstimate(input: StopStatusInput, menu: { from: Date; timezone: string }, now: Date): Date | null | undefined {
  if (input.estimate_at === undefined || input.estimate_at === null) return input.estimate_at;
  const fail = (key: 'estimateProblemOnly' | 'estimateOffDay' | 'estimatePast') =>
    fieldError(t.coded('invalid'), { estimate_at: [lapText.coded(key)] });
  if (input.status !== 'problem') throw fail('estimateProblemOnly');
  const at = DateTime.fromISO(input.estimate_at, { zone: menu.timezone });
  if (!at.isValid) throw fieldError(t.coded('invalid'), { estimate_at: [t.coded('invalidValue')] });
  if (!at.setZone(menu.timezone).hasSame(DateTime.fromJSDate(menu.from).setZone(menu.timezone), 'day')) throw fail('estimateOffDay');
  if (at.toMillis() < now.getTime() - ESTIMATE_SLACK_MS) throw fail('estimatePast');
  return at.toJSDate();
}

/** A location staff of this provider may deliver to: it exists and is on no other provider's lap. */
async function deliverableLocation(db: Db, providerId: number, locationId: number) {
  const [loc] = await db
    .select({ id: locations.id, title: locations.title, lapProvider: laps.providerId })
    .from(locations)
    .leftJoin(lapLocations, eq(lapLocations.locationId, locations.id))
    .leftJoin(laps, eq(laps.id, lapLocations.lapId))
    .where(eq(locations.id, locationId));
  if (!loc || (loc.lapProvider !== null && loc.lapProvider !== providerId)) throw new AppError(404, lapText.coded('locationNotFound'));
  return loc;
}

/**
 * PUT /app/laps/stops/{menuId}/{locationId}: sets the stop's status. The first time it becomes
 * "delivered" records when and by whom. The notices this makes due ("lunch is delivered" to the
 * eaters who asked) are sent by the caller after the commit (app.deliveryChanged, decision 068):
 * `changed` says whether the status or note changed, `firstDelivery` whether this call delivered.
 */
export async function setStopStatus(
  ctx: UserContext,
  { menuId, locationId, input, who }: { menuId: number; locationId: number; input: StopStatusInput; who: AuditWho },
): Promise<{ status: StopStatus; changed: boolean; firstDelivery: boolean }> {
  const { db, now, user } = ctx;
  const providerId = await ctx.provider();
  const menu = await providerMenu(db, providerId, menuId);
  await deliverableLocation(db, providerId, locationId);
  const estimate = newEstimate(input, menu, now);
  const result = await db.transaction(async (tx) => {
    const key = and(eq(lapStopStatuses.menuId, menuId), eq(lapStopStatuses.locationId, locationId));
    // The first writer creates the row; everyone then locks it, so two "delivered" marks queue.
    const created = await tx
      .insert(lapStopStatuses)
      .values({ menuId, locationId, status: input.status, changedAt: now, changedById: user.id })
      .onConflictDoNothing()
      .returning({ menuId: lapStopStatuses.menuId });
    const [old] = await tx.select().from(lapStopStatuses).where(key).for('update');
    const firstDelivery = input.status === 'delivered' && old!.deliveredAt === null;
    // The window promised at the first delivery is kept with it (decision 067): later changes to
    // the departure or the travel minutes do not rewrite whether this stop was late.
    const promised = firstDelivery ? await windowFor(tx, menuId, locationId) : null;
    const [row] = await tx
      .update(lapStopStatuses)
      .set({
        status: input.status,
        note: input.note ?? '',
        changedAt: now,
        changedById: user.id,
        ...(firstDelivery
          ? {
              deliveredAt: now,
              deliveredById: user.id,
              promisedFrom: promised && new Date(promised.from),
              promisedTo: promised && new Date(promised.to),
              lateMinutes: minutesLate(now, promised?.to ?? null),
            }
          : {}),
        ...(estimate !== undefined ? { estimateAt: estimate } : {}),
      })
      .where(key)
      .returning();
    await recordAudit(tx, who, {
      action: 'lap.stop_status',
      entityType: 'lap_stop',
      entityId: `${menuId}:${locationId}`,
      providerId,
      before: old!.changedAt.getTime() === now.getTime() && old!.status === input.status ? null : { status: old!.status, note: old!.note },
      after: {
        status: row!.status,
        note: row!.note,
        ...(estimate !== undefined ? { estimate_at: estimate?.toISOString() ?? null } : {}),
        ...(firstDelivery ? { late_minutes: row!.lateMinutes } : {}),
      },
    });
    // Turning into a problem tells exactly the stop's eaters (decision 082); the caller's
    // app.deliveryChanged after the commit kicks its delivery.
    if (row!.status === 'problem' && (created.length > 0 || old!.status !== 'problem'))
      await announceDeliveryProblem(tx, {
        providerId,
        menuId,
        locationId,
        note: row!.note,
        bannerOnly: estimate instanceof Date || row!.deliveredAt !== null,
        now,
      });
    const changed =
      created.length > 0 ||
      old!.status !== row!.status ||
      old!.note !== row!.note ||
      old!.estimateAt?.getTime() !== row!.estimateAt?.getTime();
    return { changed, firstDelivery };
  });
  const status = (await stopStatusesOf(db, menuId, [locationId])).get(locationId)!;
  return { status, ...result };
}
