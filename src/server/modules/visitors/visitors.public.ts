/*
 * The visitor's side of a visitor link (decision 077), without a session: the token names one
 * link, which shows one menu's dishes and set meals (no prices: the company pays) and takes one
 * pick, once. Unknown or withdrawn: 404; used or past its deadline: 410.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { pickText, type Lang } from '../../../shared/i18n.js';
import { STAFF } from '../../../shared/roles.js';
import { cheapestSelectionCents } from '../../../shared/ordering/complex.js';
import type { Visit, VisitDish, VisitOption, VisitOrderBody, VisitOrderResult } from '../../../shared/schemas/visitors.js';
import type { Db, Tx } from '../../db/client.js';
import { locations, users, visitorLinks } from '../../db/schema/index.js';
import type { RequestContext } from '../../lib/context.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { isoTime } from '../../lib/time.js';
import { hashToken } from '../../lib/tokens.js';
import { isOpen, loadBalances, loadMenu, type Balances, type MenuData, type OptionData } from '../priced-menu/priced-menu.read.js';
import { visitorsText } from './visitors.messages.js';
import { placeGuestOrder, type GuestOrderCtx } from './visitors.order.js';

interface LiveLink {
  id: number;
  menuId: number;
  locationId: number;
  hostId: number;
  guestName: string;
  costCentreId: number | null;
  expiresAt: Date;
  usedAt: Date | null;
}

const linkColumns = {
  id: visitorLinks.id,
  menuId: visitorLinks.menuId,
  locationId: visitorLinks.locationId,
  hostId: visitorLinks.hostId,
  guestName: visitorLinks.guestName,
  costCentreId: visitorLinks.costCentreId,
  expiresAt: visitorLinks.expiresAt,
  usedAt: visitorLinks.usedAt,
};

/** Why a token opens nothing: 404 unknown (or withdrawn: the row is gone), 410 used or expired. */
function refusal(link: LiveLink | undefined): AppError {
  if (!link) return new AppError(404, visitorsText.coded('linkNotFound'));
  if (link.usedAt) return new AppError(410, visitorsText.coded('linkUsed'));
  return new AppError(410, visitorsText.coded('linkExpired'));
}

async function findLink(db: Db | Tx, token: string): Promise<LiveLink | undefined> {
  const [link] = await db
    .select(linkColumns)
    .from(visitorLinks)
    .where(eq(visitorLinks.tokenHash, hashToken(token)));
  return link;
}

/**
 * The link's menu while the link may be used: open, the location still orders for visitors, and
 * its host may still host there (active; staff, or the location's manager): a link of a host who
 * left, lost the role or moved opens nothing, as a withdrawn one (404).
 */
async function usableMenu(db: Db, link: LiveLink | undefined, now: Date): Promise<{ link: LiveLink; menu: MenuData; limitCents: number }> {
  if (!link || link.usedAt || link.expiresAt.getTime() <= now.getTime()) throw refusal(link);
  const [menu, [location], [host]] = await Promise.all([
    loadMenu(db, link.menuId),
    db.select({ limit: locations.meetingLimitCents }).from(locations).where(eq(locations.id, link.locationId)),
    db
      .select({ active: users.active, role: users.role, isLocationManager: users.isLocationManager, locationId: users.locationId })
      .from(users)
      .where(eq(users.id, link.hostId)),
  ]);
  const hosts = !!host?.active && (STAFF.includes(host.role) || (host.isLocationManager && host.locationId === link.locationId));
  if (!hosts) throw refusal(undefined);
  if (!menu || !isOpen(menu, now) || location?.limit == null) throw new AppError(410, visitorsText.coded('linkExpired'));
  return { link, menu, limitCents: location.limit };
}

function presentOption(menu: MenuData, stock: Balances, o: OptionData, lang: Lang): VisitOption {
  const qty = stock.get(o.id);
  return {
    id: o.id,
    title: pickText(o.title, lang),
    summary: pickText(o.summary, lang),
    allergens: o.allergens.map((id) => ({ id, title: pickText(menu.allergenTitles.get(id), lang) })),
    ...(o.allergensConfirmed ? {} : { allergens_unknown: true as const }),
    diets: o.diets,
    available: qty === undefined || qty === null || qty > 0,
  };
}

