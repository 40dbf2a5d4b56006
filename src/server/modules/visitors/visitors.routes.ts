import {
  createdVisitorLink,
  createVisitorLinkInput,
  hostOrderInput,
  hostOrderResult,
  revokedVisitorLink,
  visit,
  visitOrderInput,
  visitOrderResult,
  visitorLinkList,
  visitorLinkParams,
  visitParams,
} from '../../../shared/schemas/visitors.js';
import type { App, Deps } from '../../lib/context.js';
import { userCtx } from '../../lib/context.js';
import { errorResponse } from '../../lib/openapi.js';
import { readVisit, orderVisit } from './visitors.public.js';
import { createVisitorLink, listVisitorLinks, orderForVisitor, revokeVisitorLink } from './visitors.service.js';

/**
 * Visitors (schemas/visitors.ts, decision 077). The public routes take the token in the path:
 * logs name a request by its route pattern (/app/visit/:token), never by its path, so the token
 * is never written to a log (app.ts logRequest; visitors.test.ts reads the log to be sure).
 */
/** A used or expired link (a withdrawn or unknown one is a 404). */
const GONE = { 410: errorResponse(410, 'The visitor link was used or has expired') };

export async function visitorsRoutes(app: App, deps: Deps) {
  app.post(
    '/visitors/orders',
    { config: { access: 'user' }, schema: { tags: ['visitors'], body: hostOrderInput, response: { 201: hostOrderResult } } },
    async (req, reply) => reply.status(201).send(await orderForVisitor({ ...userCtx(req), changes: app.changes }, req.body, req.id)),
  );

  app.post(
    '/visitor-links',
    { config: { access: 'user' }, schema: { tags: ['visitors'], body: createVisitorLinkInput, response: { 201: createdVisitorLink } } },
    async (req, reply) => reply.status(201).send(await createVisitorLink(userCtx(req), deps.env, { input: req.body, who: req })),
  );

  app.get(
    '/visitor-links',
    { config: { access: 'user' }, schema: { tags: ['visitors'], response: { 200: visitorLinkList } } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listVisitorLinks(userCtx(req));
    },
  );

  app.delete(
    '/visitor-links/:id',
    { config: { access: 'user' }, schema: { tags: ['visitors'], params: visitorLinkParams, response: { 200: revokedVisitorLink } } },
    async (req) => {
      await revokeVisitorLink(userCtx(req), { id: req.params.id, who: req });
      return { id: req.params.id, revoked: true as const };
    },
  );

  app.get(
    '/visit/:token',
    { config: { access: 'public' }, schema: { tags: ['visitors'], params: visitParams, response: { 200: visit }, otherResponses: GONE } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return readVisit(req.ctx, req.params.token);
    },
  );

  app.post(
    '/visit/:token/order',
    {
      config: { access: 'public' },
      schema: { tags: ['visitors'], params: visitParams, body: visitOrderInput, response: { 201: visitOrderResult }, otherResponses: GONE },
    },
    async (req, reply) =>
      reply.status(201).send(await orderVisit({ ...req.ctx, changes: app.changes }, req.params.token, req.body, req.id)),
  );
}
