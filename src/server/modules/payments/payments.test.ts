import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances, orders, payments, users } from '../../db/schema/index.js';
import { sandboxGateway, signSandbox } from '../../lib/payments/sandbox.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { customerAt, menuWorld, setBalance } from '../ordering/ordering.factories.js';
import { applyNotification, expireUnpaidOrders } from './payments.service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function stockOf(menuId: number, dishId: number) {
  const rows = await ctx.db
    .select({ qty: balances.qty })
    .from(balances)
    .where(and(eq(balances.menuId, menuId), eq(balances.dishId, dishId)));
  return rows[0]!.qty;
}

/** A pending card (or bank) order of 2 soups with a bonus used; answers what the tests need. */
async function pendingOrder(method: 'card' | 'bank' = 'card') {
  const now = ctx.clock.now();
  const w = await menuWorld(ctx.db, now);
  const c = ctx.as(await customerAt(ctx.db, now, {}, { bonusCents: 100 }));
  const res = await c.post('/app/order/create?lang=en', {
    dishlist_id: w.menu.id,
    items: [{ id: w.soup.id, qty: 2 }],
    payment_type: method,
    bank: method === 'bank' ? 'citadele' : undefined,
    terms: true,
  });
  expect(res.statusCode).toBe(200);
  const { order_id, payment_link } = res.json();
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.orderId, order_id));
  return { w, c, orderId: order_id as number, link: payment_link as string, payment: payment! };
}

const orderRow = async (id: number) => (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0];
const bonusOf = async (userId: number) => (await ctx.db.select({ b: users.bonusCents }).from(users).where(eq(users.id, userId)))[0]!.b;
const form = (url: string) => ctx.anon.post(url, '', { headers: { 'content-type': 'application/x-www-form-urlencoded' } });

/** A notification signed now (by the app's clock, which tests move), or `ageMs` earlier. */
function signed(reference: string, status: string, amountCents: number, ageMs = 0) {
  const ts = Math.floor((ctx.clock.now().getTime() - ageMs) / 1000);
  return sandboxGateway(ctx.deps.env).sign({ reference, status, amount_cents: amountCents, ts });
}
const notify = (body: unknown) => ctx.anon.post('/app/payments/notify/sandbox', body as object);

describe('sandbox hosted page', () => {
  it('shows the order, amount and method in the asked language, with plain forms and no scripts', async () => {
    const { link, orderId, payment } = await pendingOrder('bank');
    expect(link).toBe(`/app/payments/sandbox/${payment.reference}?lang=en`);
    const en = await ctx.anon.get(link);
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toContain('text/html');
    expect(en.headers['content-security-policy']).toContain("script-src 'self'");
    expect(en.body).toContain(`#${orderId}`);
    expect(en.body).toContain('Citadele');
    expect(en.body).toContain('Approve payment');
    expect(en.body).toMatch(/<form method="post" action="\/app\/payments\/sandbox\/[^"]+\/approve\?lang=en">/);
    expect(en.body).not.toMatch(/<script|style=|onclick/i);
    const lv = await ctx.anon.get(`/app/payments/sandbox/${payment.reference}?lang=lv`);
    expect(lv.body).toContain('Apstiprināt maksājumu');
    expect(lv.body).toContain('5,15'); // 2 x 3.00 − 1.00 bonus + 0.15 bank commission
    const ru = await ctx.anon.get(`/app/payments/sandbox/${payment.reference}?lang=ru`);
    expect(ru.body).toContain('Подтвердить оплату');
    expect((await ctx.anon.get('/app/payments/sandbox/nope')).statusCode).toBe(404);
    const css = await ctx.anon.get('/app/payments/sandbox.css');
    expect(css.headers['content-type']).toContain('text/css');
    const logo = await ctx.anon.get('/app/payments/banks/citadele.svg');
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.body).toContain('Citadele');
  });

  it('approve marks the order paid and sends the browser to the success result', async () => {
    const { orderId, payment, w } = await pendingOrder();
    const res = await form(`/app/payments/sandbox/${payment.reference}/approve?lang=lv`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/order/result?order_id=${orderId}&statusGroup=success`);
    expect(await orderRow(orderId)).toMatchObject({ status: 2, paidAt: expect.any(Date) });
    expect(await stockOf(w.menu.id, w.soup.id)).toBe(3);
    const again = await ctx.anon.get(`/app/payments/sandbox/${payment.reference}?lang=en`);
    expect(again.body).toContain('no longer waiting');
    expect(again.body).not.toContain('Approve payment');
    const late = await form(`/app/payments/sandbox/${payment.reference}/decline`);
    expect(late.headers.location).toBe(`/order/result?order_id=${orderId}&statusGroup=success`);
    expect((await orderRow(orderId))!.status).toBe(2);
  });

  it('decline fails the order, gives stock and bonus back, and sends the browser to the failed result', async () => {
    const { orderId, payment, w, c } = await pendingOrder();
    expect(await stockOf(w.menu.id, w.soup.id)).toBe(3);
    expect(await bonusOf(c.user.id)).toBe(0);
    const res = await form(`/app/payments/sandbox/${payment.reference}/decline`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/order/result?order_id=${orderId}&statusGroup=failed`);
    expect(await orderRow(orderId)).toMatchObject({ status: 0, stockReleased: true });
    expect(await stockOf(w.menu.id, w.soup.id)).toBe(5);
    expect(await bonusOf(c.user.id)).toBe(100);
  });
});

