import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { orders, payments } from '../../db/schema/index.js';
import type { App, Deps, RequestContext } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import type { MontonioNotification } from '../../lib/payments/montonio.js';
import { montonioGateway } from '../../lib/payments/montonio.app.js';
import { errorResponse, fileResponse, redirectResponse } from '../../lib/openapi.js';
import { text } from '../../../shared/schemas/text.js';
import { paymentsText } from './payments.messages.js';
import { AmountMismatch, applyNotification } from './payments.service.js';

/** Largest bank logo the proxy keeps (Montonio's are a few kilobytes). */
const MAX_LOGO_BYTES = 200_000;
const LOGO_TYPES = /^image\/(png|jpeg|gif|webp|svg\+xml)$/;

/**
 * Montonio's calls into the app (PAYMENT_GATEWAY=montonio): its signed notification, the payer's
 * return with `?order-token=`, and the banks' logos served from our origin (CSP img-src 'self').
 */
export async function montonioRoutes(app: App, deps: Deps) {
  const db = deps.database.db;
  const gateway = montonioGateway(deps.env, db, { now: deps.now, log: (m) => app.log.warn(m) });
  const publicBase = (deps.env.PUBLIC_URL ?? '').replace(/\/$/, '');
  // Anything but paid shows as not paid (a payer back with PENDING left Montonio's page unpaid);
  // the order list shows the order's real state when a late notification pays it.
  const resultUrl = (orderId: number, ok: boolean) =>
    `${publicBase}/order/result?order_id=${orderId}&statusGroup=${ok ? 'success' : 'failed'}`;

  /** Applies a verified token; the answer codes are the same for the webhook and the return. */
  async function apply(ctx: RequestContext, verified: MontonioNotification, log: (m: string) => void) {
    try {
      const applied = await applyNotification(ctx, { notification: verified, log, changes: app.changes });
      if (!applied) throw new AppError(404, paymentsText.coded('unknownPayment'));
      return applied;
    } catch (err) {
      if (err instanceof AmountMismatch) {
        // Montonio retries a refused notification for 48 hours; this must reach an operator (by
        // Montonio's uuid: our reference opens the payment, so it stays out of logs).
        log(`Montonio order ${verified.uuid}: grandTotal ${verified.amountCents} cents is not the payment's amount; refused`);
        throw new AppError(422, t.coded('invalid'), { grandTotal: [t.coded('invalidValue')] });
      }
      throw err;
    }
  }

  app.post(
    '/payments/notify/montonio',
    {
      config: { access: 'public', maintenanceExempt: true },
      schema: {
        tags: ['payments'],
        body: z.object({ orderToken: text().max(8000) }).passthrough(),
        response: { 200: z.object({ ok: z.literal(true), order_id: z.number(), status: z.string(), changed: z.boolean() }) },
        otherResponses: {
          403: errorResponse(403, 'The order token’s signature, access key or age is not valid'),
          422: errorResponse(422, 'The amount is not the payment’s'),
        },
      },
    },
    async (req) => {
      const verified = await gateway.verifyNotification(req.body, deps.now());
      if (!verified) throw new AppError(403, paymentsText.coded('badSignature'));
      const applied = await apply(req.ctx, verified, (m) => req.log.warn(m));
      // Montonio retries anything but 200/201, so a replay answers 200 too (changed: false).
      return { ok: true as const, order_id: applied.orderId, status: applied.paymentStatus, changed: applied.changed };
    },
  );

  app.get(
    '/payments/montonio/return',
    {
      config: { access: 'public', maintenanceExempt: true },
      schema: {
        tags: ['payments'],
        querystring: z.object({ 'order-token': text().max(8000) }),
        otherResponses: {
          303: redirectResponse('To the order’s result page'),
          403: errorResponse(403, 'The order token is not valid'),
        },
      },
    },
    async (req, reply) => {
      const verified = await gateway.verifyOrderToken(req.query['order-token'], deps.now());
      if (!verified) throw new AppError(403, paymentsText.coded('badSignature'));
      // The token is as good as the webhook (often earlier): apply it the same way.
      const applied = await apply(req.ctx, verified, (m) => req.log.warn(m));
      return reply.redirect(resultUrl(applied.orderId, applied.paymentStatus === 'paid'), 303);
    },
  );

  app.get(
    '/payments/montonio/resume/:reference',
    {
      config: { access: 'public', maintenanceExempt: true },
      schema: {
        tags: ['payments'],
        params: z.object({ reference: text().min(1).max(100) }),
        otherResponses: {
          303: redirectResponse('To Montonio’s payment page while the payment waits, else to the order’s result page'),
          404: errorResponse(404),
        },
      },
    },
    async (req, reply) => {
      // Like the sandbox page: whoever holds the (random, unguessable) reference may go on paying.
      const [payment] = await db.select().from(payments).where(eq(payments.reference, req.params.reference));
      if (!payment) throw new AppError(404, paymentsText.coded('unknownPayment'));
      if (payment.status !== 'pending' || !payment.gatewayPaymentId) {
        return reply.redirect(resultUrl(payment.orderId, payment.status === 'paid'), 303);
      }
      let order;
      try {
        order = await gateway.order(payment.gatewayPaymentId);
      } catch (err) {
        req.log.warn(`Montonio order of payment ${payment.id} not read: ${err instanceof Error ? err.message : String(err)}`);
        throw new AppError(502, paymentsText.coded('gatewayUnavailable'));
      }
      if (order.paymentStatus === 'PENDING' && order.paymentUrl) {
        // Handed out only while the order is still unpaid, re-checked under the payment's row lock
        // (released by a newer order, cancelled or expired while Montonio was asked: not payable).
        const live = await db.transaction(async (tx) => {
          const [row] = await tx
            .select({ status: payments.status, orderStatus: orders.status })
            .from(payments)
            .innerJoin(orders, eq(orders.id, payments.orderId))
            .where(eq(payments.id, payment.id))
            .for('update', { of: payments });
          return row ?? null;
        });
        if (live?.status === 'pending' && live.orderStatus === 1) return reply.redirect(order.paymentUrl, 303);
        return reply.redirect(resultUrl(payment.orderId, live?.status === 'paid'), 303);
      }
      // Paid or given up at Montonio: its notification settles our side; show what we know.
      return reply.redirect(resultUrl(payment.orderId, order.paymentStatus === 'PAID'), 303);
    },
  );

  const logos = new Map<string, { type: string; bytes: Buffer }>();
  app.get(
    '/payments/montonio/banks/:code',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        params: z.object({ code: text().min(1).max(40) }),
        otherResponses: { 200: fileResponse('The bank’s logo', 'image/png', 'image/svg+xml'), 404: errorResponse(404) },
      },
    },
    async (req, reply) => {
      const bank = gateway.bank(req.params.code);
      // Only addresses Montonio listed are fetched (never one from the request).
      if (!bank?.remoteLogoUrl) throw new AppError(404, t.coded('notFound'));
      let logo = logos.get(bank.remoteLogoUrl);
      if (!logo) {
        try {
          const res = await fetch(bank.remoteLogoUrl, { signal: AbortSignal.timeout(deps.env.MONTONIO_TIMEOUT_MS), redirect: 'error' });
          const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
          const bytes = Buffer.from(await res.arrayBuffer());
          if (!res.ok || !LOGO_TYPES.test(type) || bytes.length > MAX_LOGO_BYTES) throw new Error(`logo answer ${res.status} ${type}`);
          logo = { type, bytes };
          logos.set(bank.remoteLogoUrl, logo);
        } catch (err) {
          req.log.warn(`Montonio logo of ${bank.code} not loaded: ${err instanceof Error ? err.message : String(err)}`);
          throw new AppError(404, t.coded('notFound'));
        }
      }
      return (
        reply
          .header('content-type', logo.type)
          .header('cache-control', 'public, max-age=86400')
          .header('x-content-type-options', 'nosniff')
          // A third party's SVG is served from our origin: no script in it may ever run.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .send(logo.bytes)
      );
    },
  );
}
