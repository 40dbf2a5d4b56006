import { idParams } from '../../../shared/schemas/ids.js';
import {
  handoverParams,
  handoverPortion,
  handoverResult,
  kitchenResult,
  labelCheck as labelCheckResult,
  labelCheckQuery,
  labelsQuery,
  printScopeQuery,
  ticketActionResult,
  ticketInput,
  ticketOrdersQuery,
  ticketOrdersResult,
  ticketsQuery,
  ticketsResult,
} from '../../../shared/schemas/kitchen.js';
import { fileResponse } from '../../lib/openapi.js';
import { sendPdf } from '../../lib/download.js';
import { handOver, portionOf, undoHandOver } from './kitchen.handover.js';
import { labelsPdf } from './kitchen.labels.pdf.js';
import { labelCheck } from './kitchen.labels.check.js';
import { productionSheetPdf } from './kitchen.sheet.pdf.js';
import type { Lang } from '../../../shared/i18n.js';
import { userCtx, userOf, type App, type Deps } from '../../lib/context.js';
import { kitchenOfMenu } from './kitchen.service.js';
import { bumpTicket, recallTicket, ticketsOfMenu } from './kitchen.tickets.js';
import { ticketOrders } from './kitchen.ticket-orders.js';
import { STAFF } from '../../../shared/roles.js';

/** Staff who see the kitchen display. */
export const KITCHEN_STAFF = STAFF;

/** Routes of the kitchen area: what to cook for a menu, and its tickets (the kitchen display). */
export async function kitchenRoutes(app: App, deps: Deps) {
  const db = deps.database.db;
  app.get(
    '/kitchen/:id',
    { config: { access: KITCHEN_STAFF }, schema: { tags: ['kitchen'], params: idParams, response: { 200: kitchenResult } } },
    async (req) => kitchenOfMenu(req.ctx, req.params.id),
  );
  app.get(
    '/kitchen/:id/tickets',
    {
      config: { access: KITCHEN_STAFF },
      schema: { tags: ['kitchen'], params: idParams, querystring: ticketsQuery, response: { 200: ticketsResult } },
    },
    async (req) => ticketsOfMenu(req.ctx, { menuId: req.params.id, by: req.query.by }),
  );
  // A ticket's orders, read when it is opened (decision 053).
  app.get(
    '/kitchen/:id/tickets/orders',
    {
      config: { access: KITCHEN_STAFF },
      schema: { tags: ['kitchen'], params: idParams, querystring: ticketOrdersQuery, response: { 200: ticketOrdersResult } },
    },
    async (req) => ticketOrders(req.ctx, { menuId: req.params.id, key: req.query.ticket }),
  );
  // The print-outs (issue 14, decision 040): whole menu, ?lap= or ?location=.
  app.get(
    '/kitchen/:id/production-sheet',
    {
      config: { access: KITCHEN_STAFF },
      schema: {
        tags: ['kitchen'],
        params: idParams,
        querystring: printScopeQuery,
        otherResponses: { 200: fileResponse('The production sheet (A4)', 'application/pdf') },
      },
    },
    async (req, reply) => {
      const scope = { lapId: req.query.lap, locationId: req.query.location };
      const pdf = await productionSheetPdf(req.ctx, { menuId: req.params.id, scope });
      return sendPdf(reply, pdf, `production-${req.params.id}.pdf`);
    },
  );
  app.get(
    '/kitchen/:id/labels',
    {
      config: { access: KITCHEN_STAFF },
      schema: {
        tags: ['kitchen'],
        params: idParams,
        querystring: labelsQuery,
        otherResponses: { 200: fileResponse('One label per portion with a QR code (A4 3 × 8 or a 62 mm roll)', 'application/pdf') },
      },
    },
    async (req, reply) => {
      const scope = { lapId: req.query.lap, locationId: req.query.location };
      const pdf = await labelsPdf(req.ctx, deps.env, { menuId: req.params.id, layout: req.query.layout, scope });
      return sendPdf(reply, pdf, `labels-${req.params.id}-${req.query.layout}.pdf`);
    },
  );
  // Before printing (issue 28, decision 070): dishes whose labels lack what the law asks, labels that do not fit.
  app.get(
    '/kitchen/:id/label-check',
    {
      config: { access: KITCHEN_STAFF },
      schema: { tags: ['kitchen'], params: idParams, querystring: labelCheckQuery, response: { 200: labelCheckResult } },
    },
    async (req) => labelCheck(req.ctx, deps.env, { menuId: req.params.id, layout: req.query.layout }),
  );
  // A label's QR code (decision 040): shown first (GET writes nothing), marked on confirm, undone within a minute.
  const portion = async (req: { params: { orderId: number; itemId: number; unit: number }; provider(): Promise<number>; lang: Lang }) => ({
    providerId: await req.provider(),
    orderId: req.params.orderId,
    itemId: req.params.itemId,
    unit: req.params.unit,
    lang: req.lang,
  });
  app.get(
    '/handover/:orderId/:itemId/:unit',
    { config: { access: KITCHEN_STAFF }, schema: { tags: ['kitchen'], params: handoverParams, response: { 200: handoverPortion } } },
    async (req) => portionOf(db, await portion(req), deps.now()),
  );
  app.post(
    '/handover/:orderId/:itemId/:unit',
    { config: { access: KITCHEN_STAFF }, schema: { tags: ['kitchen'], params: handoverParams, response: { 200: handoverResult } } },
    async (req) => {
      const done = await handOver(db, await portion(req), { user: userOf(req), id: req.id }, deps.now());
      if (!done.already) {
        // A portion handed over delivers its order (issue 28): the eater's open page refetches, the notice goes (decision 068).
        app.changes.publish({ type: 'menu', menuId: done.menu_id });
        void app.deliveryChanged(done.menu_id);
      }
      return done;
    },
  );
  app.delete(
    '/handover/:orderId/:itemId/:unit',
    { config: { access: KITCHEN_STAFF }, schema: { tags: ['kitchen'], params: handoverParams, response: { 200: handoverPortion } } },
    async (req) => undoHandOver(db, await portion(req), { user: userOf(req), id: req.id }, deps.now()),
  );
  // A bump or recall is news for every other kitchen screen of the menu: told as a menu change (decision 041).
  app.post(
    '/kitchen/:id/tickets/bump',
    {
      config: { access: KITCHEN_STAFF },
      schema: { tags: ['kitchen'], params: idParams, body: ticketInput, response: { 200: ticketActionResult } },
    },
    async (req) => {
      const done = await bumpTicket(userCtx(req), { menuId: req.params.id, key: req.body.ticket, who: req });
      if (done.changed) app.changes.publish({ type: 'menu', menuId: req.params.id });
      return done;
    },
  );
  app.post(
    '/kitchen/:id/tickets/recall',
    {
      config: { access: KITCHEN_STAFF },
      schema: { tags: ['kitchen'], params: idParams, body: ticketInput, response: { 200: ticketActionResult } },
    },
    async (req) => {
      const done = await recallTicket(req.ctx, { menuId: req.params.id, key: req.body.ticket, who: req });
      if (done.changed) app.changes.publish({ type: 'menu', menuId: req.params.id });
      return done;
    },
  );
}
