import { z } from 'zod';
import { dbIdParam } from '../../../shared/schemas/ids.js';
import { driverTap, driverToday as driverTodaySchema, lapRun, stopArrival, tapAnswer } from '../../../shared/schemas/driver.js';
import type { App } from '../../lib/context.js';
import { userCtx } from '../../lib/context.js';
import { STAFF } from '../../../shared/roles.js';
import { applyTap, driverToday } from './laps.driver.js';
import { arriveAtStop, departLap } from './laps.runs.js';

const runParams = z.object({ lapId: dbIdParam, menuId: dbIdParam });
const stopParams = z.object({ menuId: dbIdParam, locationId: dbIdParam });

/** Routes of the lap's day (issue 28, decision 069): departure, arrival, and the driver's phone. */
export async function driverRoutes(app: App) {
  /** After a change of delivery state commits: open pages refetch, due notices go out. */
  const changed = async (menuId: number) => {
    app.changes.publish({ type: 'menu', menuId });
    // The delivery module's hook (lib/delivery-changed.ts, decision 068), awaited like the stop PUT's: never throws.
    await app.deliveryChanged(menuId);
  };

  app.post(
    '/laps/:lapId/runs/:menuId/depart',
    { config: { access: STAFF }, schema: { tags: ['laps'], params: runParams, response: { 200: lapRun } } },
    async (req) => {
      const done = await departLap(userCtx(req), { lapId: req.params.lapId, menuId: req.params.menuId, who: req });
      if (done.changed) await changed(req.params.menuId);
      return done.run;
    },
  );

  app.post(
    '/laps/stops/:menuId/:locationId/arrive',
    { config: { access: STAFF }, schema: { tags: ['laps'], params: stopParams, response: { 200: stopArrival } } },
    async (req) => {
      const done = await arriveAtStop(userCtx(req), { menuId: req.params.menuId, locationId: req.params.locationId, who: req });
      if (done.changed) await changed(req.params.menuId);
      return done.arrival;
    },
  );

  app.get('/driver/today', { config: { access: STAFF }, schema: { tags: ['laps'], response: { 200: driverTodaySchema } } }, async (req) =>
    driverToday(userCtx(req), req.lang),
  );

  app.post(
    '/driver/taps',
    { config: { access: STAFF }, schema: { tags: ['laps'], body: driverTap, response: { 200: tapAnswer } } },
    async (req) => {
      // Only applied taps are recorded (status 200): a repeat answers 200 with the first answer.
      const done = await applyTap(userCtx(req), req.body, req);
      if (done.changed) await changed(req.body.menuId);
      return done.answer;
    },
  );
}
