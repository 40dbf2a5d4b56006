import { favouriteParams, favouriteResult, favouritesResult } from '../../../shared/schemas/favourites.js';
import type { App, Deps } from '../../lib/context.js';
import { userOf } from '../../lib/context.js';
import { addFavourite, listFavourites, removeFavourite } from './favourites.service.js';

/**
 * The signed-in user's favourite dishes (schemas/favourites.ts). A call of its own, scoped to the
 * user and the request's provider, so the order page's shared cached answer stays the same for
 * everyone (decision 032). Never cached by the browser or a proxy: it is one user's data.
 */
export async function favouritesRoutes(app: App, deps: Deps) {
  const db = deps.database.db;

  app.get(
    '/favourites',
    { config: { access: 'user' }, schema: { tags: ['ordering'], response: { 200: favouritesResult } } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listFavourites(db, userOf(req).id, await req.providerOrNull());
    },
  );

  app.put(
    '/favourites/:dishId',
    { config: { access: 'user' }, schema: { tags: ['ordering'], params: favouriteParams, response: { 200: favouriteResult } } },
    async (req) => addFavourite(db, userOf(req).id, await req.providerOrNull(), req.params.dishId),
  );

  app.delete(
    '/favourites/:dishId',
    { config: { access: 'user' }, schema: { tags: ['ordering'], params: favouriteParams, response: { 200: favouriteResult } } },
    async (req) => removeFavourite(db, userOf(req).id, req.params.dishId),
  );
}