/** The menu as the visitor sees it: dishes within the location's limit, no prices. */
function presentVisitMenu(menu: MenuData, stock: Balances, limitCents: number, lang: Lang): Visit['categories'] {
  return menu.categories.map((c) => ({
    id: c.id,
    title: pickText(c.title, lang),
    dishes: c.dishIds.map((id): VisitDish => {
      const d = menu.dishes.get(id)!;
      const cents = d.type === 'simple' ? d.priceCents : cheapestSelectionCents(d.groups, d.priceCents);
      const own = presentOption(menu, stock, d, lang);
      return {
        ...own,
        // Only a plain dish's own flag is shown: a set meal's options carry what it contains.
        ...(d.type === 'simple' ? {} : { allergens_unknown: undefined }),
        type: d.type,
        available: own.available && cents <= limitCents,
        complex: d.groups.map((g) => ({
          id: g.id,
          title: pickText(g.title, lang),
          optional: g.optional,
          dishes: g.dishes.map((o) => presentOption(menu, stock, o, lang)),
        })),
      };
    }),
  }));
}

/** GET /app/visit/{token}. */
export async function readVisit(ctx: Pick<RequestContext, 'db' | 'now' | 'lang'>, token: string): Promise<Visit> {
  const { link, menu, limitCents } = await usableMenu(ctx.db, await findLink(ctx.db, token), ctx.now);
  const [[host], [location], stock] = await Promise.all([
    ctx.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, link.hostId)),
    ctx.db.select({ title: locations.title }).from(locations).where(eq(locations.id, link.locationId)),
    loadBalances(ctx.db, menu.id),
  ]);
  return {
    guest_name: link.guestName,
    host_first_name: host?.firstName ?? '',
    location_title: location?.title ?? '',
    menu: { id: menu.id, title: menu.title, from: isoTime(menu.from), deadline: isoTime(menu.to), timezone: menu.provider.timezone },
    categories: presentVisitMenu(menu, stock, limitCents, ctx.lang),
  };
}

/**
 * POST /app/visit/{token}/order: the visitor's one pick, placed as the host's guest order. The
 * link is claimed in the order's own transaction (`used_at` and `order_id` set where it is unused
 * and not expired): of two parallel picks one claims it, the other finds it used and writes
 * nothing; an order refused (sold out, over the limit, past the deadline meanwhile) leaves the
 * link unused, so the visitor can choose again.
 */
export async function orderVisit(
  ctx: GuestOrderCtx & Pick<RequestContext, 'lang'>,
  token: string,
  input: VisitOrderBody,
  requestId: string,
): Promise<VisitOrderResult> {
  const { link, menu } = await usableMenu(ctx.db, await findLink(ctx.db, token), ctx.now);
  const item = input.items[0]!;
  const dish = menu.dishes.get(item.id);
  if (!dish) throw fieldError(t.coded('invalid'), { 'items.0.id': [visitorsText.coded('dishNotOnMenu')] });
  // The link is claimed inside the order's transaction (used_at and order_id set where it is still
  // unused and unexpired): of two parallel picks the second waits on the link's row, finds it used
  // and writes nothing; a refused order leaves the link unused; no link is used without its order.
  await placeGuestOrder(ctx, {
    hostId: link.hostId,
    locationId: link.locationId,
    menuId: link.menuId,
    guestName: link.guestName,
    items: input.items,
    deliveryNote: '',
    costCentreId: link.costCentreId,
    actorId: null,
    requestId,
    withinOrder: async (tx, orderId) => {
      const [claimed] = await tx
        .update(visitorLinks)
        .set({ usedAt: ctx.now, orderId })
        .where(and(eq(visitorLinks.id, link.id), isNull(visitorLinks.usedAt), gt(visitorLinks.expiresAt, ctx.now)))
        .returning({ id: visitorLinks.id });
      if (!claimed) throw refusal(await findLink(tx, token));
    },
  });
  return { dish: pickText(dish.title, ctx.lang) };
}
