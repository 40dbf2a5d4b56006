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

/** A notification the gateway sent us, after its signature was checked. */
export interface VerifiedNotification {
  reference: string;
  outcome: PaymentOutcome;
  amountCents: number;
}

/**
 * A payment provider. Real providers implement the same interface; the built-in sandbox
 * (sandbox.ts) serves its hosted page inside the app.
 */
export interface PaymentGateway {
  readonly name: string;
  /** Whether card payments are possible at all, and the banks offered for bank links. */
  methods(): { card: boolean; banks: GatewayBank[] };
  /** Registers a payment and answers where to send the payer. */
  createPayment(req: CreatePaymentRequest): Promise<{ redirectUrl: string }>;
  /** Where to send the payer to continue a payment already created. */
  resumeUrl(reference: string, lang: Lang): string;
  /** Checks a notification's signature; null when it is forged or malformed. */
  verifyNotification(body: unknown): VerifiedNotification | null;
  /** Maps the provider's own status words to ours. */
  mapStatus(status: string): PaymentOutcome;
}
