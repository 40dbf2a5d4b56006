/*
 * Away days (issue 27, decision 061): a user marks their own days or a range away; a location's
 * manager (or staff) marks the location's closed days, recorded in the audit log. A user's list
 * offers their placed orders on away days for cancellation while the menu is still open.
 */
import { and, asc, eq, gt, gte, or, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type {
  AwayDay,
  AwayDaysAdded,
  AwayDaysResult,
  AwayOrder,
  AwayRangeInput,
  ClosedDaysResult,
} from '../../../shared/schemas/plan-ahead.js';
import { STAFF, hasRole } from '../../../shared/roles.js';
import type { Db } from '../../db/client.js';
import { awayDays, locations, menus, orders, providers } from '../../db/schema/index.js';
import { recordAudit, type AuditWho } from '../../lib/audit.js';
import type { AuthUser, UserContext } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { placedOrder } from '../orders/placed.read.js';
import { awayText } from './away.messages.js';
import { awayOn } from './away.read.js';

type Row = typeof awayDays.$inferSelect;
const present = (r: Row): AwayDay => ({ id: r.id, day: r.day, note: r.note, kind: r.userId !== null ? 'user' : 'location' });

/** The days from `from` to `to`, both included (ISO dates). */
export function daysOf(range: { from: string; to: string }): string[] {
  const out: string[] = [];
  for (let d = DateTime.fromISO(range.from, { zone: 'utc' }); d.toISODate()! <= range.to; d = d.plus({ days: 1 })) out.push(d.toISODate()!);
  return out;
}

/** The first day listed: yesterday by UTC, so that today is listed in every zone west or east of it. */
function sinceDay(now: Date): string {
  return DateTime.fromJSDate(now, { zone: 'utc' }).minus({ days: 1 }).toISODate()!;
}

/** GET /app/away-days: the caller's away days and their location's closed days, and their orders on them still cancellable. */
export async function listAwayDays(ctx: UserContext): Promise<AwayDaysResult> {
  const { db, user, now } = ctx;
  const mine =
    user.locationId === null ? eq(awayDays.userId, user.id) : or(eq(awayDays.userId, user.id), eq(awayDays.locationId, user.locationId));
  const rows = await db
    .select()
    .from(awayDays)
    .where(and(mine, gte(awayDays.day, sinceDay(now))))
    .orderBy(asc(awayDays.day), asc(awayDays.id));
  return { data: rows.map(present), orders: await ordersOnAwayDays(db, user, now) };
}

/**
 * The user's placed orders on an away day (the menu's day: its `from` in the provider's zone) whose
 * menu is still open: the page offers each for cancellation (POST /app/order/{id}/cancel).
 */
async function ordersOnAwayDays(db: Db, user: AuthUser, now: Date): Promise<AwayOrder[]> {
  const day = sql<string>`((${menus.from} at time zone ${providers.timezone})::date)::text`;
  const rows = await db
    .select({ orderId: orders.id, day, title: menus.title, to: menus.to })
    .from(orders)
    .innerJoin(menus, eq(menus.id, orders.menuId))
    .innerJoin(providers, eq(providers.id, menus.providerId))
    .where(
      and(
        eq(orders.userId, user.id),
        placedOrder(),
        eq(menus.status, true),
        gt(menus.to, now),
        awayOn(
          { id: sql`${user.id}::int`, locationId: sql`${user.locationId}::int` },
          sql`(${menus.from} at time zone ${providers.timezone})`,
        ),
      ),
    )
    .orderBy(asc(menus.to), asc(orders.id));
  return rows.map((r) => ({ order_id: r.orderId, day: r.day, menu_title: r.title, deadline: r.to.toISOString() }));
}

/** POST /app/away-days: marks the caller away on every day of the range (days already marked stay as they are). */
export async function addAwayDays(ctx: UserContext, input: AwayRangeInput): Promise<AwayDaysAdded> {
  const days = daysOf(input);
  const rows = await ctx.db
    .insert(awayDays)
    .values(days.map((day) => ({ userId: ctx.user.id, day, note: input.note ?? '', createdById: ctx.user.id })))
    .onConflictDoNothing()
    .returning({ id: awayDays.id });
  return { added: rows.length };
}

/** DELETE /app/away-days/{id}: the owner removes their own away day (403 for anyone else's). */
export async function removeAwayDay(ctx: UserContext, id: number): Promise<void> {
  const [row] = await ctx.db.select().from(awayDays).where(eq(awayDays.id, id));
  if (!row) throw new AppError(404, t.coded('notFound'));
  if (row.userId !== ctx.user.id) throw new AppError(403, awayText.coded('notYours'));
  await ctx.db.delete(awayDays).where(eq(awayDays.id, id));
}

/**
 * The location's manager (a customer managing it) or staff may mark its closed days; a location
 * that does not exist is a 404 for staff (not the foreign key's refusal). Answers the location.
 */
async function assertLocationManager(db: Db, user: AuthUser, locationId: number): Promise<{ id: number; title: string }> {
  if (!hasRole(user.role, STAFF) && !(user.isLocationManager && user.locationId === locationId))
    throw new AppError(403, awayText.coded('notManager'));
  const [found] = await db.select({ id: locations.id, title: locations.title }).from(locations).where(eq(locations.id, locationId));
  if (!found) throw new AppError(404, t.coded('notFound'));
  return found;
}

/** GET /app/locations/{id}/closed-days. */
export async function listClosedDays(ctx: UserContext, locationId: number): Promise<ClosedDaysResult> {
  const location = await assertLocationManager(ctx.db, ctx.user, locationId);
  const rows = await ctx.db
    .select()
    .from(awayDays)
    .where(and(eq(awayDays.locationId, locationId), gte(awayDays.day, sinceDay(ctx.now))))
    .orderBy(asc(awayDays.day));
  return { data: rows.map(present), orders: [], location };
}

/** POST /app/locations/{id}/closed-days: the days the office is closed, recorded in the audit log. */
export async function addClosedDays(ctx: UserContext, who: AuditWho, req: { locationId: number; input: AwayRangeInput }) {
  await assertLocationManager(ctx.db, ctx.user, req.locationId);
  const days = daysOf(req.input);
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .insert(awayDays)
      .values(days.map((day) => ({ locationId: req.locationId, day, note: req.input.note ?? '', createdById: ctx.user.id })))
      .onConflictDoNothing()
      .returning({ id: awayDays.id, day: awayDays.day });
    if (rows.length > 0)
      await recordAudit(tx, who, {
        action: 'location.closed_day',
        entityType: 'location',
        entityId: req.locationId,
        after: { days: rows.map((r) => r.day), note: req.input.note ?? '' },
      });
    return { added: rows.length };
  });
}

/** DELETE /app/locations/{id}/closed-days/{dayId}. */
export async function removeClosedDay(ctx: UserContext, who: AuditWho, req: { locationId: number; dayId: number }): Promise<void> {
  await assertLocationManager(ctx.db, ctx.user, req.locationId);
  await ctx.db.transaction(async (tx) => {
    const gone = await tx
      .delete(awayDays)
      .where(and(eq(awayDays.id, req.dayId), eq(awayDays.locationId, req.locationId)))
      .returning({ day: awayDays.day });
    if (gone.length === 0) throw new AppError(404, t.coded('notFound'));
    await recordAudit(tx, who, {
      action: 'location.closed_day_remove',
      entityType: 'location',
      entityId: req.locationId,
      before: { days: gone.map((r) => r.day) },
    });
  });
}
