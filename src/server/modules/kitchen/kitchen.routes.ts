import { idParams } from '../../../shared/schemas/ids.js';
import { kitchenResult } from '../../../shared/schemas/kitchen.js';
import type { App, Deps } from '../../lib/context.js';
import { kitchenOfMenu } from './kitchen.service.js';
import { STAFF } from '../../../shared/roles.js';

/** Staff who see the kitchen display. */
export const KITCHEN_STAFF = STAFF;

/** Routes of the kitchen area: what to cook for a menu (the kitchen display polls it). */
export async function kitchenRoutes(app: App, deps: Deps) {
  const db = deps.database.db;
  app.get(
    '/kitchen/:id',
    { config: { access: KITCHEN_STAFF }, schema: { tags: ['kitchen'], params: idParams, response: { 200: kitchenResult } } },
    async (req) => kitchenOfMenu(db, await req.provider(), req.params.id, deps.now(), req.lang),
  );
}
