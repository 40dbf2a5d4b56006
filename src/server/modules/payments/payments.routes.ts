import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { payments } from '../../db/schema/index.js';
import type { App, Deps } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { sandboxGateway, SANDBOX_BANKS, SANDBOX_PAGE_PATH } from '../../lib/payments/sandbox.js';
import { montonioRoutes } from './montonio.routes.js';
import { paymentsText } from './payments.messages.js';
import { AmountMismatch, applyNotification } from './payments.service.js';
import { bankLogoSvg, renderSandboxPage, SANDBOX_CSS } from './sandbox.page.js';
import { text } from '../../../shared/schemas/text.js';
import { errorResponse, redirectResponse } from '../../lib/openapi.js';

const referenceParams = z.object({ reference: text().min(1).max(100) });

/**
 * Routes of the payments area: the sandbox gateway's hosted page and notifications. With
 * PAYMENT_GATEWAY=none there is no gateway and none of these routes exist.
 */
export async function paymentsRoutes(app: App, deps: Deps) {
  if (deps.env.PAYMENT_GATEWAY === 'montonio') return montonioRoutes(app, deps);
  if (deps.env.PAYMENT_GATEWAY !== 'sandbox') return;
  const db = deps.database.db;
  const gateway = sandboxGateway(deps.env);
  const publicBase = (deps.env.PUBLIC_URL ?? '').replace(/\/$/, '');
  const resultUrl = (orderId: number, ok: boolean) =>
    `${publicBase}/order/result?order_id=${orderId}&statusGroup=${ok ? 'success' : 'failed'}`;

  app.get('/payments/sandbox.css', { config: { access: 'public', maintenanceExempt: true }, schema: { hide: true } }, async (_req, reply) =>
    reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(SANDBOX_CSS),
  );

  app.get(
    '/payments/banks/:file',
    { config: { access: 'public' }, schema: { hide: true, params: z.object({ file: text().max(60) }) } },
    async (req, reply) => {
      const code = req.params.file.replace(/\.svg$/, '');
      const bank = SANDBOX_BANKS.find((b) => b.code === code);
      if (!bank || !req.params.file.endsWith('.svg')) throw new AppError(404, t.coded('notFound'));
      return reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(bankLogoSvg(bank.code, bank.name));
    },
  );

  app.get(
    '/payments/sandbox/:reference',
    {
      config: { access: 'public', maintenanceExempt: true, document: true },
      schema: {
        tags: ['payments'],
        params: referenceParams,
        otherResponses: {
          200: { description: 'The sandbox gateway’s payment page', content: { 'text/html': { schema: { type: 'string' } } } },
        },
      },
    },
    async (req, reply) => {
      const [payment] = await db.select().from(payments).where(eq(payments.reference, req.params.reference));
      if (!payment) throw new AppError(404, paymentsText.coded('unknownPayment'));
      const bank = SANDBOX_BANKS.find((b) => b.code === payment.bankCode);
      const html = renderSandboxPage({
        lang: req.lang,
        reference: payment.reference,
        orderId: payment.orderId,
        amountCents: payment.amountCents,
        methodLabel: payment.method === 'bank' ? (bank?.name ?? payment.bankCode ?? '') : paymentsText(req.lang, 'card'),
        pending: payment.status === 'pending',
        actionBase: `${SANDBOX_PAGE_PATH}/${encodeURIComponent(payment.reference)}`,
        resultUrl: resultUrl(payment.orderId, payment.status === 'paid'),
      });
      return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    },
  );

  // The sandbox page's buttons are plain HTML forms (urlencoded, empty body); parse them here only.
  await app.register(async (plain) => {
    const scope = plain as App;
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.post(
      '/payments/sandbox/:reference/:decision',
      {
        // Payments in flight finish even during maintenance.
        config: { access: 'public', maintenanceExempt: true },
        schema: {
          tags: ['payments'],
          params: referenceParams.extend({ decision: z.enum(['approve', 'decline']) }),
          otherResponses: { 303: redirectResponse('To the order’s result page') },
        },
      },
      async (req, reply) => {
        // This page stands in for the bank's own page, so it needs no sign-in: whoever holds the
        // (random, unguessable) reference decides, and only while the payment is still pending.
        const [payment] = await db.select().from(payments).where(eq(payments.reference, req.params.reference));
        if (!payment) throw new AppError(404, paymentsText.coded('unknownPayment'));
        if (payment.status !== 'pending') return reply.redirect(resultUrl(payment.orderId, payment.status === 'paid'), 303);
        // The sandbox plays the gateway: it signs a notification and delivers it to our handler.
        const now = deps.now();
        const notification = gateway.sign({
          reference: payment.reference,
          status: req.params.decision === 'approve' ? 'approved' : 'declined',
          amount_cents: payment.amountCents,
          ts: Math.floor(now.getTime() / 1000),
        });
        const verified = (await gateway.verifyNotification(notification, now))!;
        // Re-checked under the payment's lock: a payment that expired or was decided meanwhile stays as it is.
        const applied = await applyNotification(req.ctx, {
          notification: verified,
          log: (m) => req.log.warn(m),
          onlyPending: true,
          changes: app.changes,
        });
        return reply.redirect(resultUrl(payment.orderId, applied?.paymentStatus === 'paid'), 303);
      },
    );
  });

  app.post(
    '/payments/notify/sandbox',
    {
      config: { access: 'public', maintenanceExempt: true },
      schema: {
        tags: ['payments'],
        body: z.record(z.string(), z.unknown()),
        response: { 200: z.object({ ok: z.literal(true), order_id: z.number(), status: z.string(), changed: z.boolean() }) },
        otherResponses: { 403: errorResponse(403, 'The notification’s signature is not valid') },
      },
    },
    async (req) => {
      const verified = await gateway.verifyNotification(req.body, deps.now());
      if (!verified) throw new AppError(403, paymentsText.coded('badSignature'));
      let applied;
      try {
        applied = await applyNotification(req.ctx, { notification: verified, log: (m) => req.log.warn(m), changes: app.changes });
      } catch (err) {
        if (err instanceof AmountMismatch) throw new AppError(422, t.coded('invalid'), { amount_cents: [t.coded('invalidValue')] });
        throw err;
      }
      if (!applied) throw new AppError(404, paymentsText.coded('unknownPayment'));
      return { ok: true as const, order_id: applied.orderId, status: applied.paymentStatus, changed: applied.changed };
    },
  );
}
