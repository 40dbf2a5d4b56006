import { z } from 'zod';
import { dbId } from './ids.js';
import { text } from './text.js';
import { RATING_COMMENT_MAX, RATING_TAG_LIST } from '../rating-tags.js';

/*
 * Dish ratings, the eater's side (issue 30, decision 079).
 * GET  /app/orders/{id}/ratings  -> OrderRatings: the order's rateable dishes, rated or not, and the window
 * POST /app/orders/{id}/ratings  RateInput -> 201 OrderRatings (all or nothing; 409 on a dish rated before)
 * GET  /app/ratings/pending      -> PendingRatings: the order page's "yesterday" card (the latest order
 *                                   rateable now with unrated dishes, or null)
 * GET  /app/rate/{token}         (public) -> OrderRatings of the link's order (404 unknown, 410 used or expired)
 * POST /app/rate/{token}         (public) RateInput -> 201 OrderRatings, and the link is used
 */

export { RATING_COMMENT_MAX, RATING_TAG_LIST, type RatingTag } from '../rating-tags.js';

export const ratingLine = z.object({
  dish_id: z.number(),
  /** The dish's or set meal's title as ordered. */
  title: z.string(),
  rated: z.boolean(),
  stars: z.number().int().nullable(),
  /** Plain text: shown as text, never HTML. */
  comment: z.string(),
  tags: z.array(z.string()),
  /** The kitchen's answer ('' none) and when it was given. */
  answer: z.string(),
  answered_at: z.string().nullable(),
});
export type RatingLine = z.infer<typeof ratingLine>;

export const orderRatings = z.object({
  order_id: z.number(),
  menu_title: z.string(),
  /** The menu's day (YYYY-MM-DD, the provider's zone). */
  day: z.string(),
  /** When the lunch was delivered (its stop marked delivered, or a portion handed over); null: not yet. */
  delivered_at: z.string().nullable(),
  /** The end of the window (the end of the day after the delivery); null: not delivered. */
  until: z.string().nullable(),
  /** Whether ratings are taken now. */
  open: z.boolean(),
  lines: z.array(ratingLine),
});
export type OrderRatings = z.infer<typeof orderRatings>;

export const pendingRatings = z.object({ order: orderRatings.nullable() });
export type PendingRatings = z.infer<typeof pendingRatings>;

export const rateItem = z.object({
  dish_id: dbId,
  stars: z.number().int().min(1).max(5),
  comment: text().trim().max(RATING_COMMENT_MAX).default(''),
  tags: z
    .array(z.enum(RATING_TAG_LIST))
    .max(RATING_TAG_LIST.length)
    .default([])
    .refine((tags) => new Set(tags).size === tags.length, 'invalidValue'),
});
export type RateItem = z.infer<typeof rateItem>;

export const rateInput = z.object({
  ratings: z
    .array(rateItem)
    .min(1)
    .max(50)
    .refine((items) => new Set(items.map((i) => i.dish_id)).size === items.length, 'invalidValue'),
});
export type RateInput = z.input<typeof rateInput>;
export type RateBody = z.infer<typeof rateInput>;

export const rateParams = z.object({ token: text().min(1).max(200) });
