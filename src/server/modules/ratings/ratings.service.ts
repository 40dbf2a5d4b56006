import type { OrderRatings, PendingRatings, RateBody } from '../../../shared/schemas/ratings.js';
import { RATING_TAG_LIST } from '../../../shared/schemas/ratings.js';
import type { Tx } from '../../db/client.js';
import { dishRatings, RATING_TAGS } from '../../db/schema/index.js';
import type { RequestContext, UserContext } from '../../lib/context.js';
import { formatDayTime } from '../../lib/dates.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { ORDER_STATUS } from '../orders/placed.read.js';
import { ratingsText } from './ratings.messages.js';
import { presentOrderRatings } from './ratings.present.js';
import { pendingOrders, ratedOrder, ratingLines, windowOpen, type RatedOrder } from './ratings.queries.js';

/*
 * The eater's ratings (issue 30, decision 079). Who: the order's own user (someone else's order
 * answers 404, as a missing one). What: each dish or set meal on the order, once (dish_ratings
 * unique (order_id, dish_id)). When: from the order's delivery (its stop marked delivered, or a
 * portion handed over) until the end of the next day in the provider's zone. Cancelled orders never.
 */

// The shared list of tags and the database's are one list.
const SAME_TAGS: readonly (typeof RATING_TAGS)[number][] = RATING_TAG_LIST;
const SAME_TAGS_BACK: readonly (typeof RATING_TAG_LIST)[number][] = RATING_TAGS;
void SAME_TAGS;
void SAME_TAGS_BACK;

type Ctx = Pick<RequestContext, 'db' | 'now' | 'lang'>;

/** Why an order takes no rating now: cancelled, not (yet) delivered, or past its window. */
export function refusal(o: RatedOrder, now: Date): AppError | null {
  if (o.status === ORDER_STATUS.cancelled) return new AppError(409, ratingsText.coded('cancelled'));
  if (o.status !== ORDER_STATUS.placed || !o.deliveredAt || o.deliveredAt > now)
    return new AppError(409, ratingsText.coded('notDelivered'));
  if (!windowOpen(o, now)) return new AppError(409, ratingsText.coded('windowClosed', { until: formatDayTime(o.until!, o.zone) }));
  return null;
}

export async function orderRatingsOf(ctx: Ctx, o: RatedOrder): Promise<OrderRatings> {
  return presentOrderRatings(o, await ratingLines(ctx.db, o.id), ctx.now, ctx.lang);
}

/** The caller's own order, or 404. */
async function ownOrder(ctx: UserContext, orderId: number): Promise<RatedOrder> {
  const o = await ratedOrder(ctx.db, orderId);
  if (!o || o.userId !== ctx.user.id) throw new AppError(404, ratingsText.coded('orderNotFound'));
  return o;
}

/** GET /app/orders/{id}/ratings. */
export async function readOrderRatings(ctx: UserContext, orderId: number): Promise<OrderRatings> {
  return orderRatingsOf(ctx, await ownOrder(ctx, orderId));
}

/**
 * Writes the ratings of one order, all or nothing: refused (409) outside the window, a dish not
 * on the order is a 422 on its field, and a dish rated before (also by a parallel call: the
 * unique key decides) refuses the whole call with a 409. `claim` runs first in the same
 * transaction (a rating link's single use).
 */
export async function writeRatings(ctx: Ctx, o: RatedOrder, input: RateBody, claim?: (tx: Tx) => Promise<void>): Promise<OrderRatings> {
  const refused = refusal(o, ctx.now);
  if (refused) throw refused;
  const lines = await ratingLines(ctx.db, o.id);
  const onOrder = new Set(lines.map((l) => l.dish_id));
  const stray = input.ratings.findIndex((r) => !onOrder.has(r.dish_id));
  if (stray >= 0) throw fieldError(t.coded('invalid'), { [`ratings.${stray}.dish_id`]: [ratingsText.coded('dishNotOnOrder')] });
  await ctx.db.transaction(async (tx) => {
    if (claim) await claim(tx);
    const rows = await tx
      .insert(dishRatings)
      .values(
        input.ratings.map((r) => ({
          orderId: o.id,
          userId: o.userId,
          dishId: r.dish_id,
          menuId: o.menuId,
          providerId: o.providerId,
          stars: r.stars,
          comment: r.comment,
          tags: r.tags,
          createdAt: ctx.now,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: dishRatings.id });
    if (rows.length < input.ratings.length) throw new AppError(409, ratingsText.coded('alreadyRated'));
  });
  return orderRatingsOf(ctx, o);
}

/** POST /app/orders/{id}/ratings. */
export async function rateOrder(ctx: UserContext, input: { orderId: number; body: RateBody }): Promise<OrderRatings> {
  return writeRatings(ctx, await ownOrder(ctx, input.orderId), input.body);
}

/** GET /app/ratings/pending: the newest order of the caller rateable now with a dish not rated. */
export async function pendingRatings(ctx: UserContext): Promise<PendingRatings> {
  const found = (await pendingOrders(ctx.db, ctx.user.id, ctx.now, ORDER_STATUS.placed)).find((o) => windowOpen(o, ctx.now));
  return { order: found ? await orderRatingsOf(ctx, found) : null };
}
