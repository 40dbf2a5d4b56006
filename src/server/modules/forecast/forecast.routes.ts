import { idParams } from '../../../shared/schemas/ids.js';
import { menuForecast as forecastSchema } from '../../../shared/schemas/forecast.js';
import { STAFF } from '../../../shared/roles.js';
import type { App } from '../../lib/context.js';
import { menuForecast } from './forecast.service.js';

/** The forecast beside the balance editor (issue 27, decision 062): staff, the request's provider's menus only. */
export async function forecastRoutes(app: App) {
  app.get(
    '/dishlists/:id/forecast',
    { config: { access: STAFF }, schema: { tags: ['menus'], params: idParams, response: { 200: forecastSchema } } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return menuForecast(req.ctx.db, await req.ctx.provider(), req.params.id, req.ctx.now);
    },
  );
}
