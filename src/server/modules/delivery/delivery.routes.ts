import { z } from 'zod';
import { STAFF, hasRole } from '../../../shared/roles.js';
import { menuDelivery, orderDelivery } from '../../../shared/schemas/delivery.js';
import { dbIdParam, idParams } from '../../../shared/schemas/ids.js';
import type { App, Deps } from '../../lib/context.js';
import { userCtx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { menuDelivery as readMenuDelivery, orderDelivery as readOrderDelivery } from './delivery.read.js';
import { kickAnnouncements } from '../announcements/announcements.service.js';
import { sendDueDeliveryNotices } from './delivery.service.js';

const menuParams = z.object({ menuId: dbIdParam });

/** The eater's delivery status (issue 28) and the hook that sends delivery notices (lib/delivery-changed.ts). */
export async function deliveryRoutes(app: App, deps: Deps) {
  app.decorate('deliveryChanged', async (menuId: number) => {
    // A stop marked 'problem' made a system announcement (decision 082): delivered now, not in a minute.
    kickAnnouncements(deps, (err) => app.log.error({ err }, 'announcements dispatch failed'));
    try {
      return await sendDueDeliveryNotices({ db: deps.database.db, mailer: deps.mailer, env: deps.env, push: deps }, menuId);
    } catch (err) {
      // The job (jobs.ts) sends what this run missed within a minute.
      app.log.error({ err, menuId }, 'delivery notices failed');
      return null;
    }
  });

  app.get(
    '/orders/:id/delivery',
    { config: { access: 'user' }, schema: { tags: ['delivery'], params: idParams, response: { 200: orderDelivery } } },
    async (req) => {
      const ctx = userCtx(req);
      const found = await readOrderDelivery(ctx.db, req.params.id, ctx.now);
      // Someone else's order is answered like a missing one.
      const mine = found && found.userId === ctx.user.id;
      const staff = found && !mine && hasRole(ctx.user.role, STAFF) && (await req.providerOrNull()) === found.providerId;
      if (!found || !(mine || staff)) throw new AppError(404, t.coded('notFound'));
      return found.delivery;
    },
  );

  app.get(
    '/order/delivery/:menuId',
    { config: { access: 'user' }, schema: { tags: ['delivery'], params: menuParams, response: { 200: menuDelivery } } },
    async (req) => {
      const ctx = userCtx(req);
      return readMenuDelivery(ctx.db, ctx.user, req.params.menuId, ctx.now);
    },
  );
}
