import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Lang } from '../../../shared/i18n.js';
import { toEuros } from '../../../shared/money.js';
import type { DayCash, StopStatus, StopStatusInput, UnroutedList } from '../../../shared/schemas/laps.js';
import type { Db, Tx } from '../../db/client.js';
import type { UserContext } from '../../lib/context.js';
import { cashBalances, lapLocations, lapStopStatuses, laps, locations, menus, orders, providers } from '../../db/schema/index.js';
import { recordAudit, type AuditWho } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { presentSummary, providerMenu } from '../priced-menu/priced-menu.read.js';
import { placedOrder } from '../orders/placed.read.js';
import { lapText } from './laps.messages.js';

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

/**
 * GET /app/laps/cash/{menuId}: the day's cash per active lap (lap order) and for the locations
 * with cash orders or recorded cash that are on no active lap: expected (the cash orders' amount
 * to pay), collected (recorded on the lap report), difference (collected less expected) and how
 * many stops with cash to collect have nothing recorded.
 */
export async function dayCash(db: Db, providerId: number, menuId: number, lang: Lang): Promise<DayCash> {
  const menu = await providerMenu(db, providerId, menuId);
  const [expectedRows, collectedRows, stopRows, statusRows] = await Promise.all([
    db
      .select({
        locationId: orders.locationId,
        cents: sql<number>`coalesce(sum(case when ${orders.paymentType} = 'cash' then ${orders.amountToPayCents} else 0 end), 0)`.mapWith(
          Number,
        ),
      })
      .from(orders)
      .where(and(eq(orders.menuId, menuId), placedOrder()))
      .groupBy(orders.locationId),
    db
      .select({ locationId: cashBalances.locationId, cents: cashBalances.amountCents })
      .from(cashBalances)
      .where(eq(cashBalances.menuId, menuId)),
    db
      .select({ lapId: laps.id, title: laps.title, locationId: lapLocations.locationId })
      .from(laps)
      .leftJoin(lapLocations, eq(lapLocations.lapId, laps.id))
      .where(and(eq(laps.providerId, providerId), eq(laps.active, true)))
      .orderBy(asc(laps.position), asc(laps.id), asc(lapLocations.position)),
    db
      .select({ locationId: lapStopStatuses.locationId, status: lapStopStatuses.status })
      .from(lapStopStatuses)
      .where(eq(lapStopStatuses.menuId, menuId)),
  ]);
  const statusOf = new Map(statusRows.map((r) => [r.locationId, r.status]));
  const expected = new Map(expectedRows.map((r) => [r.locationId, r.cents]));
  const collected = new Map(collectedRows.map((r) => [r.locationId, r.cents]));

  type Row = { id: number | null; title: string; stops: number[] };
  const rows: Row[] = [];
  const routed = new Set<number>();
  for (const r of stopRows) {
    let row = rows.at(-1);
    if (!row || row.id !== r.lapId) rows.push((row = { id: r.lapId, title: r.title, stops: [] }));
    if (r.locationId !== null) {
      row.stops.push(r.locationId);
      routed.add(r.locationId);
    }
  }
  const loose = [...new Set([...expected.keys(), ...collected.keys()])].filter(
    (id): id is number => id !== null && !routed.has(id) && ((expected.get(id) ?? 0) > 0 || collected.has(id)),
  );
  if (loose.length > 0) rows.push({ id: null, title: lapText(lang, 'noLap'), stops: loose });

  const sum = (stops: number[]) => {
    let e = 0;
    let c = 0;
    let missing = 0;
    for (const id of stops) {
      const exp = expected.get(id) ?? 0;
      e += exp;
      c += collected.get(id) ?? 0;
      if (exp > 0 && !collected.has(id)) missing++;
    }
    return { e, c, missing };
  };
  const present = (s: ReturnType<typeof sum>) => ({
    expected: toEuros(s.e),
    collected: toEuros(s.c),
    difference: toEuros(s.c - s.e),
    missing: s.missing,
  });
  return {
    dishlist: presentSummary(menu),
    laps: rows.map((r) => {
      const statuses = { loaded: 0, delivered: 0, problem: 0 };
      for (const id of r.stops) {
        const s = statusOf.get(id);
        if (s) statuses[s]++;
      }
      return { id: r.id, title: r.title, stops: r.stops.length, ...present(sum(r.stops)), statuses };
    }),
    totals: present(sum(rows.flatMap((r) => r.stops))),
  };
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
  };
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
  await providerMenu(db, providerId, menuId);
  await deliverableLocation(db, providerId, locationId);
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
    const [row] = await tx
      .update(lapStopStatuses)
      .set({
        status: input.status,
        note: input.note ?? '',
        changedAt: now,
        changedById: user.id,
        ...(firstDelivery ? { deliveredAt: now, deliveredById: user.id } : {}),
      })
      .where(key)
      .returning();
    await recordAudit(tx, who, {
      action: 'lap.stop_status',
      entityType: 'lap_stop',
      entityId: `${menuId}:${locationId}`,
      providerId,
      before: old!.changedAt.getTime() === now.getTime() && old!.status === input.status ? null : { status: old!.status, note: old!.note },
      after: { status: row!.status, note: row!.note },
    });
    const changed = created.length > 0 || old!.status !== row!.status || old!.note !== row!.note;
    return { changed, firstDelivery };
  });
  const status = (await stopStatusesOf(db, menuId, [locationId])).get(locationId)!;
  return { status, ...result };
}
