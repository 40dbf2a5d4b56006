import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { Env } from '../../env.js';
import type { Deps } from '../context.js';
import { montonioGateway } from './montonio.app.js';
import {
  NOTIFICATION_MAX_AGE_MS,
  noGateway,
  type CreatePaymentRequest,
  type GatewayBank,
  type PaymentGateway,
  type PaymentOutcome,
  type RefundRequest,
  type RefundResult,
  type VerifiedNotification,
} from './gateway.js';

/** Banks the sandbox offers for bank-link payments. */
export const SANDBOX_BANKS: readonly Omit<GatewayBank, 'imageUrl'>[] = [
  { code: 'swedbank', name: 'Swedbank' },
  { code: 'seb', name: 'SEB' },
  { code: 'citadele', name: 'Citadele' },
  { code: 'luminor', name: 'Luminor' },
];

/** Path prefix of the sandbox's hosted page (served by the payments module). */
export const SANDBOX_PAGE_PATH = '/app/payments/sandbox';

/** The signed notification the sandbox sends to POST /app/payments/notify/sandbox. */
export interface SandboxNotification {
  reference: string;
  /** approved | declined (the sandbox's own words). */
  status: string;
  amount_cents: number;
  /** Seconds since the epoch when it was signed. */
  ts: number;
  /** Hex HMAC-SHA256 over `${reference}.${status}.${amount_cents}.${ts}` with PAYMENT_SECRET. */
  signature: string;
}

function payload(n: Omit<SandboxNotification, 'signature'>): string {
  return `${n.reference}.${n.status}.${n.amount_cents}.${n.ts}`;
}

export function signSandbox(secret: string, n: Omit<SandboxNotification, 'signature'>): SandboxNotification {
  const signature = createHmac('sha256', secret).update(payload(n)).digest('hex');
  return { ...n, signature };
}

function isNotification(v: unknown): v is SandboxNotification {
  if (!v || typeof v !== 'object') return false;
  const n = v as Record<string, unknown>;
  return (
    typeof n.reference === 'string' &&
    n.reference.length > 0 &&
    n.reference.length <= 100 &&
    typeof n.status === 'string' &&
    Number.isSafeInteger(n.amount_cents) &&
    Number.isSafeInteger(n.ts) &&
    typeof n.signature === 'string' &&
    /^[0-9a-f]{64}$/.test(n.signature)
  );
}

/** The built-in test gateway: its hosted page lives in this app; notifications are HMAC-signed. */
/**
 * A refund of exactly this amount is refused by the sandbox (a demo and test of a failed refund):
 * 13.13 EUR. Tests can also make every refund fail for a while with `failRefunds(true)`.
 */
export const SANDBOX_REFUND_FAIL_CENTS = 1313;

/** A refund the sandbox made (its own books, as a real provider keeps them). */
export interface SandboxRefund {
  refundReference: string;
  reference: string;
  amountCents: number;
  at: Date;
}

