import { z } from 'zod';
import { dbIdParam } from '../../../shared/schemas/ids.js';
import { pagedOf } from '../../../shared/list-query.js';
import { historyMenu, historyMenuResult, historyQuery } from '../../../shared/schemas/history.js';
import type { App } from '../../lib/context.js';
import { userCtx } from '../../lib/context.js';
import { historyPdf } from './history.pdf.js';
import { historyMenus, historyOfMenu } from './history.service.js';
import { fileResponse } from '../../lib/openapi.js';
import { sendPdf } from '../../lib/download.js';

const id = dbIdParam;

/** Routes of the history area: a location's menus with sums, a menu's orders, and the PDF report. */
export async function historyRoutes(app: App) {
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
      return historyMenus(userCtx(req), { locationId: req.params.locationId, page: req.query.page, perPage: req.query.perPage });
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
      const { locationId, menuId } = req.params;
      return historyOfMenu(userCtx(req), { locationId, menuId, page: req.query.page, perPage: req.query.perPage });
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
      const pdf = await historyPdf(userCtx(req), req.params);
      return sendPdf(reply, pdf, `history-${req.params.locationId}-${req.params.menuId}.pdf`);
    },
  );
}
