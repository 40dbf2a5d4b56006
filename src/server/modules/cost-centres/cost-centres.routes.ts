import { idParams } from '../../../shared/schemas/ids.js';
import {
  costCentre,
  costCentreChoices as choicesResult,
  costCentreChoicesQuery,
  costCentreList,
  costCentreListQuery,
  createCostCentreInput,
  orderCostCentreResult,
  removeCostCentreResult,
  setCostCentreInput,
  updateCostCentreInput,
  userCostCentreResult,
} from '../../../shared/schemas/cost-centres.js';
import type { App } from '../../lib/context.js';
import { userCtx } from '../../lib/context.js';
import { createCostCentre, listCostCentres, removeCostCentre, updateCostCentre } from './cost-centres.service.js';
import { costCentreChoices, setOrderCostCentre, setUserCostCentre } from './defaults.service.js';

/**
 * Cost centres (issue 29, decision 075). Every route is open to signed-in users and the service
 * decides: administrators any company, a location manager their own company (another company's
 * ids answer 404), kitchen staff read and change orders' cost centres; everyone their own default.
 */
export async function costCentresRoutes(app: App) {
  const tags = ['cost-centres'];
  const config = { access: 'user' as const };

  app.get('/cost-centres', { config, schema: { tags, querystring: costCentreListQuery, response: { 200: costCentreList } } }, async (req) =>
    listCostCentres(userCtx(req), req.query),
  );

  app.post('/cost-centres', { config, schema: { tags, body: createCostCentreInput, response: { 201: costCentre } } }, async (req, reply) =>
    reply.status(201).send(await createCostCentre(userCtx(req), { input: req.body, who: req })),
  );

  app.put(
    '/cost-centres/:id',
    { config, schema: { tags, params: idParams, body: updateCostCentreInput, response: { 200: costCentre } } },
    async (req) => updateCostCentre(userCtx(req), { id: req.params.id, input: req.body, who: req }),
  );

  app.delete('/cost-centres/:id', { config, schema: { tags, params: idParams, response: { 200: removeCostCentreResult } } }, async (req) =>
    removeCostCentre(userCtx(req), { id: req.params.id, who: req }),
  );

  app.get(
    '/cost-centres/choices',
    { config, schema: { tags, querystring: costCentreChoicesQuery, response: { 200: choicesResult } } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return costCentreChoices(userCtx(req), req.query.location_id);
    },
  );

  app.put(
    '/users/:id/cost-centre',
    { config, schema: { tags, params: idParams, body: setCostCentreInput, response: { 200: userCostCentreResult } } },
    async (req) => setUserCostCentre(userCtx(req), { id: req.params.id, costCentreId: req.body.cost_centre_id, who: req }),
  );

  app.put(
    '/me/cost-centre',
    { config, schema: { tags, body: setCostCentreInput, response: { 200: userCostCentreResult } } },
    async (req) => {
      const ctx = userCtx(req);
      return setUserCostCentre(ctx, { id: ctx.user.id, costCentreId: req.body.cost_centre_id, who: req, own: true });
    },
  );

  app.patch(
    '/orders/:id/cost-centre',
    { config, schema: { tags, params: idParams, body: setCostCentreInput, response: { 200: orderCostCentreResult } } },
    async (req) => setOrderCostCentre(userCtx(req), { id: req.params.id, costCentreId: req.body.cost_centre_id, who: req }),
  );
}
