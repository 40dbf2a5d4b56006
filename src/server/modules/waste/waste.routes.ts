import { idParams } from '../../../shared/schemas/ids.js';
import {
  leftoverInput,
  leftoverParams,
  leftoversInput,
  leftoversResult,
  leftoversWritten,
  type LeftoversWritten,
  leftoverStepInput,
  wasteSummary as wasteSummarySchema,
  wasteSummaryQuery,
} from '../../../shared/schemas/waste.js';
import { STAFF } from '../../../shared/roles.js';
import { userCtx, type App } from '../../lib/context.js';
import { sendFile, sendPdf } from '../../lib/download.js';
import { fileResponse } from '../../lib/openapi.js';
import { setLeftovers, leftoversOfMenu, stepLeftover } from './waste.leftovers.js';
import { wasteSummaryCsv, wasteSummaryPdf } from './waste.documents.js';
import { wasteSummary } from './waste.summary.js';

/**
 * Routes of food waste (issue 27, decision 064): the portions left over per menu and dish, which
 * the kitchen records on its display after the deadline, and the monthly waste summary (JSON, PDF,
 * CSV) for staff and for a location's manager (their location only).
 */
export async function wasteRoutes(app: App) {
  // Every recorded change is news for the other kitchen screens of the menu (decision 041).
  const told = (menuId: number, done: LeftoversWritten) => {
    if (done.changed) app.changes.publish({ type: 'menu', menuId });
    return done;
  };
  app.get(
    '/kitchen/:id/leftovers',
    { config: { access: STAFF }, schema: { tags: ['kitchen'], params: idParams, response: { 200: leftoversResult } } },
    async (req) => leftoversOfMenu(req.ctx, req.params.id),
  );
  app.put(
    '/kitchen/:id/leftovers',
    {
      config: { access: STAFF },
      schema: { tags: ['kitchen'], params: idParams, body: leftoversInput, response: { 200: leftoversWritten } },
    },
    async (req) => told(req.params.id, await setLeftovers(userCtx(req), req.params.id, req.body, req)),
  );
  app.put(
    '/kitchen/:id/leftovers/:dishId',
    {
      config: { access: STAFF },
      schema: { tags: ['kitchen'], params: leftoverParams, body: leftoverInput, response: { 200: leftoversWritten } },
    },
    async (req) => {
      const input = { dishes: [{ dish_id: req.params.dishId, portions: req.body.portions }] };
      return told(req.params.id, await setLeftovers(userCtx(req), req.params.id, input, req));
    },
  );
  app.post(
    '/kitchen/:id/leftovers/:dishId/step',
    {
      config: { access: STAFF },
      schema: { tags: ['kitchen'], params: leftoverParams, body: leftoverStepInput, response: { 200: leftoversWritten } },
    },
    async (req) => told(req.params.id, await stepLeftover(userCtx(req), req.params.id, req.params.dishId, req.body.by, req)),
  );

  // The summary: staff (any location or all) and location managers (theirs); checked in the service.
  app.get(
    '/waste/summary',
    { config: { access: 'user' }, schema: { tags: ['waste'], querystring: wasteSummaryQuery, response: { 200: wasteSummarySchema } } },
    async (req) => {
      const { timezone: _zone, ...summary } = await wasteSummary(userCtx(req), req.query);
      return summary;
    },
  );
  app.get(
    '/waste/summary/pdf',
    {
      config: { access: 'user' },
      schema: {
        tags: ['waste'],
        querystring: wasteSummaryQuery,
        otherResponses: { 200: fileResponse('The monthly waste summary (A4)', 'application/pdf') },
      },
    },
    async (req, reply) => {
      const summary = await wasteSummary(userCtx(req), req.query);
      const pdf = await wasteSummaryPdf(summary, req.lang, req.ctx.now);
      return sendPdf(reply, pdf, `waste-${fileScope(summary)}.pdf`);
    },
  );
  app.get(
    '/waste/summary/csv',
    {
      config: { access: 'user' },
      schema: {
        tags: ['waste'],
        querystring: wasteSummaryQuery,
        otherResponses: { 200: fileResponse('The monthly waste summary as CSV', 'text/csv') },
      },
    },
    async (req, reply) => {
      const summary = await wasteSummary(userCtx(req), req.query);
      return sendFile(reply, wasteSummaryCsv(summary, req.lang), 'text/csv; charset=utf-8', `waste-${fileScope(summary)}.csv`);
    },
  );
}

/** "2026-11" or "2026-11-location-7": a file name without the location's own (free) text. */
const fileScope = (s: { month: string; location: { id: number } | null }) =>
  s.location ? `${s.month}-location-${s.location.id}` : s.month;
