import { pageOf, pagedOf } from '../../../shared/list-query.js';
import { ADMINS } from '../../../shared/roles.js';
import { idParams } from '../../../shared/schemas/ids.js';
import { adminUser, adminUserInput, adminUserOrders, adminUserResult, adminUsersQuery } from '../../../shared/schemas/users.js';
import type { App, Deps } from '../../lib/context.js';
import { userCtx } from '../../lib/context.js';
import { listUsers, recentOrders, resendInvitation, setUserActive, updateUser } from './users.service.js';

/**
 * The administrator's user management (issue 13): list and search every user, edit name, phone,
 * location, role and manager flag, activate and deactivate (sessions end), re-send an invitation,
 * see recent orders. Administrators only; location managers keep their team page (/me/team).
 */
export async function usersRoutes(app: App, deps: Deps) {
  const db = deps.database.db;
  const config = { access: ADMINS };

  app.get(
    '/admin/users',
    { config, schema: { tags: ['users'], querystring: adminUsersQuery, response: { 200: pagedOf(adminUser) } } },
    async (req) => {
      const { data, total } = await listUsers(db, req.query);
      return pageOf(data, total, req.query);
    },
  );

  app.put(
    '/admin/users/:id',
    { config, schema: { tags: ['users'], params: idParams, body: adminUserInput, response: { 200: adminUserResult } } },
    async (req) => updateUser(userCtx(req), { id: req.params.id, input: req.body, who: req }),
  );

  app.post(
    '/admin/users/:id/deactivate',
    { config, schema: { tags: ['users'], params: idParams, response: { 200: adminUserResult } } },
    async (req) => setUserActive(userCtx(req), { id: req.params.id, active: false, who: req }),
  );

  app.post(
    '/admin/users/:id/activate',
    { config, schema: { tags: ['users'], params: idParams, response: { 200: adminUserResult } } },
    async (req) => setUserActive(userCtx(req), { id: req.params.id, active: true, who: req }),
  );

  app.post(
    '/admin/users/:id/invite',
    { config, schema: { tags: ['users'], params: idParams, response: { 200: adminUserResult } } },
    async (req) => resendInvitation(userCtx(req), deps, { id: req.params.id, who: req }),
  );

  app.get(
    '/admin/users/:id/orders',
    { config, schema: { tags: ['users'], params: idParams, response: { 200: adminUserOrders } } },
    async (req) => recentOrders(db, req.params.id),
  );
}
