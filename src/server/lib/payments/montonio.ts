import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Lang } from '../../../shared/i18n.js';
import {
  NOTIFICATION_MAX_AGE_MS,
  type CreatePaymentRequest,
  type GatewayBank,
  type PaymentGateway,
  type PaymentOutcome,
  type RefundRequest,
  type RefundResult,
  type VerifiedNotification,
} from './gateway.js';

/**
 * Montonio (Stargate API v2, https://docs.montonio.com/api/stargate): the Baltic gateway for bank
 * links (Swedbank, SEB, Luminor, Citadele…) and cards. Every request is a JWT (HS256) signed with
 * the store's secret key and carrying its access key; POSTs send `{ data: <jwt> }`, GETs a Bearer
 * JWT. Montonio answers an order with its `uuid` and a `paymentUrl`, and reports the outcome as a
 * signed `orderToken` (to the notification URL, and as `?order-token=` on the return URL).
 * This adapter only signs, verifies and maps; applying a notification (idempotent, never
 * downgrading) is the payments service's job.
 */

/** Country whose banks are offered (the app serves Latvia; Montonio lists banks per country). */
export const MONTONIO_COUNTRY = 'LV';
/** How long the bank list is fresh; older, it is still served while a refresh runs in the background. */
export const METHODS_TTL_MS = 60 * 60_000;
/** After a failed refresh, the next one is tried no sooner than this. */
export const METHODS_RETRY_MS = 60_000;
/** Lifetime of the JWTs we sign (Montonio recommends a short expiry). */
const TOKEN_TTL_SECONDS = 10 * 60;

/** Where the routes of the payments module receive Montonio's calls (see payments/montonio.routes.ts). */
export const MONTONIO_NOTIFY_PATH = '/app/payments/notify/montonio';
export const MONTONIO_RETURN_PATH = '/app/payments/montonio/return';
export const MONTONIO_LOGO_PATH = '/app/payments/montonio/banks';
export const MONTONIO_RESUME_PATH = '/app/payments/montonio/resume';

export interface MontonioOptions {
  accessKey: string;
  secretKey: string;
  /** Stargate API base, e.g. https://sandbox-stargate.montonio.com/api (no trailing slash needed). */
  apiUrl: string;
  /** Public address of this app; Montonio calls back and returns the payer there. */
  publicUrl: string;
  timeoutMs: number;
  /** The gateway's payment id (Montonio order uuid) stored for one of our references. */
  paymentIdOf?: (reference: string) => Promise<string | null>;
  now?: () => Date;
  log?: (msg: string) => void;
}

/** A bank as Montonio lists it, with the logo address it gave (fetched by the logo proxy only). */
export interface MontonioBank extends GatewayBank {
  remoteLogoUrl: string;
}

export class MontonioError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/** Integer cents as Montonio's decimal euros: 1234 → 12.34 (n/100 is the double nearest the decimal). */
export function eurosFromCents(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new Error(`not whole cents: ${cents}`);
  return cents / 100;
}

/**
 * Montonio's decimal euros (number or string) as integer cents, exactly: "12.34" and 12.34 → 1234;
 * anything with more than two decimals, negative or not a number → null. Goes through the decimal
 * text, never multiplies floats.
 */
export function centsFromEuros(value: unknown): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/** Montonio's paymentStatus in our terms; refunds and unknown words change nothing (pending). */
export function mapMontonioStatus(status: string): PaymentOutcome {
  switch (status) {
    case 'PAID':
      return 'paid';
    case 'ABANDONED':
    case 'VOIDED':
    case 'DECLINED':
    case 'CANCELED':
    case 'CANCELLED':
      return 'failed';
    // PENDING, AUTHORIZED (card reserved, not yet captured), REFUNDED, PARTIALLY_REFUNDED: a
    // refund never turns a payment back into "failed" or an unpaid one into "paid".
    default:
      return 'pending';
  }
}

