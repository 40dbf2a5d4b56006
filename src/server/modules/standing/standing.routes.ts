import { idParams } from '../../../shared/schemas/ids.js';
import { ADMINS } from '../../../shared/roles.js';
import {
  standingDishesResult,
  standingOrder,
  standingOrderInput,
  standingOrdersResult,
  standingPreparedQuery,
  standingPreparedResult,
  standingRunResult,
  successResult,
} from '../../../shared/schemas/plan-ahead.js';
import { recordAudit } from '../../lib/audit.js';
import type { App, Deps } from '../../lib/context.js';
import { userCtx } from '../../lib/context.js';
import { preparedDays } from './standing-prepared.service.js';
import { placeStandingOrders } from './standing-sweep.service.js';
import { createStandingOrder, deleteStandingOrder, listStandingOrders, standingDishes, updateStandingOrder } from './standing.service.js';

/** Standing orders (issue 27): the caller's own, at the request's provider. */
export async function standingRoutes(app: App, deps: Deps) {
  const tags = ['plan-ahead'];
  app.get(
    '/standing-orders',
    { config: { access: 'user' }, schema: { tags, response: { 200: standingOrdersResult } } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listStandingOrders(userCtx(req), await req.providerOrNull());
    },
  );

  app.get(
    '/standing-orders/dishes',
    { config: { access: 'user' }, schema: { tags, response: { 200: standingDishesResult } } },
    async (req) => standingDishes(userCtx(req), await req.providerOrNull()),
  );

  app.get(
    '/standing-orders/prepared',
    { config: { access: 'user' }, schema: { tags, querystring: standingPreparedQuery, response: { 200: standingPreparedResult } } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return preparedDays(userCtx(req), req.query.dishlist_id);
    },
  );
  app.post(
    '/standing-orders',
    { config: { access: ['customer'] }, schema: { tags, body: standingOrderInput, response: { 201: standingOrder } } },
    async (req, reply) => reply.status(201).send(await createStandingOrder(userCtx(req), await req.provider(), req.body)),
  );

  app.put(
    '/standing-orders/:id',
    { config: { access: ['customer'] }, schema: { tags, params: idParams, body: standingOrderInput, response: { 200: standingOrder } } },
    async (req) => updateStandingOrder(userCtx(req), req.params.id, req.body),
  );

  app.delete(
    '/standing-orders/:id',
    { config: { access: ['customer'] }, schema: { tags, params: idParams, response: { 200: successResult } } },
    async (req) => {
      await deleteStandingOrder(userCtx(req), req.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/standing-orders/run',
    { config: { access: ADMINS }, schema: { tags, response: { 200: standingRunResult } } },
    // The job's sweep, now (journeys run without jobs; an administrator need not wait a minute).
    async (req) => {
      const run = await placeStandingOrders({ ...deps, changes: app.changes });
      await deps.database.db.transaction((tx) =>
        recordAudit(tx, req, { action: 'standing_orders.run', entityType: 'setting', entityId: 'standing_orders', after: { ...run } }),
      );
      return run;
    },
  );
}
