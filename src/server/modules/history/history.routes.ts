import { z } from 'zod';
import { dbIdParam } from '../../../shared/schemas/ids.js';
import { pagedOf } from '../../../shared/list-query.js';
import { historyMenu, historyMenuResult, historyQuery } from '../../../shared/schemas/history.js';
import type { App, Deps } from '../../lib/context.js';
import { userOf } from '../../lib/context.js';
import { gatewayOf } from '../../lib/payments/sandbox.js';
import { historyMenus, historyOfMenu, historyPdf } from './history.service.js';
import { fileResponse } from '../../lib/openapi.js';
import { sendPdf } from '../../lib/download.js';

const id = dbIdParam;

/** Routes of the history area: a location's menus with sums, a menu's orders, and the PDF report. */
export async function historyRoutes(app: App, deps: Deps) {
  const db = deps.database.db;
  const gateway = gatewayOf(deps);

  app.get(
    '/dishlists/history/:locationId',
    {
      config: { access: 'user' },
      schema: {
        tags: ['history'],
        params: z.object({ locationId: id }),
        querystring: historyQuery,
        response: { 200: pagedOf(historyMenu) },
      },
    },
    async (req) => {
      return historyMenus(db, userOf(req), req.params.locationId, req.query.page, req.query.perPage, req.lang);
    },
  );

  app.get(
    '/dishlists/history/:locationId/:menuId',
    {
      config: { access: 'user' },
      schema: {
        tags: ['history'],
        params: z.object({ locationId: id, menuId: id }),
        querystring: historyQuery,
        response: { 200: historyMenuResult },
      },
    },
    async (req) => {
      return historyOfMenu(db, gateway, userOf(req), req.params.locationId, req.params.menuId, req.query.page, req.query.perPage, req.lang);
    },
  );

  app.get(
    '/dishlists/history/:locationId/:menuId/pdf',
    {
      config: { access: 'user' },
      schema: {
        tags: ['history'],
        params: z.object({ locationId: id, menuId: id }),
        otherResponses: { 200: fileResponse('The menu’s orders as a PDF', 'application/pdf') },
      },
    },
    async (req, reply) => {
      const pdf = await historyPdf(db, gateway, userOf(req), req.params.locationId, req.params.menuId, deps.now(), req.lang);
      return sendPdf(reply, pdf, `history-${req.params.locationId}-${req.params.menuId}.pdf`);
    },
  );
}