const LOCALES: Record<Lang, string> = { lv: 'lv', en: 'en', ru: 'ru' };

interface MethodsCache {
  card: boolean;
  banks: MontonioBank[];
  loadedAt: number;
}

/** Montonio's notifications also name its order (uuid). */
export type MontonioNotification = VerifiedNotification & { uuid: string };

export type MontonioGateway = Omit<PaymentGateway, 'verifyNotification'> & {
  /** A webhook's body, `{ orderToken: <JWT> }`; null when forged, stale or malformed. */
  verifyNotification(body: unknown, now: Date): Promise<MontonioNotification | null>;
  /** Loads the bank list now (at start, and when it is stale); never throws. */
  refreshMethods(): Promise<void>;
  /** The bank (with Montonio's logo address) for a code from the cached list. */
  bank(code: string): MontonioBank | null;
  /**
   * Montonio's order (GET /orders/:uuid): its payment status and payment page. Throws
   * MontonioError when Montonio fails or does not answer in time.
   */
  order(uuid: string): Promise<{ paymentStatus: string; paymentUrl: string | null; grandTotalCents: number | null }>;
  /** Checks an order token (notification body or return URL); null when forged, stale or malformed. */
  verifyOrderToken(token: string, now: Date): Promise<MontonioNotification | null>;
};

