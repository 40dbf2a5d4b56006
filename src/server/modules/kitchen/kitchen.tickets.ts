import { and, asc, eq, isNull } from 'drizzle-orm';
import { DEFAULT_LANG, pickText, type Lang } from '../../../shared/i18n.js';
import type { KitchenTicket, TicketGrouping, TicketOrder, TicketsResult } from '../../../shared/schemas/kitchen.js';
import type { Db } from '../../db/client.js';
import type { RequestContext, UserContext } from '../../lib/context.js';
import { kdsBumps, locations, orders, users } from '../../db/schema/index.js';
import { recordAudit, type AuditWho } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { deliveryOrder, deliveryStops, type DeliveryPlace } from './kitchen.delivery.js';
import { presentSummary, providerMenu } from '../priced-menu/priced-menu.read.js';
import { allergenTitlesOf, namedAllergens } from '../orders/allergens.read.js';
import { loadOrderLines } from '../orders/orders.read.js';
import { ORDER_STATUS, shownOrder } from '../orders/placed.read.js';
import { departureOn, earliestDeparture } from './kitchen.departure.js';

/** Bumped tickets that can be recalled: the last 20. */
export const RECALLABLE = 20;

type Bump = { ticketKey: string; bumpedAt: Date; recalledAt: Date | null };
type Built = KitchenTicket & { changedAt: Date };

const iso = (d: Date) => d.toISOString();