describe('stock of complex orders', () => {
  it('a declined complex order gives back its own and every option’s stock', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    await setBalance(ctx.db, w.menu.id, w.set.complex.id, 3);
    await setBalance(ctx.db, w.menu.id, w.main.id, 4);
    const c = ctx.as(await customerAt(ctx.db, now));
    const [g1, g2] = w.set.groups;
    const res = await c.post('/app/order/create', {
      dishlist_id: w.menu.id,
      items: [
        {
          id: w.set.complex.id,
          qty: 2,
          complex: [
            { group_id: g1!.id, dish_id: w.soup.id },
            { group_id: g2!.id, dish_id: w.main.id },
          ],
        },
      ],
      payment_type: 'card',
      terms: true,
    });
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.orderId, res.json().order_id));
    const left = async () => [
      await stockOf(w.menu.id, w.set.complex.id),
      await stockOf(w.menu.id, w.soup.id),
      await stockOf(w.menu.id, w.main.id),
    ];
    expect(await left()).toEqual([1, 3, 2]);
    await form(`/app/payments/sandbox/${payment!.reference}/decline`);
    expect(await left()).toEqual([3, 5, 4]);
  });
});

describe('signed notifications', () => {
  it('applies a paid notification once; replays change nothing', async () => {
    const { orderId, payment } = await pendingOrder();
    const body = signed(payment.reference, 'approved', payment.amountCents);
    const first = await notify(body);
    expect(first.json()).toEqual({ ok: true, order_id: orderId, status: 'paid', changed: true });
    const before = await orderRow(orderId);
    const replay1 = await notify(body);
    const replay2 = await notify(signed(payment.reference, 'approved', payment.amountCents));
    expect(replay1.json().changed).toBe(false);
    expect(replay2.json().changed).toBe(false);
    expect(await orderRow(orderId)).toEqual(before);
  });

  it('never downgrades a paid order', async () => {
    const { orderId, payment, w } = await pendingOrder();
    await notify(signed(payment.reference, 'approved', payment.amountCents));
    const declined = await notify(signed(payment.reference, 'declined', payment.amountCents));
    expect(declined.json()).toMatchObject({ status: 'paid', changed: false });
    expect((await orderRow(orderId))!.status).toBe(2);
    expect(await stockOf(w.menu.id, w.soup.id)).toBe(3);
  });

  it('refuses forged or malformed notifications and wrong amounts, changing nothing', async () => {
    const { orderId, payment } = await pendingOrder();
    const real = signed(payment.reference, 'approved', payment.amountCents);
    const forged = { ...real, signature: 'a'.repeat(64) };
    expect((await notify(forged)).statusCode).toBe(403);
    const tampered = { ...real, amount_cents: 1 };
    expect((await notify(tampered)).statusCode).toBe(403);
    const { signature: _, ...unsigned } = real;
    const otherSecret = signSandbox('another-secret-0123456789abcdef', unsigned);
    expect(otherSecret.signature).not.toBe(real.signature);
    expect((await notify(otherSecret)).statusCode).toBe(403);
    expect((await notify({ reference: payment.reference, status: 'approved' })).statusCode).toBe(403);
    const wrongAmount = await notify(signed(payment.reference, 'approved', payment.amountCents + 1));
    expect(wrongAmount.statusCode).toBe(422);
    expect((await notify(signed('unknown-ref', 'approved', 100))).statusCode).toBe(404);
    expect((await orderRow(orderId))!.status).toBe(1);
  });

  it('refuses a notification signed more than 15 minutes before or after now', async () => {
    const { orderId, payment } = await pendingOrder();
    const stale = await notify(signed(payment.reference, 'approved', payment.amountCents, 16 * 60_000));
    expect(stale.statusCode).toBe(403);
    const future = await notify(signed(payment.reference, 'approved', payment.amountCents, -16 * 60_000));
    expect(future.statusCode).toBe(403);
    expect((await orderRow(orderId))!.status).toBe(1);
    // A delay inside the window is fine.
    const late = await notify(signed(payment.reference, 'approved', payment.amountCents, 14 * 60_000));
    expect(late.json()).toMatchObject({ status: 'paid', changed: true });
  });

  it('the sandbox page changes only pending payments, also when the payment moved on meanwhile', async () => {
    const { orderId, payment } = await pendingOrder();
    await ctx.db.update(payments).set({ status: 'expired' }).where(eq(payments.id, payment.id));
    // What the page's approve does after its own check: applied under the lock, refused there.
    const applied = await applyNotification(
      { db: ctx.db, now: ctx.clock.now() },
      {
        notification: { reference: payment.reference, outcome: 'paid', amountCents: payment.amountCents },
        onlyPending: true,
      },
    );
    expect(applied).toMatchObject({ paymentStatus: 'expired', changed: false });
    const res = await form(`/app/payments/sandbox/${payment.reference}/approve`);
    expect(res.headers.location).toBe(`/order/result?order_id=${orderId}&statusGroup=failed`);
    const [p] = await ctx.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(p!.status).toBe('expired');
    expect((await orderRow(orderId))!.paidAt).toBeNull();
  });

  it('still takes notifications during maintenance', async () => {
    const { orderId, payment } = await pendingOrder();
    await ctx.app.maintenance.set(true);
    try {
      const res = await notify(signed(payment.reference, 'approved', payment.amountCents));
      expect(res.statusCode).toBe(200);
      expect((await orderRow(orderId))!.status).toBe(2);
    } finally {
      await ctx.app.maintenance.set(false);
    }
  });

  it('a failed notification releases stock exactly once', async () => {
    const { orderId, payment, w } = await pendingOrder();
    const body = signed(payment.reference, 'declined', payment.amountCents);
    const results = await Promise.all([notify(body), notify(body), notify(body)]);
    expect(results.filter((r) => r.json().changed)).toHaveLength(1);
    expect(await stockOf(w.menu.id, w.soup.id)).toBe(5);
    expect((await orderRow(orderId))!.status).toBe(0);
  });
});

