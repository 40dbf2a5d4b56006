import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pagedOf, pageOf, pageWindow } from '../../../shared/list-query.js';
import {
  createOrderForUserInput,
  createOrderInput,
  createOrderResult,
  demoDishlistResult,
  dishlistsResult,
  orderPageData as orderPageDataSchema,
  orderPageQuery,
  selectableUser,
  usersListQuery,
} from '../../../shared/schemas/ordering.js';
import {
  acceptOrderQuery,
  acceptAllInput,
  acceptAllResult,
  newOrdersCount,
  cancelOrderResult,
  order,
  ordersByMenuResult,
  orderSectionsQuery,
  orderSectionsResult,
  sectionOrdersQuery,
  ordersQuery,
  printOrdersQuery,
} from '../../../shared/schemas/orders.js';
import { dbIdParam, idParams } from '../../../shared/schemas/ids.js';
import { fileResponse } from '../../lib/openapi.js';
import { sendPdf } from '../../lib/download.js';
import type { App, Deps, RequestContext } from '../../lib/context.js';
import { userCtx } from '../../lib/context.js';
import { completeSignIn } from '../../lib/auth.js';
import { loadOrders } from '../orders/orders.read.js';
import { cancelOrder } from './cancel-order.js';
import { acceptAllNew, countNewOrders } from './ordering.accept-all.js';
import { printOrdersPdf } from './ordering.orders.pdf.js';
import { countOrders, deleteOrder, filterWhere, getOrder, ordersByMenu, setAccepted } from './ordering.orders.js';
import { createReadCaches, demoDishlist, listOpenDishlists, orderPageJson } from './ordering.service.js';
import { orderSections, sectionOrders } from './ordering.sections.js';
import { listSelectableUsers } from './ordering.selectable-users.js';
import { weekJson } from './ordering.week.js';
import { weekResult } from '../../../shared/schemas/plan-ahead.js';
import { orderPlacer } from './place-order.js';
import { STAFF } from '../../../shared/roles.js';

/**
 * How long an instance reuses a menu (structure, prices, the presented JSON with its stock) and
 * the open-menu list between reads, for the order page only. Off in tests, which edit menus
 * between calls. Placing an order never uses it: status, deadline, dishes, prices and stock are
 * read afresh for every order.
 */
export const READ_CACHE_MS = 1000;

/**
 * Sends JSON that is already encoded. Fastify passes buffers through without the schema
 * serializer, so the menu read skips re-validating a large cached answer on every call; the
 * route's response schema still documents it and the tests parse answers with it.
 */
function sendJsonBytes(reply: { type(t: string): { send(p: never): unknown } }, json: Buffer): void {
  reply.type('application/json; charset=utf-8').send(json as never);
}

/** The caller's provider, asked only on a cache miss; not an inline arrow (keepNames' `__name()` per call, decision 091). */
const providerOrNullOf = (req: FastifyRequest) => () => req.providerOrNull();

/** Routes of the ordering area. */
const ORDERS_PDF = fileResponse('The menu’s orders by location as a PDF (spec 7)', 'application/pdf');

