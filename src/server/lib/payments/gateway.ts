import type { Lang } from '../../../shared/i18n.js';

/** How a payment ended, in our terms. */
export type PaymentOutcome = 'pending' | 'paid' | 'failed';

export interface GatewayBank {
  code: string;
  name: string;
  /** Logo address (same origin). */
  imageUrl: string;
}

export interface CreatePaymentRequest {
  /** Our unique reference for this payment; the gateway echoes it in notifications. */
  reference: string;
  orderId: number;
  amountCents: number;
  method: 'card' | 'bank';
  bankCode: string | null;
  lang: Lang;
}

/** What the gateway knows of a payment (PaymentGateway.paymentState). */
export type GatewayPaymentState = 'paid' | 'authorized' | 'open';

/** A notification the gateway sent us, after its signature was checked. */
export interface VerifiedNotification {
  reference: string;
  outcome: PaymentOutcome;
  amountCents: number;
}

/** Give back (all or part of) a paid payment. */
export interface RefundRequest {
  /** The payment's reference (CreatePaymentRequest.reference). */
  reference: string;
  /** Our unique reference for this refund: the gateway's idempotency key, so a retry never refunds twice. */
  refundReference: string;
  amountCents: number;
  orderId: number;
}

/** How a refund request ended: refunded, accepted and still under way (pending), or refused (failed). */
export interface RefundResult {
  outcome: 'refunded' | 'pending' | 'failed';
  /** The gateway's reason when it failed (for staff and the log; no secrets). */
  error?: string;
}

/**
 * A payment provider. Real providers implement the same interface; the built-in sandbox
 * (sandbox.ts) serves its hosted page inside the app.
 */
export interface PaymentGateway {
  readonly name: string;
  /** Whether card payments are possible at all, and the banks offered for bank links. */
  methods(): { card: boolean; banks: GatewayBank[] };
  /**
   * Registers a payment and answers where to send the payer, and the gateway's own id for the
   * payment when it has one (kept as payments.gateway_payment_id; refunds need it).
   */
  createPayment(req: CreatePaymentRequest): Promise<{ redirectUrl: string; gatewayPaymentId?: string }>;
  /**
   * What the gateway knows of a payment we still hold as pending, asked before a customer's new
   * order releases it (decision 045): `paid` (money taken), `authorized` (reserved, may still be
   * taken) or `open` (nothing taken: not started, waiting for the payer, or given up). Throws when
   * the gateway cannot be asked (unreachable, slow, an answer that does not fit the payment).
   */
  paymentState(payment: { reference: string; gatewayPaymentId: string | null; amountCents: number }): Promise<GatewayPaymentState>;
  /** Where to send the payer to continue a payment already created; null when it cannot be resumed. */
  resumeUrl(reference: string, lang: Lang): string | null;
  /**
   * Checks a notification's signature and freshness (its timestamp within
   * NOTIFICATION_MAX_AGE_MS of `now`); null when it is forged, malformed or stale. Asynchronous
   * because JWT libraries verify asynchronously (Montonio).
   */
  verifyNotification(body: unknown, now: Date): Promise<VerifiedNotification | null>;
  /** Maps the provider's own status words to ours. */
  mapStatus(status: string): PaymentOutcome;
  /**
   * Refunds a paid payment. Idempotent per `refundReference`: asking again for a refund the
   * gateway already made answers `refunded` without moving money again. Network or provider
   * errors are answered as `failed` (with `error`), not thrown.
   */
  refund(req: RefundRequest): Promise<RefundResult>;
}

/** How far a notification's signing time may be from our clock (either way) before it is refused. */
export const NOTIFICATION_MAX_AGE_MS = 15 * 60_000;

/**
 * No gateway (PAYMENT_GATEWAY=none): card and bank are not offered, nothing can be paid online
 * and no notification is accepted.
 */
export function noGateway(): PaymentGateway {
  return {
    name: 'none',
    methods: () => ({ card: false, banks: [] }),
    createPayment: () => Promise.reject(new Error('no payment gateway is configured')),
    // Nothing can have been paid online without a gateway.
    paymentState: () => Promise.resolve('open'),
    resumeUrl: () => null,
    verifyNotification: () => Promise.resolve(null),
    mapStatus: () => 'pending',
    // Nothing can have been paid online without a gateway; a refund left from an earlier one stays failed for staff.
    refund: () => Promise.resolve({ outcome: 'failed', error: 'no payment gateway is configured' }),
  };
}
