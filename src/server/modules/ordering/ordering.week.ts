/*
 * GET /app/order/week (issue 27): the week view in one call instead of two per day. Each day is
 * the order page's own answer for that menu (orderPageJson: the same read caches and bytes), and a
 * customer's own orders on those menus are the ones their history lists (placed, cancelled, and
 * waiting for payment), oldest first.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { orders } from '../../db/schema/index.js';
import type { UserContext } from '../../lib/context.js';
import { loadOrders } from '../orders/orders.read.js';
import { listedOrder } from '../orders/placed.read.js';
import { orderPageJson, type ReadCaches } from './ordering.service.js';

const COMMA = Buffer.from(',');

/** The week's answer as UTF-8 JSON bytes (weekResult in shared/schemas/plan-ahead.ts). */
export async function weekJson(
  ctx: Pick<UserContext, 'db' | 'user' | 'now' | 'lang' | 'gateway'>,
  caches: ReadCaches,
  provider: () => Promise<number | null>,
): Promise<Buffer> {
  const providerId = await provider();
  const open = providerId === null ? [] : await caches.openMenus(providerId, ctx.now);
  const ids = open.map((m) => m.id);
  const [pages, own] = await Promise.all([
    Promise.all(ids.map((menuId) => orderPageJson(ctx, caches, { menuId, strict: false, provider }))),
    ctx.user.role === 'customer' && ids.length > 0
      ? loadOrders(ctx, { where: and(listedOrder(), eq(orders.userId, ctx.user.id), inArray(orders.menuId, ids)), order: 'oldest' })
      : [],
  ]);
  const days = pages.flatMap((page, i) => (i === 0 ? [page] : [COMMA, page]));
  return Buffer.concat([Buffer.from('{"days":['), ...days, Buffer.from(`],"orders":${JSON.stringify(own)}}`)]);
}