export function createMontonioGateway(opts: MontonioOptions): MontonioGateway {
  const api = opts.apiUrl.replace(/\/$/, '');
  const base = opts.publicUrl.replace(/\/$/, '');
  const key = new TextEncoder().encode(opts.secretKey);
  const now = opts.now ?? (() => new Date());
  const log = opts.log ?? (() => undefined);
  let methods: MethodsCache | null = null;
  let refreshing: Promise<void> | null = null;
  let lastFailure = 0;

  const sign = (payload: Record<string, unknown>) =>
    new SignJWT({ accessKey: opts.accessKey, ...payload })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(Math.floor(now().getTime() / 1000))
      .setExpirationTime(Math.floor(now().getTime() / 1000) + TOKEN_TTL_SECONDS)
      .sign(key);

  /** One call to Stargate; answers the parsed JSON of a 2xx, else throws MontonioError (timeouts included). */
  async function call(method: 'GET' | 'POST', path: string, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
    const token = await sign(payload);
    let res: Response;
    try {
      res = await fetch(`${api}${path}`, {
        method,
        headers:
          method === 'GET'
            ? { authorization: `Bearer ${token}`, accept: 'application/json' }
            : { 'content-type': 'application/json', accept: 'application/json' },
        body: method === 'POST' ? JSON.stringify({ data: token }) : undefined,
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new MontonioError(timedOut ? `Montonio did not answer within ${opts.timeoutMs} ms` : 'Montonio is unreachable', null);
    }
    const text = await res.text().catch(() => '');
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (!res.ok) {
      const message = body && typeof body === 'object' && 'message' in body ? String((body as { message: unknown }).message) : '';
      throw new MontonioError(`Montonio answered ${res.status}${message ? `: ${message.slice(0, 200)}` : ''}`, res.status);
    }
    if (!body || typeof body !== 'object') throw new MontonioError('Montonio answered without a JSON object', res.status);
    return body as Record<string, unknown>;
  }

  function parseMethods(body: Record<string, unknown>): Omit<MethodsCache, 'loadedAt'> {
    const pm = (body.paymentMethods ?? {}) as Record<string, unknown>;
    const initiation = (pm.paymentInitiation ?? null) as { setup?: Record<string, { paymentMethods?: unknown }> } | null;
    const list = initiation?.setup?.[MONTONIO_COUNTRY]?.paymentMethods;
    const banks: MontonioBank[] = [];
    if (Array.isArray(list)) {
      const sorted = [...list].sort((a, b) => Number(a?.uiPosition ?? 0) - Number(b?.uiPosition ?? 0));
      for (const m of sorted) {
        if (!m || typeof m.code !== 'string' || typeof m.name !== 'string') continue;
        if (!/^[A-Za-z0-9_-]{1,40}$/.test(m.code)) continue;
        if (Array.isArray(m.supportedCurrencies) && !m.supportedCurrencies.includes('EUR')) continue;
        banks.push({
          code: m.code,
          name: m.name.slice(0, 100),
          imageUrl: `${MONTONIO_LOGO_PATH}/${encodeURIComponent(m.code)}`,
          remoteLogoUrl: typeof m.logoUrl === 'string' && /^https?:\/\//.test(m.logoUrl) ? m.logoUrl : '',
        });
      }
    }
    return { card: pm.cardPayments != null, banks };
  }

  async function refreshMethods(): Promise<void> {
    if (refreshing) return refreshing;
    refreshing = (async () => {
      try {
        const body = await call('GET', '/stores/payment-methods', {});
        methods = { ...parseMethods(body), loadedAt: now().getTime() };
      } catch (err) {
        lastFailure = now().getTime();
        log(
          `Montonio payment methods not loaded (${err instanceof Error ? err.message : String(err)}); ${methods ? 'serving the list loaded before' : 'offering card only'}`,
        );
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  function verifyPayload(p: Record<string, unknown>, at: Date): (VerifiedNotification & { uuid: string }) | null {
    if (p.accessKey !== opts.accessKey) return null;
    const reference = p.merchantReference ?? p.merchant_reference;
    const status = p.paymentStatus ?? p.payment_status;
    if (typeof reference !== 'string' || reference.length === 0 || reference.length > 100) return null;
    if (typeof status !== 'string' || typeof p.uuid !== 'string') return null;
    if (p.currency !== undefined && p.currency !== 'EUR') return null;
    const amountCents = centsFromEuros(p.grandTotal);
    if (amountCents === null) return null;
    // A captured token cannot be replayed much later: signed (iat) within the window, not expired.
    if (typeof p.iat !== 'number' || Math.abs(at.getTime() - p.iat * 1000) > NOTIFICATION_MAX_AGE_MS) return null;
    return { reference, outcome: mapMontonioStatus(status), amountCents, uuid: p.uuid };
  }

  async function verifyOrderToken(token: string, at: Date) {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: at });
      return verifyPayload(payload as Record<string, unknown>, at);
    } catch (err) {
      if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
      throw err;
    }
  }

  async function readOrder(uuid: string) {
    if (!/^[0-9a-fA-F-]{1,64}$/.test(uuid)) throw new MontonioError('not a Montonio order uuid', null);
    const body = await call('GET', `/orders/${uuid}`, {});
    return {
      paymentStatus: typeof body.paymentStatus === 'string' ? body.paymentStatus : '',
      paymentUrl: typeof body.paymentUrl === 'string' && /^https?:\/\//.test(body.paymentUrl) ? body.paymentUrl : null,
      grandTotalCents: centsFromEuros(body.grandTotal),
    };
  }

  // Warm the bank list at start so the first menu read already offers the banks.
  void refreshMethods();

  return {
    name: 'montonio',
    methods() {
      const t = now().getTime();
      if ((!methods || t - methods.loadedAt > METHODS_TTL_MS) && t - lastFailure > METHODS_RETRY_MS) void refreshMethods();
      // Never loaded (Montonio unreachable since start): card is offered, since Montonio's own page
      // lets the payer pick; a bank cannot be named without the list.
      return methods ? { card: methods.card, banks: methods.banks } : { card: true, banks: [] };
    },
    refreshMethods,
    bank(code) {
      return methods?.banks.find((b) => b.code === code) ?? null;
    },
    async createPayment(req: CreatePaymentRequest) {
      const amount = eurosFromCents(req.amountCents);
      const locale = LOCALES[req.lang];
      const bank = req.method === 'bank';
      const body = await call('POST', '/orders', {
        merchantReference: req.reference,
        returnUrl: `${base}${MONTONIO_RETURN_PATH}`,
        notificationUrl: `${base}${MONTONIO_NOTIFY_PATH}`,
        currency: 'EUR',
        grandTotal: amount,
        locale,
        payment: {
          method: bank ? 'paymentInitiation' : 'cardPayments',
          methodDisplay: bank ? (methods?.banks.find((b) => b.code === req.bankCode)?.name ?? 'Bank') : 'Card',
          amount,
          currency: 'EUR',
          methodOptions: bank
            ? {
                preferredProvider: req.bankCode ?? undefined,
                preferredCountry: MONTONIO_COUNTRY,
                preferredLocale: locale,
                paymentDescription: `Order ${req.orderId}`,
              }
            : { preferredLocale: locale },
        },
        lineItems: [{ name: `Order ${req.orderId}`, quantity: 1, finalPrice: amount }],
      });
      const paymentUrl = body.paymentUrl;
      const uuid = body.uuid;
      if (typeof paymentUrl !== 'string' || !/^https?:\/\//.test(paymentUrl) || typeof uuid !== 'string') {
        throw new MontonioError('Montonio answered an order without paymentUrl and uuid', 200);
      }
      return { redirectUrl: paymentUrl, gatewayPaymentId: uuid };
    },
    // Our own address: it asks Montonio for the order's payment page when the payer comes back
    // (payments/montonio.routes.ts), so nothing of Montonio's is kept but the order uuid.
    resumeUrl: (reference: string, lang: Lang) => `${base}${MONTONIO_RESUME_PATH}/${encodeURIComponent(reference)}?lang=${lang}`,
    order: readOrder,
    async paymentState(payment) {
      // No Montonio order yet: never created (its creation failed) or being created now, and then
      // its link is handed out only after a re-check of our payment under its row lock.
      if (!payment.gatewayPaymentId) return 'open';
      const order = await readOrder(payment.gatewayPaymentId);
      if (order.grandTotalCents !== payment.amountCents) throw new MontonioError('Montonio’s order is not this payment’s amount', 200);
      if (order.paymentStatus === 'PAID') return 'paid';
      if (order.paymentStatus === 'AUTHORIZED') return 'authorized';
      if (order.paymentStatus === 'PENDING' || mapMontonioStatus(order.paymentStatus) === 'failed') return 'open';
      // A status we do not know (or a refund of an order we hold as unpaid): not ours to release.
      throw new MontonioError(`Montonio order in status ${order.paymentStatus || 'without status'}`, 200);
    },
    /** A webhook's body: `{ orderToken: <JWT> }`. */
    async verifyNotification(body: unknown, at: Date) {
      const token = body && typeof body === 'object' ? (body as { orderToken?: unknown }).orderToken : undefined;
      if (typeof token !== 'string' || token.length > 8000) return null;
      return verifyOrderToken(token, at);
    },
    verifyOrderToken,
    mapStatus: mapMontonioStatus,
    async refund(request: RefundRequest): Promise<RefundResult> {
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0)
        return { outcome: 'failed', error: 'refund amount must be positive' };
      const orderUuid = opts.paymentIdOf ? await opts.paymentIdOf(request.reference) : null;
      if (!orderUuid) return { outcome: 'failed', error: 'Montonio order of this payment is not known' };
      try {
        const body = await call('POST', '/refunds', {
          orderUuid,
          amount: eurosFromCents(request.amountCents),
          idempotencyKey: request.refundReference,
        });
        const status = typeof body.status === 'string' ? body.status : '';
        if (status === 'SUCCESSFUL') return { outcome: 'refunded' };
        if (status === 'PENDING' || status === 'PROCESSING' || status === 'CREATED') return { outcome: 'pending' };
        return { outcome: 'failed', error: `Montonio refund ${status || 'without status'}` };
      } catch (err) {
        // Nothing is known to have moved; a retry with the same refundReference (Montonio's
        // idempotencyKey) never refunds twice.
        return { outcome: 'failed', error: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}
