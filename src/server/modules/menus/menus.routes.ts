import { boolFilter, listQuerySchema, pagedOf } from '../../../shared/list-query.js';
import { success } from '../../../shared/schemas/catalogue.js';
import { idParams } from '../../../shared/schemas/ids.js';
import {
  balanceInput,
  copyMenuInput,
  copyMenuResult,
  createMenuInput,
  menuBalance,
  menuDetail,
  menuSummary,
  updateMenuInput,
} from '../../../shared/schemas/menus.js';
import type { App, Deps } from '../../lib/context.js';
import { copyMenu } from './menus.copy.js';
import { getMenu, listMenus, MENU_PER_PAGE, MENU_SORTS } from './menus.queries.js';
import { createMenu, deleteMenu, updateMenu } from './menus.service.js';
import { getBalance, setBalance } from './menus.stock.js';
import { STAFF } from '../../../shared/roles.js';

/** Staff who manage menus and their stock. */
export const MENU_STAFF = STAFF;

const menuListQuery = listQuerySchema({ sort: MENU_SORTS, filters: { status: boolFilter }, defaultPerPage: MENU_PER_PAGE });

export async function menusRoutes(app: App, deps: Deps) {
  const db = deps.database.db;
  const config = { access: MENU_STAFF };

  app.get(
    '/dishlists',
    { config, schema: { tags: ['menus'], querystring: menuListQuery, response: { 200: pagedOf(menuSummary) } } },
    async (req) => listMenus(db, await req.providerOrNull(), req.query),
  );
  app.get('/dishlists/:id', { config, schema: { tags: ['menus'], params: idParams, response: { 200: menuDetail } } }, async (req) =>
    getMenu(db, await req.provider(), req.params.id),
  );
  app.post(
    '/dishlists',
    { config, schema: { tags: ['menus'], body: createMenuInput, response: { 201: menuDetail } } },
    async (req, reply) => reply.status(201).send(await createMenu(db, await req.provider(), req.body, req)),
  );
  app.put(
    '/dishlists/:id',
    { config, schema: { tags: ['menus'], params: idParams, body: updateMenuInput, response: { 200: menuDetail } } },
    async (req) => {
      const menu = await updateMenu(db, await req.provider(), req.params.id, req.body, req);
      app.changes.publish({ type: 'menu', menuId: req.params.id });
      return menu;
    },
  );
  app.delete('/dishlists/:id', { config, schema: { tags: ['menus'], params: idParams, response: { 200: success } } }, async (req) => {
    const providerId = await req.provider();
    await deleteMenu(db, providerId, req.params.id, req);
    // The menu row is gone: the event names its provider itself (the notify cannot look it up).
    app.changes.publish({ type: 'menu', menuId: req.params.id, providerId });
    return { success: true as const };
  });
  app.post(
    '/dishlists/:id/copy',
    { config, schema: { tags: ['menus'], params: idParams, body: copyMenuInput, response: { 201: copyMenuResult } } },
    async (req, reply) => {
      const copies = await copyMenu(db, await req.provider(), req.params.id, req.body, req);
      for (const m of copies) app.changes.publish({ type: 'menu', menuId: m.id });
      return reply.status(201).send({ data: copies });
    },
  );
  app.get(
    '/dishlists/:id/balance',
    { config, schema: { tags: ['menus'], params: idParams, response: { 200: menuBalance } } },
    async (req) => getBalance(db, await req.provider(), req.params.id),
  );
  app.post(
    '/dishlists/:id/balance',
    { config, schema: { tags: ['menus'], params: idParams, body: balanceInput, response: { 200: menuBalance } } },
    async (req) => {
      const balance = await setBalance(db, await req.provider(), req.params.id, req.body, req);
      app.changes.publish({ type: 'menu', menuId: req.params.id });
      return balance;
    },
  );
}
