import { idParams } from '../../../shared/schemas/ids.js';
import { orderRatings, pendingRatings, rateInput, rateParams } from '../../../shared/schemas/ratings.js';
import type { App } from '../../lib/context.js';
import { userCtx } from '../../lib/context.js';
import { errorResponse } from '../../lib/openapi.js';
import { rateByLink, readRateLink } from './ratings.links.js';
import { pendingRatings as readPending, rateOrder, readOrderRatings } from './ratings.service.js';

/**
 * The eater's ratings (schemas/ratings.ts, decision 079). The public link routes take the token
 * in the path: logs name a request by its route pattern (/app/rate/:token), never its path
 * (app.ts logRequest, as the visitor links), so the token never reaches a log.
 */
const GONE = { 410: errorResponse(410, 'The rating link was used, has expired, or its order was cancelled') };

export async function ratingsRoutes(app: App) {
  app.get(
    '/orders/:id/ratings',
    { config: { access: 'user' }, schema: { tags: ['ratings'], params: idParams, response: { 200: orderRatings } } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return readOrderRatings(userCtx(req), req.params.id);
    },
  );

  app.post(
    '/orders/:id/ratings',
    { config: { access: 'user' }, schema: { tags: ['ratings'], params: idParams, body: rateInput, response: { 201: orderRatings } } },
    async (req, reply) => reply.status(201).send(await rateOrder(userCtx(req), { orderId: req.params.id, body: req.body })),
  );

  app.get(
    '/ratings/pending',
    { config: { access: 'user' }, schema: { tags: ['ratings'], response: { 200: pendingRatings } } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return readPending(userCtx(req));
    },
  );

  app.get(
    '/rate/:token',
    {
      config: { access: 'public' },
      schema: { tags: ['ratings'], params: rateParams, response: { 200: orderRatings }, otherResponses: GONE },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return readRateLink(req.ctx, { token: req.params.token, ip: req.ip });
    },
  );

  app.post(
    '/rate/:token',
    {
      config: { access: 'public' },
      schema: { tags: ['ratings'], params: rateParams, body: rateInput, response: { 201: orderRatings }, otherResponses: GONE },
    },
    async (req, reply) => reply.status(201).send(await rateByLink(req.ctx, { token: req.params.token, ip: req.ip, body: req.body })),
  );
}
