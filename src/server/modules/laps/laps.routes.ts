import { z } from 'zod';
import { dbIdParam, idParams } from '../../../shared/schemas/ids.js';
import {
  cashBalanceInput,
  cashBalanceResult,
  createLapInput,
  dayCash,
  lap,
  lapList,
  lapReport,
  stopStatus,
  stopStatusInput,
  unroutedList,
  unroutedQuery,
  updateLapInput,
} from '../../../shared/schemas/laps.js';
import type { App, Deps } from '../../lib/context.js';
import { userCtx } from '../../lib/context.js';
import { recordCashBalance } from './laps.cash.js';
import { presentReport } from './laps.present.js';
import { listLaps } from './laps.queries.js';
import { lapReportPdf } from './laps.report.pdf.js';
import { loadReport } from './laps.report.js';
import { createLap, updateLap } from './laps.service.js';
import { fileResponse } from '../../lib/openapi.js';
import { sendPdf } from '../../lib/download.js';
import { success } from '../../../shared/schemas/catalogue.js';
import { dayCash as readDayCash, deleteLap, setStopStatus, unroutedLocations } from './laps.day.js';
import { STAFF } from '../../../shared/roles.js';
import { driverRoutes } from './laps.driver.routes.js';

/** Staff who plan delivery laps and collect cash. */
export const LAP_STAFF = STAFF;

const reportParams = z.object({ lapId: dbIdParam, menuId: dbIdParam });
const stopParams = z.object({ menuId: dbIdParam, locationId: dbIdParam });
const menuParams = z.object({ menuId: dbIdParam });

/** Routes of the laps area: laps of the active provider, the lap report (JSON, PDF) and cash balances. */
export async function lapsRoutes(app: App, deps: Deps) {
  const db = deps.database.db;

  app.get('/laps', { config: { access: LAP_STAFF }, schema: { tags: ['laps'], response: { 200: lapList } } }, async (req) =>
    listLaps(db, await req.provider()),
  );

  app.post(
    '/laps',
    { config: { access: LAP_STAFF }, schema: { tags: ['laps'], body: createLapInput, response: { 201: lap } } },
    async (req, reply) => reply.code(201).send(await createLap(db, await req.provider(), req.body, req)),
  );

  app.put(
    '/laps/:id',
    { config: { access: LAP_STAFF }, schema: { tags: ['laps'], params: idParams, body: updateLapInput, response: { 200: lap } } },
    async (req) => updateLap(db, await req.provider(), req.params.id, req.body, req),
  );

  app.delete(
    '/laps/:id',
    { config: { access: LAP_STAFF }, schema: { tags: ['laps'], params: idParams, response: { 200: success } } },
    async (req) => {
      await deleteLap(db, await req.provider(), req.params.id, deps.now(), req);
      return { success: true as const };
    },
  );

  app.get(
    '/laps/unrouted',
    { config: { access: LAP_STAFF }, schema: { tags: ['laps'], querystring: unroutedQuery, response: { 200: unroutedList } } },
    async (req) => unroutedLocations(db, await req.provider(), deps.now(), req.query.menu_id),
  );

  app.get(
    '/laps/cash/:menuId',
    { config: { access: LAP_STAFF }, schema: { tags: ['laps'], params: menuParams, response: { 200: dayCash } } },
    async (req) => readDayCash(db, await req.provider(), req.params.menuId, req.lang),
  );

  app.put(
    '/laps/stops/:menuId/:locationId',
    {
      config: { access: LAP_STAFF },
      schema: { tags: ['laps'], params: stopParams, body: stopStatusInput, response: { 200: stopStatus } },
    },
    async (req) => {
      const { menuId, locationId } = req.params;
      const done = await setStopStatus(userCtx(req), { menuId, locationId, input: req.body, who: req });
      if (!done.changed) return done.status;
      // After the commit: open order pages refetch, and the notices it made due go out (decision 068).
      app.changes.publish({ type: 'menu', menuId });
      const run = await app.deliveryChanged(menuId);
      // The answer that first marked the stop delivered says how many eaters were e-mailed.
      return done.firstDelivery ? { ...done.status, notified: run?.deliveredEmailed.get(locationId) ?? 0 } : done.status;
    },
  );

  app.get(
    '/laps/report/:lapId/:menuId',
    { config: { access: LAP_STAFF }, schema: { tags: ['laps'], params: reportParams, response: { 200: lapReport } } },
    async (req) => presentReport(await loadReport(db, await req.provider(), req.params.lapId, req.params.menuId, req.lang)),
  );

  app.get(
    '/laps/print-report/:lapId/:menuId',
    {
      config: { access: LAP_STAFF },
      schema: { tags: ['laps'], params: reportParams, otherResponses: { 200: fileResponse('The lap report as a PDF', 'application/pdf') } },
    },
    async (req, reply) => {
      const pdf = await lapReportPdf(req.ctx, { lapId: req.params.lapId, menuId: req.params.menuId });
      return sendPdf(reply, pdf, `lap-${req.params.lapId}-${req.params.menuId}.pdf`);
    },
  );

  app.post(
    '/cashbalance/:id',
    {
      config: { access: LAP_STAFF },
      schema: { tags: ['laps'], params: idParams, body: cashBalanceInput, response: { 200: cashBalanceResult } },
    },
    async (req) => recordCashBalance(userCtx(req), { menuId: req.params.id, input: req.body, who: req }),
  );

  await driverRoutes(app, deps);
}
