import { z } from 'zod';
import { dbIdParam } from './ids.js';
import { text } from './text.js';

/*
 * The kitchen's and the employer's side of dish ratings (issue 30, decision 080): aggregates of
 * dish_ratings per dish and per menu day, the comments with the kitchen's answers, and the
 * location manager's anonymous averages. Averages have two decimals; counts are integers.
 */

/** The periods the lists read, in days back from now. */
export const RATING_PERIODS = ['7', '30', '90', '365'] as const;
export type RatingPeriod = (typeof RATING_PERIODS)[number];
/** The manager sees a dish only when at least this many different eaters of the location rated it in the period (decision 080). */
export const MANAGER_MIN_RATERS = 5;
/** Best and worst of the month on the dashboard: dishes with at least this many ratings (decision 080). */
export const DASHBOARD_MIN_RATINGS = 3;
/** Dishes shown as best and as worst on the dashboard. */
export const DASHBOARD_RATED_SHOWN = 3;
/** The longest answer the kitchen may write (the column's check). */
export const ANSWER_MAX = 1000;
/** How many dish ids one batched summary read takes. */
export const SUMMARY_MAX_IDS = 500;

export const ratingPeriodQuery = z.object({ period: z.enum(RATING_PERIODS).default('30') });
export type RatingPeriodQuery = z.infer<typeof ratingPeriodQuery>;

/** A dish's average and count (the lists, the balance editor, the menu form, the manager's table). */
export const ratingSummary = z.object({ dish_id: z.number(), title: z.string(), average: z.number(), count: z.number().int() });
export type RatingSummary = z.infer<typeof ratingSummary>;

/** GET /app/rating-reports/dishes: the active provider's rated dishes in the period. */
export const ratingDishList = z.object({ period: z.enum(RATING_PERIODS), data: z.array(ratingSummary) });
export type RatingDishList = z.infer<typeof ratingDishList>;

/** GET /app/rating-reports/summary?dish_ids=1,2: the last 90 days of each rated dish (unrated dishes are absent). */
export const ratingSummaryQuery = z.object({
  dish_ids: text()
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'invalidValue')
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .refine((ids) => ids.length <= SUMMARY_MAX_IDS, 'invalidValue'),
});
export const ratingSummaries = z.object({ data: z.array(ratingSummary) });
export type RatingSummaries = z.infer<typeof ratingSummaries>;

/** One menu day of a dish: its average that day. */
export const ratingDay = z.object({ day: z.string(), menu_id: z.number(), average: z.number(), count: z.number().int() });
export type RatingDay = z.infer<typeof ratingDay>;

/** GET /app/rating-reports/dishes/{id}: one dish in the period. */
export const dishRatingReport = z.object({
  dish_id: z.number(),
  title: z.string(),
  period: z.enum(RATING_PERIODS),
  average: z.number(),
  count: z.number().int(),
  /** Ratings with 1, 2, 3, 4 and 5 stars (index 0 is one star). */
  distribution: z.array(z.number().int()).length(5),
  tags: z.array(z.object({ tag: z.string(), count: z.number().int() })),
  /** Per menu day, newest first. */
  days: z.array(ratingDay),
});
export type DishRatingReport = z.infer<typeof dishRatingReport>;

/** A comment (a rating with a comment), as the kitchen sees it: no eater's name or e-mail (decision 080); an administrator sees the first name. */
export const ratingComment = z.object({
  id: z.number(),
  stars: z.number().int(),
  comment: z.string(),
  tags: z.array(z.string()),
  /** The order's menu day (provider's zone). */
  day: z.string(),
  created_at: z.string(),
  answer: z.string(),
  answered_at: z.string().nullable(),
  /** Administrators only; null for the kitchen. */
  author: z.string().nullable(),
});
export type RatingComment = z.infer<typeof ratingComment>;

export const ratingCommentsQuery = ratingPeriodQuery.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export const ratingCommentPage = z.object({
  data: z.array(ratingComment),
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.union([z.number().int(), z.literal('all')]),
  total: z.number().int(),
});
export type RatingCommentPage = z.infer<typeof ratingCommentPage>;

/** PUT /app/ratings/{id}/answer: an empty answer removes it. */
export const ratingAnswerInput = z.object({ answer: text().trim().max(ANSWER_MAX) });
export type RatingAnswerInput = z.infer<typeof ratingAnswerInput>;

/** GET /app/rating-reports/my-location: averages of the manager's location's eaters, no comments, no names. */
export const locationRatings = z.object({
  period: z.enum(RATING_PERIODS),
  min_raters: z.number().int(),
  data: z.array(ratingSummary),
  /** Dishes not shown: rated by fewer than min_raters eaters, or differing from another period by that few (decision 080). */
  hidden: z.number().int(),
});
export type LocationRatings = z.infer<typeof locationRatings>;

/** GET /app/rating-reports/month: best and worst rated this month (provider's zone). */
export const monthRatings = z.object({
  month: z.string(),
  min_count: z.number().int(),
  best: z.array(ratingSummary),
  worst: z.array(ratingSummary),
});
export type MonthRatings = z.infer<typeof monthRatings>;

export const ratingIdParams = z.object({ id: dbIdParam });
