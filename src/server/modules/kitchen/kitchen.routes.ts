import { idParams } from '../../../shared/schemas/ids.js';
import { kitchenResult, ticketActionResult, ticketInput, ticketsQuery, ticketsResult } from '../../../shared/schemas/kitchen.js';
import { userOf, type App, type Deps } from '../../lib/context.js';
import { kitchenOfMenu } from './kitchen.service.js';
import { bumpTicket, recallTicket, ticketsOfMenu } from './kitchen.tickets.js';
import { STAFF } from '../../../shared/roles.js';

/** Staff who see the kitchen display. */
export const KITCHEN_STAFF = STAFF;

/** Routes of the kitchen area: what to cook for a menu, and its tickets (the kitchen display). */
export async function kitchenRoutes(app: App, deps: Deps) {
  const db = deps.database.db;
  app.get(
    '/kitchen/:id',
    { config: { access: KITCHEN_STAFF }, schema: { tags: ['kitchen'], params: idParams, response: { 200: kitchenResult } } },
    async (req) => kitchenOfMenu(db, await req.provider(), req.params.id, deps.now(), req.lang),
  );
  app.get(
    '/kitchen/:id/tickets',
    {
      config: { access: KITCHEN_STAFF },
      schema: { tags: ['kitchen'], params: idParams, querystring: ticketsQuery, response: { 200: ticketsResult } },
    },
    async (req) => ticketsOfMenu(db, await req.provider(), req.params.id, req.query.by, deps.now(), req.lang),
  );
  // A bump or recall is news for every other kitchen screen of the menu: told as a menu change (decision 041).
  app.post(
    '/kitchen/:id/tickets/bump',
    {
      config: { access: KITCHEN_STAFF },
      schema: { tags: ['kitchen'], params: idParams, body: ticketInput, response: { 200: ticketActionResult } },
    },
    async (req) => {
      const done = await bumpTicket(db, await req.provider(), req.params.id, req.body.ticket, userOf(req).id, deps.now(), req.lang);
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
      const done = await recallTicket(db, await req.provider(), req.params.id, req.body.ticket, deps.now(), req.lang);
      if (done.changed) app.changes.publish({ type: 'menu', menuId: req.params.id });
      return done;
    },
  );
}
