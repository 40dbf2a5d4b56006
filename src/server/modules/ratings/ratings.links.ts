import { and, eq, gt, isNull } from 'drizzle-orm';
import type { OrderRatings, RateBody } from '../../../shared/schemas/ratings.js';
import type { Db, Tx } from '../../db/client.js';
import { ratingLinks } from '../../db/schema/index.js';
import type { RequestContext } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { hit } from '../../lib/rate-limit.js';
import { hashToken } from '../../lib/tokens.js';
import { ORDER_STATUS } from '../orders/placed.read.js';
import { ratingsText } from './ratings.messages.js';
import { ratedOrder, type RatedOrder } from './ratings.queries.js';
import { orderRatingsOf, writeRatings } from './ratings.service.js';

/*
 * A rating link (decision 079): sent with the "delivered" notice (delivery.service.ts, made by
 * lib/rating-window.ts), it opens one order's rating without signing in, until it is used once or
 * the window ends. Unknown, or its eater deactivated: 404; used, expired or its order cancelled: 410.
 */

/** Reads and tries per address: enough for a person, too few to guess tokens (256 random bits anyway). */
export const RATE_LINK_LIMIT = { count: 60, windowMs: 10 * 60_000 } as const;

type Ctx = Pick<RequestContext, 'db' | 'now' | 'lang'>;
type Link = { orderId: number; expiresAt: Date; usedAt: Date | null };

async function findLink(db: Db | Tx, tokenHash: string): Promise<Link | undefined> {
  const [link] = await db
    .select({ orderId: ratingLinks.orderId, expiresAt: ratingLinks.expiresAt, usedAt: ratingLinks.usedAt })
    .from(ratingLinks)
    .where(eq(ratingLinks.tokenHash, tokenHash));
  return link;
}

function linkRefusal(link: Link | undefined, order: RatedOrder | undefined, now: Date): AppError | null {
  // A deactivated eater's link opens nothing, as an unknown one (their sessions ended too).
  if (!link || !order || !order.userActive) return new AppError(404, ratingsText.coded('linkNotFound'));
  if (link.usedAt) return new AppError(410, ratingsText.coded('linkUsed'));
  if (order.status === ORDER_STATUS.cancelled) return new AppError(410, ratingsText.coded('linkCancelled'));
  if (link.expiresAt <= now) return new AppError(410, ratingsText.coded('linkExpired'));
  return null;
}

async function limited(db: Db, ip: string): Promise<void> {
  const { count } = await hit(db, `rate-link:ip:${ip}`, RATE_LINK_LIMIT.windowMs);
  if (count > RATE_LINK_LIMIT.count) throw new AppError(429, t.coded('tooManyRequests'));
}

async function usableLink(ctx: Ctx, tokenHash: string): Promise<RatedOrder> {
  const link = await findLink(ctx.db, tokenHash);
  const order = link && (await ratedOrder(ctx.db, link.orderId));
  const refused = linkRefusal(link, order, ctx.now);
  if (refused) throw refused;
  return order!;
}

/** GET /app/rate/{token}: the link's order, its dishes and their ratings (no user data). */
export async function readRateLink(ctx: Ctx, input: { token: string; ip: string }): Promise<OrderRatings> {
  await limited(ctx.db, input.ip);
  return orderRatingsOf(ctx, await usableLink(ctx, hashToken(input.token)));
}

/**
 * POST /app/rate/{token}: rates and uses the link in one transaction. The link is claimed first
 * (used_at set where it is unused and unexpired): of two parallel posts the second waits on the
 * link's row, finds it used and writes nothing (410); a refused rating leaves the link unused.
 */
export async function rateByLink(ctx: Ctx, input: { token: string; ip: string; body: RateBody }): Promise<OrderRatings> {
  await limited(ctx.db, input.ip);
  const tokenHash = hashToken(input.token);
  const order = await usableLink(ctx, tokenHash);
  return writeRatings(ctx, order, input.body, async (tx) => {
    const [claimed] = await tx
      .update(ratingLinks)
      .set({ usedAt: ctx.now })
      .where(and(eq(ratingLinks.tokenHash, tokenHash), isNull(ratingLinks.usedAt), gt(ratingLinks.expiresAt, ctx.now)))
      .returning({ orderId: ratingLinks.orderId });
    if (!claimed) throw linkRefusal(await findLink(tx, tokenHash), order, ctx.now) ?? new AppError(410, ratingsText.coded('linkUsed'));
  });
}
