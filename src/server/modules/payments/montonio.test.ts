import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { balances, orders, payments, refunds } from '../../db/schema/index.js';
import { retryRefunds } from './refunds.service.js';
import { expireUnpaidOrders } from './payments.service.js';
import { NOTIFICATION_MAX_AGE_MS } from '../../lib/payments/gateway.js';
import { centsFromEuros, eurosFromCents, mapMontonioStatus } from '../../lib/payments/montonio.js';
import { montonioGateway } from '../../lib/payments/montonio.app.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Client } from '../../test/client.js';
import { customerAt, menuWorld } from '../ordering/ordering.factories.js';
import type { Change } from '../../lib/events.js';

const ACCESS_KEY = 'test-access-key-7f1c';
const SECRET_KEY = 'test-secret-key-for-montonio-0123456789';
const key = (s: string) => new TextEncoder().encode(s);
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/**
 * A stand-in for Montonio's Stargate API (v2) on 127.0.0.1: it checks the JWTs it receives the way
 * Montonio does (HS256 with the store's secret, its access key; 401 otherwise), answers with the
 * documented shapes, counts calls and can be told to fail.
 */
function standIn() {
  const state = {
    calls: { orders: 0, methods: 0, refunds: 0, logos: 0 },
    orders: new Map<string, JWTPayload>(),
    /** Montonio's paymentStatus of each order (PENDING until a test says otherwise). */
    status: new Map<string, string>(),
    refunds: new Map<string, { uuid: string; amount: number; status: string }>(),
    lastOrder: null as JWTPayload | null,
    lastRefund: null as JWTPayload | null,
    fail: { orders: null as null | 500 | 'hang', methods: null as null | 500, refunds: null as null | 500 | 'REJECTED' | 'PENDING' },
    /** While set, calls to /orders wait for `open` (told through `arrived` that one came). */
    gate: null as null | { open: Promise<void>; arrived: () => void },
    url: '',
  };
  const sockets = new Set<import('node:net').Socket>();
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let s = '';
      req.on('data', (c) => (s += c));
      req.on('end', () => resolve(s));
    });
  async function verified(token: string | undefined): Promise<JWTPayload | null> {
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, key(SECRET_KEY), { algorithms: ['HS256'] });
      return payload.accessKey === ACCESS_KEY ? payload : null;
    } catch {
      return null;
    }
  }
  const server = createServer(async (req, res) => {
    const url = req.url ?? '';
    if (req.method === 'GET' && url.startsWith('/logos/')) {
      state.calls.logos++;
      return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    }
    if (req.method === 'GET' && url === '/api/stores/payment-methods') {
      state.calls.methods++;
      if (state.fail.methods) return json(res, 500, { message: 'Internal server error' });
      const auth = await verified(req.headers.authorization?.replace(/^Bearer /, ''));
      if (!auth) return json(res, 401, { message: 'Unauthorized' });
      const bank = (name: string, code: string, uiPosition: number) => ({
        name,
        code,
        logoUrl: `${state.url}/logos/${code}.png`,
        supportedCurrencies: ['EUR'],
        uiPosition,
      });
      return json(res, 200, {
        uuid: 'store-uuid',
        name: 'Pusdienas',
        paymentMethods: {
          paymentInitiation: {
            processor: 'montonio',
            setup: {
              LV: {
                supportedCurrencies: ['EUR'],
                paymentMethods: [
                  bank('SEB', 'UNLALV2X', 2),
                  bank('Swedbank', 'HABALV22', 1),
                  bank('Citadele', 'PARXLV22', 3),
                  bank('Luminor', 'RIKOLV2X', 4),
                ],
              },
              EE: { supportedCurrencies: ['EUR'], paymentMethods: [bank('LHV', 'LHVBEE22', 1)] },
            },
          },
          cardPayments: { processor: 'stripe', logoUrl: `${state.url}/logos/card.png` },
        },
      });
    }
    if (url.startsWith('/api/orders') && state.gate) {
      const gate = state.gate;
      gate.arrived();
      await gate.open;
    }
    if (req.method === 'GET' && url.startsWith('/api/orders/')) {
      if (state.fail.orders === 'hang') return;
      if (state.fail.orders === 500) return json(res, 500, { message: 'Internal server error' });
      const auth = await verified(req.headers.authorization?.replace(/^Bearer /, ''));
      if (!auth) return json(res, 401, { message: 'Unauthorized' });
      const uuid = url.slice('/api/orders/'.length);
      const order = state.orders.get(uuid);
      if (!order) return json(res, 404, { message: 'Order not found' });
      return json(res, 200, {
        uuid,
        paymentStatus: state.status.get(uuid) ?? 'PENDING',
        merchantReference: order.merchantReference,
        grandTotal: String(order.grandTotal),
        currency: 'EUR',
        paymentUrl: `https://sandbox-payments.montonio.test/pay/${uuid}`,
      });
    }
    if (req.method === 'POST' && url === '/api/orders') {
      state.calls.orders++;
      if (state.fail.orders === 'hang') return; // never answers
      if (state.fail.orders === 500) return json(res, 500, { message: 'Internal server error' });
      const payload = await verified(JSON.parse(await readBody(req)).data);
      if (!payload) return json(res, 401, { message: 'Unauthorized' });
      state.lastOrder = payload;
      const uuid = randomUUID();
      state.orders.set(uuid, payload);
      return json(res, 201, {
        uuid,
        paymentStatus: 'PENDING',
        merchantReference: payload.merchantReference,
        grandTotal: payload.grandTotal,
        currency: payload.currency,
        paymentUrl: `https://sandbox-payments.montonio.test/pay/${uuid}`,
      });
    }
    if (req.method === 'POST' && url === '/api/refunds') {
      state.calls.refunds++;
      if (state.fail.refunds === 500) return json(res, 500, { message: 'Internal server error' });
      const payload = await verified(JSON.parse(await readBody(req)).data);
      if (!payload) return json(res, 401, { message: 'Unauthorized' });
      state.lastRefund = payload;
      const order = state.orders.get(String(payload.orderUuid));
      if (!order) return json(res, 404, { message: 'Order not found' });
      if (Number(payload.amount) > Number(order.grandTotal)) return json(res, 400, { message: 'Refund amount exceeds the order' });
      const idem = String(payload.idempotencyKey);
      let refund = state.refunds.get(idem);
      if (!refund) {
        refund = { uuid: randomUUID(), amount: Number(payload.amount), status: state.fail.refunds ?? 'SUCCESSFUL' };
        state.refunds.set(idem, refund);
      }
      return json(res, 201, { ...refund, currency: 'EUR', createdAt: new Date().toISOString(), type: 'REFUND' });
    }
    json(res, 404, { message: 'Not found' });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return {
    state,
    async start() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const montonio = standIn();
let ctx: TestContext;
beforeAll(async () => {
  await montonio.start();
  ctx = await createTestApp({
    PAYMENT_GATEWAY: 'montonio',
    MONTONIO_ACCESS_KEY: ACCESS_KEY,
    MONTONIO_SECRET_KEY: SECRET_KEY,
    MONTONIO_API_URL: `${montonio.state.url}/api`,
    // Well above a loaded machine's answer time (a slow stand-in answer is not what these tests check); the hang tests wait it out.
    MONTONIO_TIMEOUT_MS: 1000,
    PUBLIC_URL: 'https://lunch.example.lv',
  });
});
afterAll(async () => {
  await ctx.close();
  await montonio.close();
});
beforeEach(() => {
  montonio.state.fail = { orders: null, methods: null, refunds: null };
  montonio.state.gate = null;
});

/** Holds Montonio's answers to /orders calls until `open()`; `arrived` resolves when one came in. */
function holdOrders() {
  let open!: () => void;
  let arrived!: () => void;
  const came = new Promise<void>((r) => (arrived = r));
  montonio.state.gate = { open: new Promise<void>((r) => (open = r)), arrived };
  return {
    arrived: came,
    open: () => {
      montonio.state.gate = null;
      open();
    },
  };
}

const gateway = () => montonioGateway(ctx.deps.env, ctx.db);
const orderRow = async (id: number) => (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentOf = async (orderId: number) => (await ctx.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
const stockOf = async (menuId: number, dishId: number) =>
  (
    await ctx.db
      .select({ qty: balances.qty })
      .from(balances)
      .where(and(eq(balances.menuId, menuId), eq(balances.dishId, dishId)))
  )[0]!.qty;

async function placeOrder(method: 'card' | 'bank', lang = 'en') {
  if (gateway().methods().banks.length === 0) await gateway().refreshMethods(); // the start's load

  const now = ctx.clock.now();
  const w = await menuWorld(ctx.db, now);
  const c = ctx.as(await customerAt(ctx.db, now, {}, { bonusCents: 100 }));
  const res = await c.post(`/app/order/create?lang=${lang}`, {
    dishlist_id: w.menu.id,
    items: [{ id: w.soup.id, qty: 2 }],
    payment_type: method,
    bank: method === 'bank' ? 'PARXLV22' : undefined,
    terms: true,
  });
  return { res, w, c };
}

async function pendingOrder(method: 'card' | 'bank' = 'bank') {
  const { res, w, c } = await placeOrder(method);
  expect(res.statusCode).toBe(200);
  const orderId = res.json().order_id as number;
  return { w, c, orderId, link: res.json().payment_link as string, payment: await paymentOf(orderId) };
}

/** An order token as Montonio signs it (by the app's clock, or `ageMs` earlier). */
function orderToken(
  p: { uuid: string; reference: string; status: string; grandTotal: number | string },
  opts: { secret?: string; accessKey?: string; ageMs?: number } = {},
) {
  const iat = Math.floor((ctx.clock.now().getTime() - (opts.ageMs ?? 0)) / 1000);
  return new SignJWT({
    uuid: p.uuid,
    accessKey: opts.accessKey ?? ACCESS_KEY,
    merchantReference: p.reference,
    merchantReferenceDisplay: p.reference,
    paymentStatus: p.status,
    paymentMethod: 'paymentInitiation',
    grandTotal: p.grandTotal,
    currency: 'EUR',
    senderIban: null,
    senderName: null,
    paymentProviderName: 'Citadele',
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + 3600)
    .sign(key(opts.secret ?? SECRET_KEY));
}
const notify = async (token: string) => ctx.anon.post('/app/payments/notify/montonio?lang=lv', { orderToken: token });

describe('amounts', () => {
  it('converts between integer cents and Montonio’s decimal euros exactly', () => {
    for (const cents of [0, 1, 5, 10, 99, 515, 1234, 100_000, 123_456_789]) {
      expect(centsFromEuros(eurosFromCents(cents))).toBe(cents);
      expect(centsFromEuros(JSON.parse(JSON.stringify(eurosFromCents(cents))))).toBe(cents);
    }
    expect(JSON.stringify({ a: eurosFromCents(1234), b: eurosFromCents(515), c: eurosFromCents(10) })).toBe('{"a":12.34,"b":5.15,"c":0.1}');
    expect(centsFromEuros('12.34')).toBe(1234);
    expect(centsFromEuros('12.3')).toBe(1230);
    expect(centsFromEuros(0.1 + 0.2)).toBeNull(); // 0.30000000000000004 is not an amount
    expect(centsFromEuros('12.345')).toBeNull();
    expect(centsFromEuros(-1)).toBeNull();
    expect(centsFromEuros('abc')).toBeNull();
  });

  it('maps Montonio’s statuses to ours; refunds and authorizations change nothing', () => {
    expect(mapMontonioStatus('PAID')).toBe('paid');
    for (const s of ['ABANDONED', 'VOIDED', 'DECLINED', 'CANCELED']) expect(mapMontonioStatus(s)).toBe('failed');
    for (const s of ['PENDING', 'AUTHORIZED', 'REFUNDED', 'PARTIALLY_REFUNDED', 'SOMETHING_NEW'])
      expect(mapMontonioStatus(s)).toBe('pending');
  });
});

describe('creating a payment', () => {
  it('signs the order for Montonio and sends the payer to its paymentUrl', async () => {
    const { orderId, link, payment } = await pendingOrder('bank');
    const sent = montonio.state.lastOrder!;
    expect(link).toMatch(/^https:\/\/sandbox-payments\.montonio\.test\/pay\/[0-9a-f-]{36}$/);
    expect(payment.gatewayPaymentId).toBe(link.split('/').pop());
    expect(sent).toMatchObject({
      accessKey: ACCESS_KEY,
      merchantReference: payment.reference,
      returnUrl: 'https://lunch.example.lv/app/payments/montonio/return',
      notificationUrl: 'https://lunch.example.lv/app/payments/notify/montonio',
      currency: 'EUR',
      grandTotal: 5.15, // 2 x 3.00 − 1.00 bonus + 0.15 bank commission
      locale: 'en',
      payment: {
        method: 'paymentInitiation',
        amount: 5.15,
        currency: 'EUR',
        methodOptions: { preferredProvider: 'PARXLV22', preferredCountry: 'LV', preferredLocale: 'en' },
      },
      lineItems: [{ name: `Order ${orderId}`, quantity: 1, finalPrice: 5.15 }],
    });
    expect(payment.amountCents).toBe(515);
    expect(typeof sent.exp).toBe('number');
    expect(sent.exp! * 1000).toBeGreaterThan(Date.now());
  });

  it('a card payment asks for cardPayments with the card commission', async () => {
    const { payment } = await pendingOrder('card');
    expect(montonio.state.lastOrder).toMatchObject({ grandTotal: 5.25, payment: { method: 'cardPayments', amount: 5.25 } });
    expect(payment.method).toBe('card');
  });

  it('Montonio failing or not answering in time gives a clear error in the payer’s language and the stock back', async () => {
    for (const [fail, lang, message] of [
      [500, 'en', 'The payment could not be started. Please try again.'],
      ['hang', 'lv', 'Maksājumu neizdevās uzsākt. Lūdzu, mēģiniet vēlreiz.'],
      ['hang', 'ru', 'Не удалось начать оплату. Пожалуйста, попробуйте ещё раз.'],
    ] as const) {
      montonio.state.fail.orders = fail;
      const heard: Change[] = [];
      const off = ctx.app.changes.subscribe((c) => heard.push(c));
      const started = Date.now();
      const { res, w } = await placeOrder('bank', lang);
      off();
      expect(Date.now() - started).toBeLessThan(5_000); // MONTONIO_TIMEOUT_MS is 1000 here
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(message);
      expect(await stockOf(w.menu.id, w.soup.id)).toBe(5);
      // Open order pages and the kitchen hear that the stock taken for a moment is back.
      expect(heard).toContainEqual({ type: 'menu', menuId: w.menu.id });
    }
  });

  it('a wrong secret key is refused by Montonio (401) and the payer gets the same clear error', async () => {
    const other = await createTestApp({
      PAYMENT_GATEWAY: 'montonio',
      MONTONIO_ACCESS_KEY: ACCESS_KEY,
      MONTONIO_SECRET_KEY: 'not-the-store-secret-key-000000000',
      MONTONIO_API_URL: `${montonio.state.url}/api`,
      MONTONIO_TIMEOUT_MS: 300,
    });
    try {
      const now = other.clock.now();
      const w = await menuWorld(other.db, now);
      const c = other.as(await customerAt(other.db, now));
      const before = montonio.state.calls.orders;
      const res = await c.post('/app/order/create?lang=en', {
        dishlist_id: w.menu.id,
        items: [{ id: w.soup.id, qty: 1 }],
        payment_type: 'card',
        terms: true,
      });
      expect(montonio.state.calls.orders).toBe(before + 1);
      expect(res.statusCode).toBe(502);
      expect(montonioGateway(other.deps.env, other.db).methods().banks).toEqual([]); // 401 on the bank list too
    } finally {
      await other.close();
    }
  });
});

describe('going on with a payment', () => {
  it('an unpaid order links to our resume address, which opens Montonio’s payment page while it waits', async () => {
    const { orderId, payment, link, c } = await pendingOrder();
    const resume = `https://lunch.example.lv/app/payments/montonio/resume/${payment.reference}?lang=en`;
    const shown = await c.get(`/app/order/${orderId}?lang=en`);
    expect(shown.json().payment_link).toBe(resume);
    const res = await ctx.anon.get(`/app/payments/montonio/resume/${payment.reference}?lang=en`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(link);
    // Given up at Montonio: the result page, not a dead payment page.
    montonio.state.status.set(payment.gatewayPaymentId!, 'ABANDONED');
    const gone = await ctx.anon.get(`/app/payments/montonio/resume/${payment.reference}`);
    expect(gone.headers.location).toBe(`https://lunch.example.lv/order/result?order_id=${orderId}&statusGroup=failed`);
  });

  it('a paid order goes to its result without asking Montonio; Montonio not answering is a clear 502', async () => {
    const { orderId, payment } = await pendingOrder();
    montonio.state.fail.orders = 'hang';
    for (const [lang, message] of [
      ['lv', 'Maksājuma lapu neizdevās atvērt. Lūdzu, pēc brīža mēģiniet vēlreiz.'],
      ['en', 'The payment page could not be opened. Please try again in a moment.'],
      ['ru', 'Не удалось открыть страницу оплаты. Пожалуйста, попробуйте ещё раз чуть позже.'],
    ]) {
      const res = await ctx.anon.get(`/app/payments/montonio/resume/${payment.reference}?lang=${lang}`);
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(message);
    }
    await notify(await orderToken({ uuid: payment.gatewayPaymentId!, reference: payment.reference, status: 'PAID', grandTotal: 5.15 }));
    const paid = await ctx.anon.get(`/app/payments/montonio/resume/${payment.reference}`);
    expect(paid.headers.location).toBe(`https://lunch.example.lv/order/result?order_id=${orderId}&statusGroup=success`);
    expect((await ctx.anon.get('/app/payments/montonio/resume/no-such-payment')).statusCode).toBe(404);
  });

  it('a repeated order request (same idempotency key) answers the resume address', async () => {
    await gateway().refreshMethods();
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    const place = () =>
      c.post(
        '/app/order/create?lang=lv',
        { dishlist_id: w.menu.id, items: [{ id: w.soup.id, qty: 1 }], payment_type: 'card', terms: true },
        { headers: { 'idempotency-key': 'montonio-repeat-1' } },
      );
    const first = await place();
    const again = await place();
    expect(again.json().order_id).toBe(first.json().order_id);
    const payment = await paymentOf(first.json().order_id);
    expect(again.json().payment_link).toBe(`https://lunch.example.lv/app/payments/montonio/resume/${payment.reference}?lang=lv`);
  });
});

describe('notifications', () => {
  it('PAID places the order; a replay changes nothing', async () => {
    const { orderId, payment } = await pendingOrder();
    const token = await orderToken({ uuid: payment.gatewayPaymentId!, reference: payment.reference, status: 'PAID', grandTotal: 5.15 });
    const res = await notify(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, order_id: orderId, status: 'paid', changed: true });
    expect(await orderRow(orderId)).toMatchObject({ status: 2, paidAt: expect.any(Date) });
    const again = await notify(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ok: true, order_id: orderId, status: 'paid', changed: false });
  });

  it('a grandTotal sent as a decimal string is read exactly', async () => {
    const { orderId, payment } = await pendingOrder();
    const res = await notify(
      await orderToken({ uuid: payment.gatewayPaymentId!, reference: payment.reference, status: 'PAID', grandTotal: '5.15' }),
    );
    expect(res.json()).toMatchObject({ order_id: orderId, status: 'paid' });
  });

  it('a paid order is never downgraded by a later PENDING or ABANDONED', async () => {
    const { orderId, payment } = await pendingOrder();
    const p = { uuid: payment.gatewayPaymentId!, reference: payment.reference, grandTotal: 5.15 };
    await notify(await orderToken({ ...p, status: 'PAID' }));
    for (const status of ['PENDING', 'ABANDONED', 'VOIDED']) {
      const res = await notify(await orderToken({ ...p, status }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'paid', changed: false });
    }
    expect((await orderRow(orderId)).status).toBe(2);
    expect((await paymentOf(orderId)).status).toBe('paid');
  });

  it('ABANDONED fails the order and gives the stock back once', async () => {
    const { orderId, payment, w } = await pendingOrder();
    expect(await stockOf(w.menu.id, w.soup.id)).toBe(3);
    const token = await orderToken({
      uuid: payment.gatewayPaymentId!,
      reference: payment.reference,
      status: 'ABANDONED',
      grandTotal: 5.15,
    });
    expect((await notify(token)).json()).toMatchObject({ status: 'failed', changed: true });
    expect((await notify(token)).json()).toMatchObject({ status: 'failed', changed: false });
    expect(await orderRow(orderId)).toMatchObject({ status: 0, stockReleased: true });
    expect(await stockOf(w.menu.id, w.soup.id)).toBe(5);
  });

  it('refuses a forged signature, a wrong access key, a stale token and a wrong amount, changing nothing', async () => {
    const { orderId, payment } = await pendingOrder();
    const p = { uuid: payment.gatewayPaymentId!, reference: payment.reference, status: 'PAID', grandTotal: 5.15 };
    const forged = await notify(await orderToken(p, { secret: 'an-attacker-guessed-this-secret-000000' }));
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe('Paziņojuma paraksts nav derīgs.');
    expect((await notify(await orderToken(p, { accessKey: 'another-store' }))).statusCode).toBe(403);
    expect((await notify(await orderToken(p, { ageMs: NOTIFICATION_MAX_AGE_MS + 60_000 }))).statusCode).toBe(403);
    const tampered = (await orderToken(p)).split('.');
    tampered[1] = Buffer.from(
      JSON.stringify({ ...p, accessKey: ACCESS_KEY, merchantReference: p.reference, paymentStatus: 'PAID' }),
    ).toString('base64url');
    expect((await notify(tampered.join('.'))).statusCode).toBe(403);
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${(await orderToken(p)).split('.')[1]}.`;
    expect((await notify(none)).statusCode).toBe(403);
    expect((await ctx.anon.post('/app/payments/notify/montonio', { orderToken: 'garbage' })).statusCode).toBe(403);
    const wrongAmount = await notify(await orderToken({ ...p, grandTotal: 0.01 }));
    expect(wrongAmount.statusCode).toBe(422);
    const en = await ctx.anon.post('/app/payments/notify/montonio?lang=en', { orderToken: 'x.y.z' });
    expect(en.json().message).toBe('The notification signature is not valid.');
    const ru = await ctx.anon.post('/app/payments/notify/montonio?lang=ru', { orderToken: 'x.y.z' });
    expect(ru.json().message).toBe('Подпись уведомления недействительна.');
    expect((await orderRow(orderId)).status).toBe(1);
    expect((await paymentOf(orderId)).status).toBe('pending');
  });

  it('an unknown reference answers 404', async () => {
    const res = await notify(await orderToken({ uuid: randomUUID(), reference: 'no-such-payment', status: 'PAID', grandTotal: 1 }));
    expect(res.statusCode).toBe(404);
  });

  it('the payer’s return with ?order-token= applies it and shows the result', async () => {
    const { orderId, payment } = await pendingOrder();
    const p = { uuid: payment.gatewayPaymentId!, reference: payment.reference, grandTotal: 5.15 };
    const pending = await ctx.anon.get(`/app/payments/montonio/return?order-token=${await orderToken({ ...p, status: 'PENDING' })}`);
    expect(pending.statusCode).toBe(303);
    expect(pending.headers.location).toBe(`https://lunch.example.lv/order/result?order_id=${orderId}&statusGroup=failed`);
    expect((await orderRow(orderId)).status).toBe(1);
    const paid = await ctx.anon.get(`/app/payments/montonio/return?order-token=${await orderToken({ ...p, status: 'PAID' })}`);
    expect(paid.headers.location).toBe(`https://lunch.example.lv/order/result?order_id=${orderId}&statusGroup=success`);
    expect((await orderRow(orderId)).status).toBe(2);
    const forged = await ctx.anon.get(
      `/app/payments/montonio/return?order-token=${await orderToken({ ...p, status: 'PAID' }, { secret: 'x'.repeat(40) })}`,
    );
    expect(forged.statusCode).toBe(403);
  });
});

describe('refunds', () => {
  async function paidOrder() {
    const o = await pendingOrder();
    await notify(await orderToken({ uuid: o.payment.gatewayPaymentId!, reference: o.payment.reference, status: 'PAID', grandTotal: 5.15 }));
    return o;
  }

  it('refunds through POST /refunds with the order uuid, decimal amount and our reference as idempotency key', async () => {
    const { payment } = await paidOrder();
    const refundReference = randomUUID();
    const before = montonio.state.calls.refunds;
    expect(await gateway().refund({ reference: payment.reference, refundReference, amountCents: 515, orderId: 1 })).toEqual({
      outcome: 'refunded',
    });
    expect(montonio.state.lastRefund).toMatchObject({
      accessKey: ACCESS_KEY,
      orderUuid: payment.gatewayPaymentId,
      amount: 5.15,
      idempotencyKey: refundReference,
    });
    // A retry with the same reference is the same refund at Montonio, not a second one.
    expect(await gateway().refund({ reference: payment.reference, refundReference, amountCents: 515, orderId: 1 })).toEqual({
      outcome: 'refunded',
    });
    expect(montonio.state.calls.refunds).toBe(before + 2);
    expect(montonio.state.refunds.size).toBe([...montonio.state.refunds.keys()].length);
    expect([...montonio.state.refunds.keys()].filter((k) => k === refundReference)).toHaveLength(1);
  });

  it('a refund Montonio holds is pending; rejected, too large, failing or unknown ones fail with a reason', async () => {
    const { payment } = await paidOrder();
    const ask = (amountCents = 100) =>
      gateway().refund({ reference: payment.reference, refundReference: randomUUID(), amountCents, orderId: 1 });
    montonio.state.fail.refunds = 'PENDING';
    expect(await ask()).toEqual({ outcome: 'pending' });
    montonio.state.fail.refunds = 'REJECTED';
    expect(await ask()).toEqual({ outcome: 'failed', error: 'Montonio refund REJECTED' });
    montonio.state.fail.refunds = 500;
    expect(await ask()).toEqual({ outcome: 'failed', error: 'Montonio answered 500: Internal server error' });
    montonio.state.fail.refunds = null;
    expect(await ask(10_000)).toEqual({ outcome: 'failed', error: 'Montonio answered 400: Refund amount exceeds the order' });
    expect(await ask(0)).toMatchObject({ outcome: 'failed' });
    expect(await gateway().refund({ reference: 'no-such-payment', refundReference: randomUUID(), amountCents: 100, orderId: 1 })).toEqual({
      outcome: 'failed',
      error: 'Montonio order of this payment is not known',
    });
  });
});

describe('a refund Montonio holds', () => {
  it('stays pending and visible after a cancel, then the retry asks again with the same key and records it refunded once', async () => {
    const o = await pendingOrder();
    await notify(await orderToken({ uuid: o.payment.gatewayPaymentId!, reference: o.payment.reference, status: 'PAID', grandTotal: 5.15 }));
    montonio.state.fail.refunds = 'PENDING';
    const cancelled = await o.c.post(`/app/order/${o.orderId}/cancel?lang=en`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const rowOf = async () => (await ctx.db.select().from(refunds).where(eq(refunds.orderId, o.orderId)))[0]!;
    const held = await rowOf();
    expect(held).toMatchObject({ status: 'pending', gateway: 'montonio', amountCents: 515 });
    expect(montonio.state.refunds.get(held.refundReference)).toMatchObject({ status: 'PENDING', amount: 5.15 });

    // Still held at Montonio: the retry keeps it pending and creates nothing new there.
    const refundsAtMontonio = montonio.state.refunds.size;
    expect((await retryRefunds({ db: ctx.db, gateway: gateway(), now: () => ctx.clock.now() })).get(held.id)).toBe('pending');
    expect((await rowOf()).status).toBe('pending');

    // Montonio settles it; the next retry (same idempotency key) reads it as done.
    montonio.state.fail.refunds = null;
    montonio.state.refunds.get(held.refundReference)!.status = 'SUCCESSFUL';
    expect((await retryRefunds({ db: ctx.db, gateway: gateway(), now: () => ctx.clock.now() })).get(held.id)).toBe('refunded');
    expect(await rowOf()).toMatchObject({ status: 'refunded', refundReference: held.refundReference });
    expect(montonio.state.lastRefund).toMatchObject({ idempotencyKey: held.refundReference, orderUuid: o.payment.gatewayPaymentId });
    expect(montonio.state.refunds.size).toBe(refundsAtMontonio);
    // Settled refunds are not asked about again.
    const calls = montonio.state.calls.refunds;
    expect((await retryRefunds({ db: ctx.db, gateway: gateway(), now: () => ctx.clock.now() })).has(held.id)).toBe(false);
    expect(montonio.state.calls.refunds).toBe(calls);
  });
});

describe('bank list', () => {
  it('offers Montonio’s Latvian banks in its order with same-origin logos, loaded once and cached', async () => {
    await gateway().refreshMethods();
    const calls = montonio.state.calls.methods;
    const offered = gateway().methods();
    expect(offered.card).toBe(true);
    expect(offered.banks.map((b) => [b.code, b.name, b.imageUrl])).toEqual([
      ['HABALV22', 'Swedbank', '/app/payments/montonio/banks/HABALV22'],
      ['UNLALV2X', 'SEB', '/app/payments/montonio/banks/UNLALV2X'],
      ['PARXLV22', 'Citadele', '/app/payments/montonio/banks/PARXLV22'],
      ['RIKOLV2X', 'Luminor', '/app/payments/montonio/banks/RIKOLV2X'],
    ]);
    for (let i = 0; i < 50; i++) gateway().methods();
    await placeOrder('bank');
    expect(montonio.state.calls.methods).toBe(calls);
    // The logo comes through our origin (CSP img-src 'self'), fetched once.
    const logos = montonio.state.calls.logos;
    const logo = await ctx.anon.get('/app/payments/montonio/banks/HABALV22');
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['content-security-policy']).toContain('sandbox');
    expect(logo.rawPayload.equals(PNG)).toBe(true);
    await ctx.anon.get('/app/payments/montonio/banks/HABALV22');
    expect(montonio.state.calls.logos).toBe(logos + 1);
    expect((await ctx.anon.get('/app/payments/montonio/banks/NOPE')).statusCode).toBe(404);
  });

  it('a stale list is refreshed in the background and served as it was while Montonio fails', async () => {
    if (gateway().methods().banks.length === 0) await gateway().refreshMethods(); // the start's load
    const calls = montonio.state.calls.methods;
    ctx.clock.advance(30 * 60_000);
    gateway().methods(); // still fresh after half an hour
    await new Promise((r) => setTimeout(r, 100));
    expect(montonio.state.calls.methods).toBe(calls);
    montonio.state.fail.methods = 500;
    ctx.clock.advance(31 * 60_000);
    try {
      const stale = gateway().methods(); // answers at once; the refresh runs behind it
      expect(stale.banks).toHaveLength(4);
      await vi.waitFor(() => expect(montonio.state.calls.methods).toBe(calls + 1));
      await new Promise((r) => setTimeout(r, 100)); // the failed answer handled
      const after = gateway().methods(); // failed refresh: the old list, and no new call within a minute
      expect(after.banks).toHaveLength(4);
      expect(after.card).toBe(true);
      await new Promise((r) => setTimeout(r, 100));
      expect(montonio.state.calls.methods).toBe(calls + 1);
      // Payers can still order by bank from the list served.
      const { res } = await placeOrder('bank');
      expect(res.statusCode).toBe(200);
      // Montonio back: the next read after the retry pause loads the list again.
      montonio.state.fail.methods = null;
      ctx.clock.advance(2 * 60_000);
      gateway().methods();
      await vi.waitFor(() => expect(montonio.state.calls.methods).toBe(calls + 2));
    } finally {
      ctx.clock.advance(-(30 + 31 + 2) * 60_000);
    }
  });

  it('with no list ever loaded (Montonio down since start) card is still offered and no bank', async () => {
    montonio.state.fail.methods = 500;
    const other = await createTestApp({
      PAYMENT_GATEWAY: 'montonio',
      MONTONIO_ACCESS_KEY: ACCESS_KEY,
      MONTONIO_SECRET_KEY: SECRET_KEY,
      MONTONIO_API_URL: `${montonio.state.url}/api`,
      MONTONIO_TIMEOUT_MS: 300,
    });
    try {
      const gw = montonioGateway(other.deps.env, other.db);
      await gw.refreshMethods();
      expect(gw.methods()).toEqual({ card: true, banks: [] });
      const now = other.clock.now();
      const w = await menuWorld(other.db, now);
      const c = other.as(await customerAt(other.db, now));
      const bank = await c.post('/app/order/create?lang=en', {
        dishlist_id: w.menu.id,
        items: [{ id: w.soup.id, qty: 1 }],
        payment_type: 'bank',
        bank: 'HABALV22',
        terms: true,
      });
      expect(bank.statusCode).toBe(422);
      const card = await c.post('/app/order/create?lang=en', {
        dishlist_id: w.menu.id,
        items: [{ id: w.soup.id, qty: 1 }],
        payment_type: 'card',
        terms: true,
      });
      expect(card.statusCode).toBe(200);
      expect(card.json().payment_link).toMatch(/^https:\/\/sandbox-payments\.montonio\.test\/pay\//);
    } finally {
      await other.close();
    }
  });
});

describe('API description', () => {
  it('lists Montonio’s routes as public, with their answers', async () => {
    const doc = (await ctx.anon.get('/app/openapi.json')).json();
    const notify = doc.paths['/app/payments/notify/montonio'].post;
    expect(notify.security).toEqual([]);
    expect(Object.keys(notify.responses)).toEqual(expect.arrayContaining(['200', '403', '422']));
    expect(Object.keys(doc.paths['/app/payments/montonio/return'].get.responses)).toEqual(expect.arrayContaining(['303', '403']));
    expect(Object.keys(doc.paths['/app/payments/montonio/resume/{reference}'].get.responses)).toEqual(
      expect.arrayContaining(['303', '404']),
    );
    expect(doc.paths['/app/payments/montonio/banks/{code}'].get.responses['200'].content).toHaveProperty(['image/png']);
  });
});

describe('test payments banner', () => {
  it('shows while Montonio’s sandbox is used, not with another Montonio address', async () => {
    expect((await ctx.anon.get('/app/translations')).json().test_payments).toBe(false);
    const sandbox = await createTestApp({
      PAYMENT_GATEWAY: 'montonio',
      MONTONIO_ACCESS_KEY: ACCESS_KEY,
      MONTONIO_SECRET_KEY: SECRET_KEY,
      MONTONIO_API_URL: 'https://sandbox-stargate.montonio.com/api',
      MONTONIO_TIMEOUT_MS: 100,
    });
    try {
      expect((await sandbox.anon.get('/app/translations')).json().test_payments).toBe(true);
    } finally {
      await sandbox.close();
    }
  });
});

describe('a new order and the customer’s unpaid Montonio order (decision 045)', () => {
  const cashOrder = (w: { menu: { id: number }; main: { id: number } }, c: Client) =>
    c.post('/app/order/create?lang=en', { dishlist_id: w.menu.id, items: [{ id: w.main.id, qty: 1 }], payment_type: 'cash', terms: true });

  it('asks Montonio first: paid there, it stays and is recorded paid; authorized or not readable, it stays and the new order is refused', async () => {
    const paid = await pendingOrder();
    montonio.state.status.set(paid.payment.gatewayPaymentId!, 'PAID');
    const afterPaid = await cashOrder(paid.w, paid.c);
    expect(afterPaid.statusCode).toBe(200);
    expect(await orderRow(paid.orderId)).toMatchObject({ status: 2, stockReleased: false });
    expect((await paymentOf(paid.orderId)).status).toBe('paid');
    expect(await ctx.db.select().from(refunds).where(eq(refunds.orderId, paid.orderId))).toEqual([]);

    const authorized = await pendingOrder();
    montonio.state.status.set(authorized.payment.gatewayPaymentId!, 'AUTHORIZED');
    const refused = await cashOrder(authorized.w, authorized.c);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Your earlier card or bank order on this menu is being paid right now/);
    expect(await orderRow(authorized.orderId)).toMatchObject({ status: 1, stockReleased: false });
    expect((await paymentOf(authorized.orderId)).status).toBe('pending');

    const unreadable = await pendingOrder();
    montonio.state.fail.orders = 500;
    const unchecked = await cashOrder(unreadable.w, unreadable.c);
    expect(unchecked.statusCode).toBe(409);
    expect(unchecked.json().message).toMatch(/could not be checked just now/);
    expect(await orderRow(unreadable.orderId)).toMatchObject({ status: 1, stockReleased: false });
    montonio.state.fail.orders = null;

    // Waiting for the payer (PENDING): released. Paid there anyway later: the money is recorded and refunded.
    const open = await pendingOrder();
    expect((await cashOrder(open.w, open.c)).statusCode).toBe(200);
    expect(await orderRow(open.orderId)).toMatchObject({ status: 0, stockReleased: true });
    const late = await notify(
      await orderToken({ uuid: open.payment.gatewayPaymentId!, reference: open.payment.reference, status: 'PAID', grandTotal: 5.15 }),
    );
    expect(late.statusCode).toBe(200);
    expect(await orderRow(open.orderId)).toMatchObject({ status: 0 });
    expect(await ctx.db.select().from(refunds).where(eq(refunds.orderId, open.orderId))).toEqual([
      expect.objectContaining({ amountCents: 515 }),
    ]);
  });

  it('hands out no payment link for an order released while Montonio was asked for it', async () => {
    await gateway().refreshMethods();
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    const hold = holdOrders();
    const placing = c.post('/app/order/create?lang=en', {
      dishlist_id: w.menu.id,
      items: [{ id: w.soup.id, qty: 1 }],
      payment_type: 'card',
      terms: true,
    });
    await hold.arrived;
    const [mine] = await ctx.db.select().from(orders).where(eq(orders.userId, c.user.id));
    const cancelled = await c.post(`/app/order/${mine!.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    hold.open();
    const res = await placing;
    expect(res.statusCode).toBe(409);
    expect(res.json().payment_link).toBeUndefined();
    expect(res.json().message).toMatch(/can no longer be paid/);
    // Montonio's order is known for a refund should it be paid anyway.
    expect((await paymentOf(mine!.id)).gatewayPaymentId).toEqual(expect.any(String));
  });

  it('the resume address does not open Montonio’s page for an order released while Montonio was asked', async () => {
    const { orderId, payment, c } = await pendingOrder();
    const hold = holdOrders();
    const resuming = ctx.anon.get(`/app/payments/montonio/resume/${payment.reference}?lang=en`);
    await hold.arrived;
    expect((await c.post(`/app/order/${orderId}/cancel`)).statusCode).toBe(200);
    hold.open();
    const res = await resuming;
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`https://lunch.example.lv/order/result?order_id=${orderId}&statusGroup=failed`);
  });
});

describe('the payment expiry sweep and Montonio (decision 045)', () => {
  it('asks Montonio first: paid there, the order is recorded paid instead of expired; authorized, it is left for later', async () => {
    const paid = await pendingOrder();
    montonio.state.status.set(paid.payment.gatewayPaymentId!, 'PAID');
    const authorized = await pendingOrder();
    montonio.state.status.set(authorized.payment.gatewayPaymentId!, 'AUTHORIZED');
    const open = await pendingOrder();
    const sweep = () => expireUnpaidOrders({ ...ctx.deps, gateway: gateway() });
    ctx.clock.advance((ctx.deps.env.PAYMENT_TIMEOUT_MINUTES + 1) * 60_000);
    try {
      const expired = await sweep();
      expect(expired).toContain(open.orderId);
      expect(expired).not.toContain(paid.orderId);
      expect(expired).not.toContain(authorized.orderId);
      expect(await orderRow(paid.orderId)).toMatchObject({ status: 2, stockReleased: false });
      expect((await paymentOf(paid.orderId)).status).toBe('paid');
      expect(await orderRow(authorized.orderId)).toMatchObject({ status: 1, stockReleased: false });
      expect(await orderRow(open.orderId)).toMatchObject({ status: 0, stockReleased: true });
    } finally {
      ctx.clock.advance(-(ctx.deps.env.PAYMENT_TIMEOUT_MINUTES + 1) * 60_000);
    }
  });
});
