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
  ordersQuery,
  printOrdersQuery,
} from '../../../shared/schemas/orders.js';
import type { Lang } from '../../../shared/i18n.js';
import { dbIdParam, idParams } from '../../../shared/schemas/ids.js';
import { fileResponse } from '../../lib/openapi.js';
import { sendPdf } from '../../lib/download.js';
import type { App, Deps } from '../../lib/context.js';
import { userOf } from '../../lib/context.js';
import { completeSignIn, type SessionRow } from '../../lib/auth.js';
import { AppError } from '../../lib/errors.js';
import { gatewayOf } from '../../lib/payments/sandbox.js';
import { checkOrder, type PlaceOrderInput } from './ordering.check.js';
import { persistOrder } from './ordering.persist.js';
import { cancelOrder } from './ordering.cancel.js';
import { sendRefund } from '../payments/refunds.service.js';
import { acceptAllNew, countNewOrders } from './ordering.accept-all.js';
import { countOrders, deleteOrder, filterWhere, getOrder, loadOrders, ordersByMenu, setAccepted } from './ordering.orders.js';
import { createReadCaches, demoDishlist, listOpenDishlists, orderPageJson } from './ordering.service.js';
import { printOrdersPdf, type PrintOrdersQuery } from './ordering.print.js';
import { listSelectableUsers, loadCustomerState, type CustomerKey } from './ordering.users.js';
import { STAFF } from '../../../shared/roles.js';
import { ordersCounter } from '../../lib/metrics.js';

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

function idempotencyKey(header: unknown, body: string | undefined): string | null {
  const h = typeof header === 'string' ? header.trim() : '';
  if (h && h.length <= 100) return h;
  return body?.trim() || null;
}

/** Every dish the order names (lines and chosen options): the customer query reads their stock and menu entries. */
function namedDishes(input: PlaceOrderInput): number[] {
  return [...new Set(input.items.flatMap((i) => [i.id, ...(i.complex ?? []).map((c) => c.dish_id)]))];
}

/** Routes of the ordering area. */
const ORDERS_PDF = fileResponse('The menu’s orders by location as a PDF (spec 7)', 'application/pdf');