export async function orderingRoutes(app: App, deps: Deps) {
  const db = deps.database.db;
  const caches = createReadCaches(db, deps.env.NODE_ENV === 'test' ? 0 : READ_CACHE_MS);
  // Stock, dishes or times edited through this instance: its next read shows them at once.
  app.changes.subscribe((change) => caches.forgetMenu(change.menuId));

  app.get(
    '/order/dishlists',
    { config: { access: 'user' }, schema: { tags: ['ordering'], response: { 200: dishlistsResult } } },
    async (req) => listOpenDishlists(req.ctx, await req.providerOrNull()),
  );

  app.get(
    '/order/create',
    { config: { access: 'user' }, schema: { tags: ['ordering'], querystring: orderPageQuery, response: { 200: orderPageDataSchema } } },
    async (req, reply) => {
      sendJsonBytes(
        reply,
        await orderPageJson(userCtx(req), caches, { menuId: req.query.dishlist_id, strict: false, provider: providerOrNullOf(req) }),
      );
      return reply;
    },
  );

  app.get(
    '/order/create/:id',
    { config: { access: 'user' }, schema: { tags: ['ordering'], params: idParams, response: { 200: orderPageDataSchema } } },
    async (req, reply) => {
      sendJsonBytes(
        reply,
        await orderPageJson(userCtx(req), caches, { menuId: req.params.id, strict: true, provider: providerOrNullOf(req) }),
      );
      return reply;
    },
  );

  // The week view in one call (issue 27): every open menu's order page and the customer's own orders on them.
  app.get(
    '/order/week',
    { config: { access: 'user' }, schema: { tags: ['ordering'], response: { 200: weekResult } } },
    async (req, reply) => {
      sendJsonBytes(reply, await weekJson(userCtx(req), caches, () => req.providerOrNull()));
      return reply;
    },
  );

  app.get(
    '/demo-dishlists',
    { config: { access: 'public' }, schema: { tags: ['ordering'], response: { 200: demoDishlistResult } } },
    async (req) => demoDishlist(req.ctx, caches, await req.providerOrNull()),
  );

  /** The order path (place-order.ts, decisions 013 and 025). */
  const placeOrder = orderPlacer({ changes: app.changes, caches });

  app.post(
    '/order/create',
    {
      // The busiest write: the customer query reads the session too (one round trip fewer).
      config: { access: ['customer'], sessionInQuery: true },
      schema: { tags: ['ordering'], body: createOrderInput, response: { 200: createOrderResult } },
    },
    async (req) => {
      const known = req.user;
      const sessionHash = req.sessionHash;
      if (!known && !sessionHash) throw new Error('sign-in neither done nor deferred');
      return placeOrder(req.ctx, {
        who: known ? known.id : { sessionHash: sessionHash!, now: deps.now() },
        signIn: known ? null : (session) => completeSignIn(db, req, session, deps.now()),
        staffId: null,
        input: req.body,
        idempotencyHeader: req.headers['idempotency-key'],
        requestId: req.id,
      });
    },
  );

  app.post(
    '/order/create-for-user',
    { config: { access: STAFF }, schema: { tags: ['ordering'], body: createOrderForUserInput, response: { 200: createOrderResult } } },
    async (req) =>
      placeOrder(req.ctx, {
        who: req.body.user_id,
        signIn: null,
        staffId: userCtx(req).user.id,
        input: req.body,
        idempotencyHeader: req.headers['idempotency-key'],
        requestId: req.id,
      }),
  );

  app.get(
    '/users/list',
    { config: { access: STAFF }, schema: { tags: ['ordering'], querystring: usersListQuery, response: { 200: pagedOf(selectableUser) } } },
    async (req) => {
      const q = req.query;
      const { data, total } = await listSelectableUsers(db, {
        search: q.search,
        page: q.page,
        perPage: q.perPage,
        menuId: q.params.dishlist_id,
      });
      return pageOf(data, total, q);
    },
  );

  app.get(
    '/order/:id',
    { config: { access: 'user' }, schema: { tags: ['ordering'], params: idParams, response: { 200: order } } },
    async (req) => getOrder(userCtx(req), req.params.id),
  );

  app.get(
    '/order',
    {
      config: { access: STAFF },
      schema: { tags: ['ordering'], querystring: ordersQuery, response: { 200: z.union([ordersByMenuResult, pagedOf(order)]) } },
    },
    async (req) => {
      const q = req.query;
      const filter = { menuId: q.filter.dishlist_id, status: q.filter.status, accepted: q.filter.accepted, userId: q.filter.user_id };
      if (q.params.full === 1) return ordersByMenu(req.ctx, filter);
      const where = filterWhere(filter);
      const total = await countOrders(db, where);
      const w = pageWindow(total, q.page, q.perPage);
      const page = w.limit === null ? undefined : { limit: w.limit, offset: w.offset };
      const data = await loadOrders(req.ctx, { where, page, staffView: true });
      return pageOf(data, total, q);
    },
  );

  // The orders page bounded by location (decision 056): the sections' totals first, a section's orders when opened.
  app.get(
    '/dishlists/:id/order-sections',
    {
      config: { access: STAFF },
      schema: { tags: ['ordering'], params: idParams, querystring: orderSectionsQuery, response: { 200: orderSectionsResult } },
    },
    async (req) => orderSections(req.ctx, { menuId: req.params.id, accepted: req.query.accepted }),
  );
  app.get(
    '/dishlists/:id/order-sections/orders',
    {
      config: { access: STAFF },
      schema: { tags: ['ordering'], params: idParams, querystring: sectionOrdersQuery, response: { 200: ordersByMenuResult } },
    },
    async (req) => sectionOrders(req.ctx, { menuId: req.params.id, location: req.query.location, accepted: req.query.accepted }),
  );

  // The orders print-out (spec 7): the menu's orders per location as a PDF, for staff. Fetched with
  // the Authorization header and saved from a blob (decision 012: no long-lived token in an address).
  const printOrders = (req: { ctx: RequestContext; query: { accepted?: number } }, menuId: number, locationId?: number) =>
    printOrdersPdf(req.ctx, { menuId, accepted: req.query.accepted, locationId });
  app.get(
    '/dishlists/:id/print-orders',
    {
      config: { access: STAFF },
      schema: { tags: ['ordering'], params: idParams, querystring: printOrdersQuery, otherResponses: { 200: ORDERS_PDF } },
    },
    async (req, reply) => sendPdf(reply, await printOrders(req, req.params.id), `orders-${req.params.id}.pdf`),
  );
  app.get(
    '/dishlists/:id/print-orders/:locationId',
    {
      config: { access: STAFF },
      schema: {
        tags: ['ordering'],
        params: z.object({ id: dbIdParam, locationId: dbIdParam }),
        querystring: printOrdersQuery,
        otherResponses: { 200: ORDERS_PDF },
      },
    },
    async (req, reply) =>
      sendPdf(reply, await printOrders(req, req.params.id, req.params.locationId), `orders-${req.params.id}-${req.params.locationId}.pdf`),
  );

  app.put(
    '/order/:id',
    {
      config: { access: STAFF },
      schema: { tags: ['ordering'], params: idParams, querystring: acceptOrderQuery, response: { 200: order } },
    },
    async (req) => {
      const done = await setAccepted(userCtx(req), { orderId: req.params.id, accepted: req.query.accepted as 0 | 1, who: req });
      // Other staff's orders pages show the change live.
      app.changes.publish({ type: 'order', menuId: done.dishlist.id, orderId: done.id });
      return done;
    },
  );

  // The navigation's badge (a static path wins over '/order/:id' in the router).
  app.get(
    '/order/new-count',
    { config: { access: STAFF }, schema: { tags: ['ordering'], response: { 200: newOrdersCount } } },
    async (req) => countNewOrders(db, await req.providerOrNull(), req.ctx.now),
  );

  // "Accept all new" of a location or the whole menu: one call, one confirmation on the page.
  app.post(
    '/order/accept-all',
    { config: { access: STAFF }, schema: { tags: ['ordering'], body: acceptAllInput, response: { 200: acceptAllResult } } },
    async (req) => {
      const done = await acceptAllNew(req.ctx, { input: req.body, providerId: () => req.providerOrNull(), who: req });
      for (const orderId of done.accepted) app.changes.publish({ type: 'order', menuId: req.body.dishlist_id, orderId });
      return done;
    },
  );

  // Cancel (decision 031, cancel-order.ts): the owner while the menu is open, staff of the active provider at any time.
  app.post(
    '/order/:id/cancel',
    {
      config: { access: 'user' },
      schema: { tags: ['ordering'], params: idParams, response: { 200: cancelOrderResult } },
    },
    async (req) =>
      cancelOrder(userCtx(req), {
        orderId: req.params.id,
        who: req,
        changes: app.changes,
        forgetUser: (userId) => caches.forgetUser(userId),
        log: req.log,
      }),
  );

  app.delete(
    '/order/:id',
    {
      config: { access: STAFF },
      schema: { tags: ['ordering'], params: idParams, response: { 200: z.object({ success: z.literal(true) }) } },
    },
    async (req) => {
      const menuId = await deleteOrder(req.ctx, { orderId: req.params.id, who: req });
      app.changes.publish({ type: 'order', menuId, orderId: req.params.id });
      return { success: true as const };
    },
  );
}