/** The orders of a menu (placed and cancelled) as tickets, in delivery order, with their bumps. */
async function buildTickets(db: Db, providerId: number, menuId: number, by: TicketGrouping, lang: Lang) {
  const menu = await providerMenu(db, providerId, menuId);
  const [rows, stopOf, bumps, titles] = await Promise.all([
    db
      .select({
        id: orders.id,
        status: orders.status,
        name: users.firstName,
        locationId: orders.locationId,
        location: locations.title,
        comment: orders.comment,
        createdAt: orders.createdAt,
        paidAt: orders.paidAt,
        cancelledAt: orders.cancelledAt,
        warnings: orders.allergenWarnings,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(locations, eq(locations.id, orders.locationId))
      .where(and(eq(orders.menuId, menuId), shownOrder()))
      .orderBy(asc(orders.id)),
    deliveryStops(db, providerId),
    db
      .select({ ticketKey: kdsBumps.ticketKey, bumpedAt: kdsBumps.bumpedAt, recalledAt: kdsBumps.recalledAt })
      .from(kdsBumps)
      .where(eq(kdsBumps.menuId, menuId)),
    allergenTitlesOf(db),
  ]);
  const itemsOf = await loadOrderLines(
    db,
    rows.map((r) => r.id),
  );
  const deadline = menu.to.getTime();

  const byDelivery = deliveryOrder(stopOf, lang);
  const tickets = new Map<string, Built & { place: DeliveryPlace; stopKeys: [number, string][] }>();
  const sorted = [...rows].sort((a, b) => byDelivery(a, b) || a.id - b.id);
  for (const r of sorted) {
    const stop = r.locationId !== null ? stopOf.get(r.locationId) : undefined;
    const byLap = by === 'lap' && stop !== undefined;
    const key = byLap ? `lap:${stop.lapId}` : `loc:${r.locationId ?? 'none'}`;
    const placedAt = r.paidAt ?? r.createdAt;
    const cancelled = r.status === ORDER_STATUS.cancelled;
    const changedAt = cancelled && r.cancelledAt && r.cancelledAt > placedAt ? r.cancelledAt : placedAt;
    const late = placedAt.getTime() > deadline || (cancelled && r.cancelledAt !== null && r.cancelledAt.getTime() > deadline);
    const lines = (itemsOf.get(r.id) ?? []).map((i) => ({
      title: pickText(i.title, lang),
      qty: i.qty,
      options: i.options.map((o) => pickText(o.title, lang)),
      allergen: i.allergenIds.some((a) => r.warnings.includes(a)),
    }));
    const order: TicketOrder = {
      id: r.id,
      name: r.name,
      location: r.location,
      comment: r.comment,
      placed_at: iso(placedAt),
      late,
      cancelled,
      allergens: namedAllergens(titles, r.warnings, lang).map((a) => a.title),
      lines,
    };
    let ticket = tickets.get(key);
    if (!ticket) {
      ticket = {
        key,
        kind: byLap ? 'lap' : 'location',
        title: byLap ? stop.lapTitle : r.location,
        stops: [],
        stopKeys: [],
        orders: [],
        portions: 0,
        late: false,
        changed_at: iso(changedAt),
        changedAt,
        changed_after_bump: false,
        dispatch_at: departureOn(menu.from, menu.timezone, stop?.departsAt ?? null),
        place: r,
      };
      tickets.set(key, ticket);
    }
    ticket.orders.push(order);
    if (r.location !== null && !ticket.stopKeys.some(([id]) => id === r.locationId)) ticket.stopKeys.push([r.locationId!, r.location]);
    if (!cancelled) ticket.portions += lines.reduce((s, l) => s + l.qty, 0);
    ticket.late ||= late;
    if (changedAt > ticket.changedAt) {
      ticket.changedAt = changedAt;
      ticket.changed_at = iso(changedAt);
    }
  }
  const all = [...tickets.values()]
    .sort((a, b) => byDelivery(a.place, b.place))
    .map(({ place: _place, stopKeys, ...t }) => ({ ...t, stops: stopKeys.map(([, title]) => title) }));
  return { menu, tickets: all, bumps: new Map(bumps.map((b) => [b.ticketKey, b])) };
}

/** Bumped: a bump not recalled, and no order of the ticket placed or cancelled since. */
function isBumped(ticket: Built, bump: Bump | undefined): boolean {
  return bump !== undefined && bump.recalledAt === null && bump.bumpedAt >= ticket.changedAt;
}

const present = ({ changedAt: _c, ...t }: Built): KitchenTicket => t;

/** GET /app/kitchen/{menuId}/tickets. */
export async function ticketsOfMenu(
  ctx: Pick<RequestContext, 'db' | 'now' | 'lang' | 'provider'>,
  { menuId, by }: { menuId: number; by: TicketGrouping },
): Promise<TicketsResult> {
  const { db, now, lang } = ctx;
  const providerId = await ctx.provider();
  const { menu, tickets, bumps } = await buildTickets(db, providerId, menuId, by, lang);
  const departure = await earliestDeparture(db, providerId, menu);
  const open: KitchenTicket[] = [];
  const bumped: TicketsResult['bumped'] = [];
  for (const ticket of tickets) {
    const bump = bumps.get(ticket.key);
    if (bump && isBumped(ticket, bump)) bumped.push({ ...present(ticket), bumped_at: iso(bump.bumpedAt) });
    else open.push({ ...present(ticket), changed_after_bump: bump !== undefined && bump.recalledAt === null });
  }
  bumped.sort((a, b) => b.bumped_at.localeCompare(a.bumped_at) || a.key.localeCompare(b.key));
  return {
    dishlist: presentSummary(menu),
    by,
    // The laps' planned departures (decision 041); never made up (it was the deadline + 60 min,
    // "departure 00:59" for a lunch delivered at noon).
    dispatch_at: departure,
    tickets: open,
    bumped: bumped.slice(0, RECALLABLE),
    updated_at: iso(now),
  };
}

/**
 * POST /app/kitchen/{menuId}/tickets/bump: marks a ticket done. Idempotent: a ticket already
 * bumped (and unchanged since) is left as it was (`changed: false`). A ticket shown again after a
 * late change is bumped anew. 404 for a ticket the menu has no orders for.
 */
export async function bumpTicket(
  ctx: Pick<UserContext, 'db' | 'now' | 'user' | 'provider'>,
  { menuId, key, who }: { menuId: number; key: string; who: AuditWho },
) {
  const { db, now } = ctx;
  const userId = ctx.user.id;
  const providerId = await ctx.provider();
  const by: TicketGrouping = key.startsWith('lap:') ? 'lap' : 'location';
  // Only the tickets' keys are read here: the language of their titles does not matter.
  const { tickets, bumps } = await buildTickets(db, providerId, menuId, by, DEFAULT_LANG);
  // Every location has a ticket of its own in the per-location view, so that view judges "loc:" keys.
  const ticket = tickets.find((x) => x.key === key);
  if (!ticket) throw new AppError(404, t.coded('notFound'));
  if (isBumped(ticket, bumps.get(key))) return { success: true, changed: false, ticket: key };
  const values = { menuId, ticketKey: key, bumpedAt: now, bumpedById: userId, recalledAt: null };
  await db.transaction(async (tx) => {
    await tx
      .insert(kdsBumps)
      .values(values)
      .onConflictDoUpdate({ target: [kdsBumps.menuId, kdsBumps.ticketKey], set: { bumpedAt: now, bumpedById: userId, recalledAt: null } });
    await recordAudit(tx, who, {
      action: 'ticket.bump',
      entityType: 'ticket',
      entityId: `${menuId}:${key}`,
      providerId,
      after: { bumped: true },
    });
  });
  return { success: true, changed: true, ticket: key };
}

/**
 * POST /app/kitchen/{menuId}/tickets/recall: brings a bumped ticket back. Idempotent: a ticket not
 * bumped (never, or recalled already) answers `changed: false`.
 */
export async function recallTicket(
  ctx: Pick<RequestContext, 'db' | 'now' | 'provider'>,
  { menuId, key, who }: { menuId: number; key: string; who: AuditWho },
) {
  const { db, now } = ctx;
  const providerId = await ctx.provider();
  await providerMenu(db, providerId, menuId);
  const done = await db.transaction(async (tx) => {
    const rows = await tx
      .update(kdsBumps)
      .set({ recalledAt: now })
      .where(and(eq(kdsBumps.menuId, menuId), eq(kdsBumps.ticketKey, key), isNull(kdsBumps.recalledAt)))
      .returning({ key: kdsBumps.ticketKey });
    if (rows.length)
      await recordAudit(tx, who, {
        action: 'ticket.recall',
        entityType: 'ticket',
        entityId: `${menuId}:${key}`,
        providerId,
        before: { bumped: true },
        after: { bumped: false },
      });
    return rows;
  });
  return { success: true, changed: done.length > 0, ticket: key };
}
