import {
  awayDaysAdded,
  awayDaysResult,
  awayRangeInput,
  closedDayParams,
  closedDaysResult,
  successResult,
} from '../../../shared/schemas/plan-ahead.js';
import { idParams } from '../../../shared/schemas/ids.js';
import type { App } from '../../lib/context.js';
import { userCtx } from '../../lib/context.js';
import { addAwayDays, addClosedDays, listAwayDays, listClosedDays, removeAwayDay, removeClosedDay } from './away.service.js';

/** Away days (issue 27): the user's own, and a location's closed days set by its manager. */
export async function awayRoutes(app: App) {
  const tags = ['plan-ahead'];
  app.get('/away-days', { config: { access: 'user' }, schema: { tags, response: { 200: awayDaysResult } } }, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return listAwayDays(userCtx(req));
  });

  app.post(
    '/away-days',
    { config: { access: 'user' }, schema: { tags, body: awayRangeInput, response: { 201: awayDaysAdded } } },
    async (req, reply) => reply.status(201).send(await addAwayDays(userCtx(req), req.body)),
  );

  app.delete(
    '/away-days/:id',
    { config: { access: 'user' }, schema: { tags, params: idParams, response: { 200: successResult } } },
    async (req) => {
      await removeAwayDay(userCtx(req), req.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/locations/:id/closed-days',
    { config: { access: 'user' }, schema: { tags, params: idParams, response: { 200: closedDaysResult } } },
    async (req) => listClosedDays(userCtx(req), req.params.id),
  );

  app.post(
    '/locations/:id/closed-days',
    { config: { access: 'user' }, schema: { tags, params: idParams, body: awayRangeInput, response: { 201: awayDaysAdded } } },
    async (req, reply) => reply.status(201).send(await addClosedDays(userCtx(req), req, { locationId: req.params.id, input: req.body })),
  );

  app.delete(
    '/locations/:id/closed-days/:dayId',
    { config: { access: 'user' }, schema: { tags, params: closedDayParams, response: { 200: successResult } } },
    async (req) => {
      await removeClosedDay(userCtx(req), req, { locationId: req.params.id, dayId: req.params.dayId });
      return { success: true as const };
    },
  );
}