export async function orderingRoutes(app: App, deps: Deps) {
  const db = deps.database.db;
  const gateway = gatewayOf(deps);
  const caches = createReadCaches(db, deps.env.NODE_ENV === 'test' ? 0 : READ_CACHE_MS);
  // Stock, dishes or times edited through this instance: its next read shows them at once.
  app.changes.subscribe((change) => caches.forgetMenu(change.menuId));

  app.get(
    '/order/dishlists',
    { config: { access: 'user' }, schema: { tags: ['ordering'], response: { 200: dishlistsResult } } },
    async (req) => listOpenDishlists(db, await req.providerOrNull(), deps.now()),
  );

  app.get(
    '/order/create',
    { config: { access: 'user' }, schema: { tags: ['ordering'], querystring: orderPageQuery, response: { 200: orderPageDataSchema } } },
    async (req, reply) => {
      sendJsonBytes(
        reply,
        await orderPageJson(db, gateway, caches, userOf(req), {
          menuId: req.query.dishlist_id,
          strict: false,
          provider: () => req.providerOrNull(),
          now: deps.now(),
          lang: req.lang,
        }),
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
        await orderPageJson(db, gateway, caches, userOf(req), {
          menuId: req.params.id,
          strict: true,
          provider: () => req.providerOrNull(),
          now: deps.now(),
          lang: req.lang,
        }),
      );
      return reply;
    },
  );

  app.get(
    '/demo-dishlists',
    { config: { access: 'public' }, schema: { tags: ['ordering'], response: { 200: demoDishlistResult } } },
    async (req) => demoDishlist(db, caches, await req.providerOrNull(), deps.now(), req.lang),
  );

  /**
   * The order path (decision 025): the customer query (round trip 1; on a session-cache miss it
   * reads the session too and the sign-in is completed here from it, before anything else is
   * looked at), the pure check, then the persist step (the order statement, round trip 2).
   */
  // The counters' children, made once: counting an order allocates nothing (the order path is benchmarked).
  const ordersPlaced = ordersCounter.labels('placed');
  const ordersRefused = ordersCounter.labels('refused');
  const place = async (
    req: { lang: Lang; headers: Record<string, unknown>; id: string },
    who: CustomerKey,
    signIn: ((session: SessionRow | null) => Promise<unknown>) | null,
    staffId: number | null,
    input: PlaceOrderInput & { idempotency_key?: string },
  ) => {
    // Staff keys are per staff member: the staff member's id keeps two staff from colliding.
    const key = idempotencyKey(req.headers['idempotency-key'], input.idempotency_key);
    const orderKey = key && staffId !== null ? `staff:${staffId}:${key}` : key;
    try {
      const state = await loadCustomerState(db, who, input.dishlist_id, orderKey, namedDishes(input), true);
      if (signIn) await signIn(state?.session ?? null);
      const checked = checkOrder({ state, staffId, input, gateway: gateway.methods(), now: deps.now(), lang: req.lang });
      const { answer, stockLeft } = await persistOrder(deps, gateway, checked, {
        idempotencyKey: orderKey,
        lang: req.lang,
        // An abandoned unpaid order this order released (decision 045): its stock is back, open pages hear of it.
        onReleased: (orderId) => app.changes.publish({ type: 'order', menuId: input.dishlist_id, orderId }),
        requestId: req.id,
      });
      ordersPlaced.inc();
      // Stock changed: this instance's caches drop the menu, every open order page hears of it,
      // with the stock the order left (the pages show it without a refetch; decision 030).
      app.changes.publish({ type: 'order', menuId: input.dishlist_id, orderId: answer.order_id, stockLeft });
      return answer;
    } catch (err) {
      // A refused order (stock gone, dish withdrawn, menu closed): the page reloads the menu
      // at once and must see it as it is now, not as this instance cached it.
      if (err instanceof AppError && err.status === 422) {
        ordersRefused.inc();
        caches.forgetMenu(input.dishlist_id);
      }
      // The payment could not be started: the order was placed and its stock given back at once.
      // Pages that saw it taken (and this instance's caches) hear that it is back.
      if (err instanceof AppError && err.status === 502) app.changes.publish({ type: 'menu', menuId: input.dishlist_id });
      throw err;
    }
  };

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
      try {
        return await place(
          req,
          known ? known.id : { sessionHash: sessionHash!, now: deps.now() },
          known ? null : (session) => completeSignIn(db, req, session, deps.now()),
          null,
          req.body,
        );
      } finally {
        if (req.user) caches.forgetUser(req.user.id);
      }
    },
  );

  app.post(
    '/order/create-for-user',
    { config: { access: STAFF }, schema: { tags: ['ordering'], body: createOrderForUserInput, response: { 200: createOrderResult } } },
    async (req) => {
      try {
        return await place(req, req.body.user_id, null, userOf(req).id, req.body);
      } finally {
        caches.forgetUser(req.body.user_id);
      }
    },
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
    async (req) => getOrder(db, gateway, userOf(req), req.params.id, req.lang),
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
      if (q.params.full === 1) return ordersByMenu(db, gateway, filter, req.lang);
      const where = filterWhere(filter);
      const total = await countOrders(db, where);
      const w = pageWindow(total, q.page, q.perPage);
      const data = await loadOrders(
        db,
        gateway,
        req.lang,
        where,
        w.limit === null ? undefined : { limit: w.limit, offset: w.offset },
        'newest',
        true,
      );
      return pageOf(data, total, q);
    },
  );

  // The orders print-out (spec 7): the menu's orders per location as a PDF, for staff. Fetched with
  // the Authorization header and saved from a blob (decision 012: no long-lived token in an address).
  const printOrders = async (
    req: { query: PrintOrdersQuery & Record<string, unknown>; lang: Lang; provider(): Promise<number> },
    menuId: number,
    locationId?: number,
  ) => printOrdersPdf(db, gateway, await req.provider(), menuId, { accepted: req.query.accepted, locationId }, deps.now(), req.lang);
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
      const done = await setAccepted(db, gateway, userOf(req), req.params.id, req.query.accepted as 0 | 1, deps.now(), req.lang, req);
      // Other staff's orders pages show the change live.
      app.changes.publish({ type: 'order', menuId: done.dishlist.id, orderId: done.id });
      return done;
    },
  );

  // The navigation's badge (a static path wins over '/order/:id' in the router).
  app.get(
    '/order/new-count',
    { config: { access: STAFF }, schema: { tags: ['ordering'], response: { 200: newOrdersCount } } },
    async (req) => countNewOrders(db, await req.providerOrNull(), deps.now()),
  );

  // "Accept all new" of a location or the whole menu: one call, one confirmation on the page.
  app.post(
    '/order/accept-all',
    { config: { access: STAFF }, schema: { tags: ['ordering'], body: acceptAllInput, response: { 200: acceptAllResult } } },
    async (req) => {
      const done = await acceptAllNew(db, req.body, () => req.providerOrNull(), deps.now(), req.lang, req);
      for (const orderId of done.accepted) app.changes.publish({ type: 'order', menuId: req.body.dishlist_id, orderId });
      return done;
    },
  );

  /**
   * Cancel (decision 031): the owner while the menu is open, staff of the active provider at any
   * time. After the commit the change is published and a recorded refund is sent at once; one
   * the gateway refuses stays failed on the order and the refund-retry job sends it again.
   */
  app.post(
    '/order/:id/cancel',
    {
      config: { access: 'user' },
      schema: { tags: ['ordering'], params: idParams, response: { 200: cancelOrderResult } },
    },
    async (req) => {
      const user = userOf(req);
      const done = await cancelOrder(db, user, req.params.id, {
        now: deps.now(),
        lang: req.lang,
        providerId: () => req.provider(),
        who: req,
      });
      if (done.changed) {
        caches.forgetUser(done.userId);
        app.changes.publish({ type: 'order', menuId: done.menuId, orderId: req.params.id });
      }
      if (done.refundId !== null) {
        // The cancel is committed whatever happens here: a refund not sent now stays open for the job.
        try {
          await sendRefund(db, gateway, done.refundId, deps.now, (m) => req.log.warn(m));
          app.changes.publish({ type: 'order', menuId: done.menuId, orderId: req.params.id });
        } catch (err) {
          req.log.error({ err, refundId: done.refundId }, 'refund not sent; the refund-retry job sends it');
        }
      }
      return {
        success: true as const,
        already_cancelled: !done.changed,
        order: await getOrder(db, gateway, user, req.params.id, req.lang),
      };
    },
  );

  app.delete(
    '/order/:id',
    {
      config: { access: STAFF },
      schema: { tags: ['ordering'], params: idParams, response: { 200: z.object({ success: z.literal(true) }) } },
    },
    async (req) => {
      const menuId = await deleteOrder(db, req.params.id, deps.now(), req.lang, req);
      app.changes.publish({ type: 'order', menuId, orderId: req.params.id });
      return { success: true as const };
    },
  );
}
