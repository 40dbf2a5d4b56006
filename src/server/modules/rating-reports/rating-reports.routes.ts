import { z } from 'zod';
import { STAFF } from '../../../shared/roles.js';
import { idParams } from '../../../shared/schemas/ids.js';
import {
  dishRatingReport,
  locationRatings as locationRatingsSchema,
  monthRatings as monthRatingsSchema,
  ratingAnswerInput,
  ratingCommentPage,
  ratingCommentsQuery,
  ratingDishList,
  ratingPeriodQuery,
  ratingSummaries as ratingSummariesSchema,
  ratingSummaryQuery,
} from '../../../shared/schemas/rating-reports.js';
import { userCtx, type App } from '../../lib/context.js';
import { answerRating } from './rating-reports.answer.js';
import { dishComments, dishReport, locationRatings, monthRatings, ratedDishes, ratingSummaries } from './rating-reports.service.js';

const tags = ['ratings'];
const answerResult = z.object({ id: z.number(), answer: z.string(), answered_at: z.string().nullable() });

/** The kitchen's and the employer's side of ratings (issue 30, decision 080). */
export async function ratingReportsRoutes(app: App) {
  app.get(
    '/rating-reports/dishes',
    { config: { access: STAFF }, schema: { tags, querystring: ratingPeriodQuery, response: { 200: ratingDishList } } },
    async (req) => ratedDishes(req.ctx, req.query.period),
  );
  app.get(
    '/rating-reports/summary',
    { config: { access: STAFF }, schema: { tags, querystring: ratingSummaryQuery, response: { 200: ratingSummariesSchema } } },
    async (req) => ratingSummaries(req.ctx, req.query.dish_ids),
  );
  app.get('/rating-reports/month', { config: { access: STAFF }, schema: { tags, response: { 200: monthRatingsSchema } } }, async (req) =>
    monthRatings(req.ctx),
  );
  app.get(
    '/rating-reports/dishes/:id',
    { config: { access: STAFF }, schema: { tags, params: idParams, querystring: ratingPeriodQuery, response: { 200: dishRatingReport } } },
    async (req) => dishReport(req.ctx, req.params.id, req.query.period),
  );
  app.get(
    '/rating-reports/dishes/:id/comments',
    {
      config: { access: STAFF },
      schema: { tags, params: idParams, querystring: ratingCommentsQuery, response: { 200: ratingCommentPage } },
    },
    async (req) => dishComments(userCtx(req), req.params.id, req.query),
  );
  app.get(
    '/rating-reports/my-location',
    { config: { access: 'user' }, schema: { tags, querystring: ratingPeriodQuery, response: { 200: locationRatingsSchema } } },
    async (req) => locationRatings(userCtx(req), req.query.period),
  );
  app.put(
    '/ratings/:id/answer',
    { config: { access: STAFF }, schema: { tags, params: idParams, body: ratingAnswerInput, response: { 200: answerResult } } },
    async (req) => answerRating(req.ctx, { id: req.id, user: userCtx(req).user }, { ratingId: req.params.id, answer: req.body.answer }),
  );
}
