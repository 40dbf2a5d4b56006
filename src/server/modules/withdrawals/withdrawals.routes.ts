import { idParams } from '../../../shared/schemas/ids.js';
import { STAFF } from '../../../shared/roles.js';
import {
  withdrawalList,
  withdrawDishInput,
  withdrawnChoiceInput,
  withdrawnChoiceParams,
  withdrawnChoiceResult,
  withdrawnNotices,
  withdrawPreview,
  withdrawPreviewQuery,
  withdrawResult,
} from '../../../shared/schemas/withdrawals.js';
import { publicBaseUrl } from '../../env.js';
import type { App, Deps, UserContext } from '../../lib/context.js';
import { userCtx } from '../../lib/context.js';
import { kickAnnouncements } from '../announcements/announcements.service.js';
import { sendRefund } from '../payments/refunds.service.js';
import { chooseWithdrawn, withdrawnNotices as readNotices } from './withdrawals.choice.js';
import { listWithdrawals, previewWithdrawal, withdrawDish } from './withdrawals.service.js';

/** Sends refunds recorded by a committed withdrawal or choice; one not sent now stays open for the refund-retry job. */
async function sendAfterCommit(
  ctx: UserContext,
  refundIds: number[],
  log: { error(obj: object, msg: string): void; warn(m: string): void },
) {
  for (const refundId of refundIds) {
    try {
      await sendRefund({ db: ctx.db, gateway: ctx.gateway, now: () => ctx.now, log: (m) => log.warn(m) }, refundId);
    } catch (err) {
      log.error({ err, refundId }, 'refund not sent; the refund-retry job sends it');
    }
  }
}

/** A dish withdrawn from a menu after people ordered it (schemas/withdrawals.ts, decision 083). */
export async function withdrawalsRoutes(app: App, deps: Deps) {
  const tags = ['withdrawals'];
  app.get(
    '/dishlists/:id/withdrawals',
    { config: { access: STAFF }, schema: { tags, params: idParams, response: { 200: withdrawalList } } },
    async (req) => listWithdrawals(userCtx(req), req.params.id),
  );
  app.get(
    '/dishlists/:id/withdrawals/preview',
    {
      config: { access: STAFF },
      schema: { tags, params: idParams, querystring: withdrawPreviewQuery, response: { 200: withdrawPreview } },
    },
    async (req) => previewWithdrawal(userCtx(req), req.params.id, req.query.dish_id),
  );
  app.post(
    '/dishlists/:id/withdrawals',
    { config: { access: STAFF }, schema: { tags, params: idParams, body: withdrawDishInput, response: { 200: withdrawResult } } },
    async (req) => {
      const ctx = userCtx(req);
      const done = await withdrawDish(ctx, { menuId: req.params.id, input: req.body, who: req, linkBase: publicBaseUrl(deps.env) });
      for (const orderId of done.orderIds) app.changes.publish({ type: 'order', menuId: req.params.id, orderId });
      // The eaters' announcement (decision 083) goes now, not at the dispatcher's next minute.
      kickAnnouncements(deps, (err) => app.log.error({ err }, 'announcements dispatch failed'));
      await sendAfterCommit(ctx, done.refundIds, req.log);
      return { success: true as const, changed: done.changed, withdrawal: done.withdrawal };
    },
  );
  app.get(
    '/order/:id/withdrawn',
    { config: { access: 'user' }, schema: { tags, params: idParams, response: { 200: withdrawnNotices } } },
    async (req) => readNotices(userCtx(req), req.params.id),
  );
  app.post(
    '/order/:id/withdrawn/:withdrawalId',
    {
      config: { access: 'user' },
      schema: { tags, params: withdrawnChoiceParams, body: withdrawnChoiceInput, response: { 200: withdrawnChoiceResult } },
    },
    async (req) => {
      const ctx = userCtx(req);
      const { id: orderId, withdrawalId } = req.params;
      const done = await chooseWithdrawn(ctx, { orderId, withdrawalId, input: req.body, who: req });
      if (done.changed) app.changes.publish({ type: 'order', menuId: done.menuId, orderId });
      if (done.refundId !== null) await sendAfterCommit(ctx, [done.refundId], req.log);
      return { success: true as const, changed: done.changed, notice: done.notice };
    },
  );
}
