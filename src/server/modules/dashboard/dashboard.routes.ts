import { STAFF } from '../../../shared/roles.js';
import { dashboardCsvQuery, dashboardQuery, dashboardResult } from '../../../shared/schemas/dashboard.js';
import type { App } from '../../lib/context.js';
import { sendFile } from '../../lib/download.js';
import { fileResponse } from '../../lib/openapi.js';
import { dashboardCsv } from './dashboard.exports.js';
import { dashboard, dashboardScope } from './dashboard.service.js';

/** The sales and waste dashboard (issue 27, decision 063): staff, the active provider's menus. */
export async function dashboardRoutes(app: App) {
  app.get(
    '/dashboard',
    { config: { access: STAFF }, schema: { tags: ['dashboard'], querystring: dashboardQuery, response: { 200: dashboardResult } } },
    async (req) => dashboard(req.ctx, req.query),
  );
  app.get(
    '/dashboard/export',
    {
      config: { access: STAFF },
      schema: {
        tags: ['dashboard'],
        querystring: dashboardCsvQuery,
        otherResponses: { 200: fileResponse('One chart’s figures (CSV)', 'text/csv') },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const scope = await dashboardScope(req.ctx.db, await req.ctx.provider(), q);
      const csv = await dashboardCsv(req.ctx.db, scope, q.chart, req.ctx.lang);
      const where = q.location_id === undefined ? '' : `-location-${q.location_id}`;
      return sendFile(reply, csv, 'text/csv; charset=utf-8', `dashboard-${q.chart}-${q.from}-${q.to}${where}.csv`);
    },
  );
}