export function createSandboxGateway(opts: { secret: string; publicUrl?: string }): PaymentGateway & {
  sign(n: Omit<SandboxNotification, 'signature'>): SandboxNotification;
  /** The refunds made so far (newest last). */
  refunds(): readonly SandboxRefund[];
  /** While on, every refund is refused (tests and demos of the retry). */
  failRefunds(on: boolean): void;
} {
  // The sandbox's own books: refunds made, by refund reference (idempotent like a real provider).
  const made = new Map<string, SandboxRefund>();
  let failing = false;
  const base = (opts.publicUrl ?? '').replace(/\/$/, '');
  const pageUrl = (reference: string, lang: string) => `${base}${SANDBOX_PAGE_PATH}/${encodeURIComponent(reference)}?lang=${lang}`;
  const mapStatus = (status: string): PaymentOutcome =>
    status === 'approved' ? 'paid' : status === 'declined' || status === 'cancelled' ? 'failed' : 'pending';
  // The same answer for every call (asked on every menu read); frozen so no caller changes it.
  const offered = Object.freeze({
    card: true,
    banks: SANDBOX_BANKS.map((b) => Object.freeze({ ...b, imageUrl: `/app/payments/banks/${b.code}.svg` })),
  });
  return {
    name: 'sandbox',
    methods() {
      return offered;
    },
    async createPayment(req: CreatePaymentRequest) {
      return { redirectUrl: pageUrl(req.reference, req.lang) };
    },
    // The sandbox's books are our payments table: its page pays only a payment still pending,
    // re-checked under the payment's row lock, so a released payment can no longer be paid.
    paymentState: () => Promise.resolve('open'),
    resumeUrl: pageUrl,
    verifyNotification(body: unknown, now: Date) {
      return Promise.resolve(verifySandbox(body, now));
    },
    mapStatus,
    async refund(req: RefundRequest): Promise<RefundResult> {
      if (made.has(req.refundReference)) return { outcome: 'refunded' };
      if (failing || req.amountCents === SANDBOX_REFUND_FAIL_CENTS) return { outcome: 'failed', error: 'sandbox: refund declined' };
      if (!Number.isSafeInteger(req.amountCents) || req.amountCents <= 0) return { outcome: 'failed', error: 'sandbox: invalid amount' };
      made.set(req.refundReference, {
        refundReference: req.refundReference,
        reference: req.reference,
        amountCents: req.amountCents,
        at: new Date(),
      });
      return { outcome: 'refunded' };
    },
    refunds: () => [...made.values()],
    failRefunds: (on) => {
      failing = on;
    },
    sign: (n) => signSandbox(opts.secret, n),
  };
  function verifySandbox(body: unknown, now: Date): VerifiedNotification | null {
    if (!isNotification(body)) return null;
    // A captured notification cannot be replayed much later (replays inside the window change nothing).
    if (Math.abs(now.getTime() - body.ts * 1000) > NOTIFICATION_MAX_AGE_MS) return null;
    const expected = createHmac('sha256', opts.secret).update(payload(body)).digest();
    const given = Buffer.from(body.signature, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { reference: body.reference, outcome: mapStatus(body.status), amountCents: body.amount_cents };
  }
}

const cache = new Map<string, ReturnType<typeof createSandboxGateway>>();

/** The app's gateway for a configuration (one per secret and public address). */
export function sandboxGateway(env: { PAYMENT_SECRET: string; PUBLIC_URL?: string }) {
  if (env.PAYMENT_SECRET.length < 16) throw new Error('PAYMENT_SECRET is not set');
  const key = `${env.PAYMENT_SECRET}\n${env.PUBLIC_URL ?? ''}`;
  let gw = cache.get(key);
  if (!gw) {
    gw = createSandboxGateway({ secret: env.PAYMENT_SECRET, publicUrl: env.PUBLIC_URL });
    cache.set(key, gw);
  }
  return gw;
}

/** The gateway PAYMENT_GATEWAY names: the built-in sandbox, Montonio, or none (cash only). */
export function appGateway(env: Env, db: Db, now?: () => Date): PaymentGateway {
  if (env.PAYMENT_GATEWAY === 'montonio') return montonioGateway(env, db, { now });
  return env.PAYMENT_GATEWAY === 'none' ? noGateway() : sandboxGateway(env);
}

const built = new WeakMap<object, PaymentGateway>();

/**
 * The app's one payment gateway: the one its Deps carry (tests), else the one PAYMENT_GATEWAY
 * configures, built once per Deps. Routes reach it as `req.ctx.gateway`, jobs through here.
 */
export function gatewayOf(deps: Pick<Deps, 'env' | 'database' | 'now' | 'gateway'>): PaymentGateway {
  if (deps.gateway) return deps.gateway;
  let gw = built.get(deps);
  if (!gw) {
    gw = appGateway(deps.env, deps.database.db, deps.now);
    built.set(deps, gw);
  }
  return gw;
}
