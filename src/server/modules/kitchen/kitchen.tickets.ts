import { and, eq, isNull } from 'drizzle-orm';
import { DEFAULT_LANG } from '../../../shared/i18n.js';
import type { KitchenTicket, TicketGrouping, TicketsResult } from '../../../shared/schemas/kitchen.js';
import type { RequestContext, UserContext } from '../../lib/context.js';
import { kdsBumps } from '../../db/schema/index.js';
import { recordAudit, type AuditWho } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { presentSummary, providerMenu } from '../priced-menu/priced-menu.read.js';
import { buildTickets, type Built, type Bump } from './kitchen.tickets.build.js';

/** Bumped tickets that can be recalled: the last 20. */
export const RECALLABLE = 20;

const iso = (d: Date) => d.toISOString();

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
  const { menu, tickets, bumps, dispatchAt } = await buildTickets(db, providerId, menuId, by, lang);
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
    dispatch_at: dispatchAt,
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