describe('payment expiry sweep', () => {
  it('releases unpaid orders after PAYMENT_TIMEOUT_MINUTES, exactly once, and leaves others alone', async () => {
    const timeout = ctx.deps.env.PAYMENT_TIMEOUT_MINUTES;
    const { orderId, payment, w, c } = await pendingOrder();
    const paid = await pendingOrder();
    await notify(signed(paid.payment.reference, 'approved', paid.payment.amountCents));
    // Another customer's cash order (a new order of the same customer would release the unpaid one, decision 045).
    const colleague = ctx.as(await customerAt(ctx.db, ctx.clock.now()));
    const cash = await colleague.post('/app/order/create', {
      dishlist_id: w.menu.id,
      items: [{ id: w.soup.id, qty: 1 }],
      payment_type: 'cash',
      terms: true,
    });
    expect(cash.statusCode).toBe(200);
    expect(await stockOf(w.menu.id, w.soup.id)).toBe(2);

    ctx.clock.advance((timeout - 1) * 60_000);
    try {
      expect(await expireUnpaidOrders(ctx.deps)).not.toContain(orderId);
      expect((await orderRow(orderId))!.status).toBe(1);
      ctx.clock.advance(2 * 60_000);
      // Two sweeps at once (two instances): exactly one of them releases the order.
      const [a, b] = await Promise.all([expireUnpaidOrders(ctx.deps), expireUnpaidOrders(ctx.deps)]);
      expect([...a, ...b].filter((id) => id === orderId)).toHaveLength(1);
      expect(a.filter((id) => b.includes(id))).toEqual([]);
      expect(await orderRow(orderId)).toMatchObject({ status: 0, stockReleased: true });
      expect(await stockOf(w.menu.id, w.soup.id)).toBe(4);
      expect(await bonusOf(c.user.id)).toBe(100);
      expect(await expireUnpaidOrders(ctx.deps)).toEqual([]);
      expect(await stockOf(w.menu.id, w.soup.id)).toBe(4);
      const [p] = await ctx.db.select().from(payments).where(eq(payments.id, payment.id));
      expect(p!.status).toBe('expired');
      // The paid order and the cash order are untouched; a late decline changes nothing.
      expect((await orderRow(paid.orderId))!.status).toBe(2);
      expect((await orderRow(cash.json().order_id))!.status).toBe(2);
      const late = await notify(signed(payment.reference, 'declined', payment.amountCents));
      expect(late.json().changed).toBe(false);
      expect(await stockOf(w.menu.id, w.soup.id)).toBe(4);
      // The hosted page no longer offers the buttons.
      const page = await ctx.anon.get(`/app/payments/sandbox/${payment.reference}?lang=en`);
      expect(page.body).not.toContain('Approve payment');
    } finally {
      ctx.clock.advance(-(timeout + 1) * 60_000);
    }
  });
});

