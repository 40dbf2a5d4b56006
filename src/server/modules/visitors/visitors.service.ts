/*
 * A host's visitors (decision 077): ordering for a visitor directly, and visitor links (create,
 * list, revoke). Only the token's SHA-256 is stored; the token lives only in the answered URL.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { pickText } from '../../../shared/i18n.js';
import type {
  CreatedVisitorLink,
  CreateVisitorLinkBody,
  HostOrderBody,
  VisitorLink,
  VisitorLinkList,
  VisitorLinkState,
} from '../../../shared/schemas/visitors.js';
import { locations, menus, visitorLinks } from '../../db/schema/index.js';
import type { Env } from '../../env.js';
import { recordAudit, type AuditWho } from '../../lib/audit.js';
import type { UserContext } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { visitorLink as visitorLinkUrl } from '../../lib/links.js';
import { t } from '../../lib/messages.js';
import { hit } from '../../lib/rate-limit.js';
import { isoTime } from '../../lib/time.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { loadOrderLines } from '../orders/orders.read.js';
import { checkCostCentre, hostLocation, isHost, openMenu } from './visitors.hosts.js';
import { visitorsText } from './visitors.messages.js';
import { placeGuestOrder, type GuestOrderCtx } from './visitors.order.js';
import { checkStaffMenu } from '../meetings/meetings.service.js';

/** Visitor links one host may create per hour (a link is a company-paid lunch). */
export const LINK_LIMITS = { perHost: 30, windowMs: 60 * 60_000 } as const;

/** POST /app/visitors/orders: the host orders for a visitor (a guest order, paid by the company). */
export async function orderForVisitor(ctx: UserContext & Pick<GuestOrderCtx, 'changes'>, input: HostOrderBody, requestId: string) {
  const location = await hostLocation(ctx.db, ctx.user, input.location_id);
  await checkStaffMenu(ctx, input.menu_id);
  await openMenu(ctx.db, input.menu_id, ctx.now);
  const costCentreId = await checkCostCentre(ctx.db, location, input.cost_centre_id);
  const { orderId } = await placeGuestOrder(ctx, {
    hostId: ctx.user.id,
    locationId: location.id,
    menuId: input.menu_id,
    guestName: input.guest_name,
    items: input.items,
    deliveryNote: input.delivery_note,
    costCentreId,
    actorId: ctx.user.id,
    requestId,
  });
  return { order_id: orderId };
}

/** POST /app/visitor-links: a single-use link to one menu, expiring at its deadline. */
export async function createVisitorLink(
  ctx: UserContext,
  env: Env,
  { input, who }: { input: CreateVisitorLinkBody; who: AuditWho },
): Promise<CreatedVisitorLink> {
  const { db, user, now } = ctx;
  const location = await hostLocation(db, user, input.location_id);
  await checkStaffMenu(ctx, input.menu_id);
  const menu = await openMenu(db, input.menu_id, now);
  const costCentreId = await checkCostCentre(db, location, input.cost_centre_id);
  const calls = await hit(db, `visitor-link:host:${user.id}`, LINK_LIMITS.windowMs);
  if (calls.count > LINK_LIMITS.perHost) {
    const seconds = Math.max(1, Math.ceil((calls.resetAt.getTime() - Date.now()) / 1000));
    throw new AppError(429, t.coded('tooManyRequests'), {}, { 'retry-after': String(seconds) });
  }
  const token = newToken();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(visitorLinks)
      .values({
        tokenHash: hashToken(token),
        menuId: menu.id,
        locationId: location.id,
        hostId: user.id,
        guestName: input.guest_name,
        costCentreId,
        // Never past the menu's deadline: after it the menu takes no orders anyway.
        expiresAt: menu.to,
      })
      .returning({ id: visitorLinks.id, expiresAt: visitorLinks.expiresAt });
    await recordAudit(tx, who, {
      action: 'visitor_link.create',
      entityType: 'visitor_link',
      entityId: created!.id,
      after: { menu_id: menu.id, location_id: location.id, guest_name: input.guest_name, cost_centre_id: costCentreId },
    });
    return created!;
  });
  return { id: row.id, url: visitorLinkUrl(env, token), expires_at: isoTime(row.expiresAt) };
}

function stateOf(link: { usedAt: Date | null; expiresAt: Date }, now: Date): VisitorLinkState {
  if (link.usedAt) return 'used';
  return link.expiresAt.getTime() <= now.getTime() ? 'expired' : 'open';
}

/** GET /app/visitor-links: the caller's own links, newest first, with their state and order. */
export async function listVisitorLinks(ctx: UserContext): Promise<VisitorLinkList> {
  const { db, user, now, lang } = ctx;
  if (!isHost(user)) throw new AppError(403, visitorsText.coded('notHost'));
  const rows = await db
    .select({
      id: visitorLinks.id,
      guestName: visitorLinks.guestName,
      menuId: visitorLinks.menuId,
      menuTitle: menus.title,
      menuFrom: menus.from,
      locationTitle: locations.title,
      expiresAt: visitorLinks.expiresAt,
      usedAt: visitorLinks.usedAt,
      orderId: visitorLinks.orderId,
    })
    .from(visitorLinks)
    .innerJoin(menus, eq(menus.id, visitorLinks.menuId))
    .innerJoin(locations, eq(locations.id, visitorLinks.locationId))
    .where(eq(visitorLinks.hostId, user.id))
    .orderBy(desc(visitorLinks.id))
    .limit(200);
  const orderIds = rows.flatMap((r) => (r.orderId ? [r.orderId] : []));
  const lines = await loadOrderLines(db, orderIds);
  const data: VisitorLink[] = rows.map((r) => ({
    id: r.id,
    guest_name: r.guestName,
    menu_id: r.menuId,
    menu_title: r.menuTitle,
    menu_from: isoTime(r.menuFrom),
    location_title: r.locationTitle,
    state: stateOf(r, now),
    expires_at: isoTime(r.expiresAt),
    used_at: r.usedAt ? isoTime(r.usedAt) : null,
    order: r.orderId ? { id: r.orderId, dishes: (lines.get(r.orderId) ?? []).map((l) => pickText(l.title, lang)) } : null,
  }));
  return { data };
}

/** DELETE /app/visitor-links/{id}: the host withdraws a link not used yet (it then opens nothing). */
export async function revokeVisitorLink(ctx: UserContext, { id, who }: { id: number; who: AuditWho }): Promise<void> {
  const { db, user } = ctx;
  if (!isHost(user)) throw new AppError(403, visitorsText.coded('notHost'));
  const [link] = await db
    .select({ hostId: visitorLinks.hostId, usedAt: visitorLinks.usedAt, menuId: visitorLinks.menuId })
    .from(visitorLinks)
    .where(eq(visitorLinks.id, id));
  if (!link) throw new AppError(404, visitorsText.coded('linkNotFound'));
  if (link.hostId !== user.id) throw new AppError(403, t.coded('forbidden'));
  await db.transaction(async (tx) => {
    // Unused only, checked in the statement: a visitor's pick racing the withdrawal wins or loses whole.
    const gone = await tx
      .delete(visitorLinks)
      .where(and(eq(visitorLinks.id, id), eq(visitorLinks.hostId, user.id), isNull(visitorLinks.usedAt)))
      .returning({ id: visitorLinks.id });
    if (gone.length === 0) throw new AppError(409, visitorsText.coded('linkUsedCannotRevoke'));
    await recordAudit(tx, who, {
      action: 'visitor_link.revoke',
      entityType: 'visitor_link',
      entityId: id,
      before: { menu_id: link.menuId },
    });
  });
}