describe('PAYMENT_GATEWAY=none', () => {
  let off: TestContext;
  beforeAll(async () => {
    off = await createTestApp({ PAYMENT_GATEWAY: 'none' });
  });
  afterAll(() => off.close());

  it('offers neither card nor bank, refuses them at checkout, and has no sandbox routes', async () => {
    const now = off.clock.now();
    const w = await menuWorld(off.db, now);
    const c = off.as(await customerAt(off.db, now));
    const page = await c.get(`/app/order/create/${w.menu.id}`);
    expect(page.json().paymentMethods).toMatchObject({ card: false, banks: [], cardConsent: '', bankConsent: '' });
    const order = (body: object) =>
      c.post('/app/order/create?lang=en', { dishlist_id: w.menu.id, items: [{ id: w.soup.id, qty: 1 }], terms: true, ...body });
    expect((await order({ payment_type: 'card' })).json().errors.payment_type).toEqual(['Card payment is not available.']);
    expect((await order({ payment_type: 'bank', bank: 'seb' })).json().errors).toHaveProperty('bank');
    const cash = await order({ payment_type: 'cash' });
    expect(cash.json()).toEqual({ success: true, order_id: expect.any(Number) });
    const signedNote = signSandbox(off.deps.env.PAYMENT_SECRET, {
      reference: 'r',
      status: 'approved',
      amount_cents: 1,
      ts: Math.floor(now.getTime() / 1000),
    });
    expect((await off.anon.post('/app/payments/notify/sandbox', signedNote)).statusCode).toBe(404);
    expect((await off.anon.get('/app/payments/sandbox/some-reference')).statusCode).toBe(404);
    const approve = await off.anon.post('/app/payments/sandbox/some-reference/approve', '', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(approve.statusCode).toBe(404);
    expect((await off.anon.get('/app/payments/banks/seb.svg')).statusCode).toBe(404);
    expect((await off.anon.get('/app/payments/sandbox.css')).statusCode).toBe(404);
  });
});
