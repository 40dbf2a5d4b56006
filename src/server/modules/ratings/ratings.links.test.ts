import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dishRatings, orders, ratingLinks, users } from '../../db/schema/index.js';
import { hashToken } from '../../lib/tokens.js';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from '../../test/smtp.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { sendDueDeliveryNotices } from '../delivery/delivery.service.js';
import { ORDER_STATUS } from '../orders/placed.read.js';
import { markDelivered, orderedLunch, ratingLinkFor } from './ratings.factories.js';
import { RATE_LINK_LIMIT } from './ratings.links.js';

/*
 * The rating link of the "delivered" e-mail (decision 079): no sign-in, one order, single use,
 * until the end of the next day; only its hash is stored. The mail goes through a local SMTP server.
 */
const PUBLIC_URL = 'https://lunch.example.lv';
let smtp: TestSmtp;
let received: ReceivedMail[] = [];
let ctx: TestContext;

beforeAll(async () => {
  smtp = await startTestSmtp();
  received = smtp.received;
  ctx = await createTestApp({ PUBLIC_URL, SMTP_URL: smtp.url });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const PLACED = new Date('2026-03-10T08:00:00Z');
const DELIVERED = new Date('2026-03-10T10:30:00Z');
const WINDOW_END = new Date('2026-03-11T22:00:00Z');

async function delivered() {
  const x = await orderedLunch(ctx, PLACED, { notifyOnDelivery: true, lang: 'en' });
  await markDelivered(ctx.db, x.w.menu.id, x.eater.location.id, DELIVERED);
  ctx.clock.set(new Date(DELIVERED.getTime() + 60_000));
  return x;
}
const rate = (dishId: number) => ({ ratings: [{ dish_id: dishId, stars: 5, tags: ['tasty'] }] });
const ratingsOf = (orderId: number) => ctx.db.select().from(dishRatings).where(eq(dishRatings.orderId, orderId));

describe('the rating link', () => {
  it('comes in the “delivered” e-mail and rates that order without signing in, once', async () => {
    const x = await delivered();
    const deps = ctx.deps;
    const run = await sendDueDeliveryNotices({ db: ctx.db, mailer: deps.mailer, env: deps.env }, x.w.menu.id);
    expect(run.email).toBe(1);
    await deps.mailer.idle();
    const mail = received.find((m) => m.to === x.eater.user.email);
    expect(mail, 'the delivered e-mail reached the SMTP server').toBeDefined();
    const body = mail!.raw.replace(/=\r?\n/g, '');
    const link = new RegExp(
      `Rate your lunch \\(no sign-in needed, until the end of tomorrow\\): ${PUBLIC_URL}/rate/([A-Za-z0-9_-]{43})`,
    ).exec(body);
    expect(link, body).not.toBeNull();
    const token = link![1]!;
    // Only the token's hash is stored, expiring with the window.
    const [stored] = await ctx.db.select().from(ratingLinks).where(eq(ratingLinks.orderId, x.orderId));
    expect(stored).toMatchObject({ tokenHash: hashToken(token), expiresAt: WINDOW_END, usedAt: null });

    const read = await ctx.anon.get(`/app/rate/${token}?lang=en`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ order_id: x.orderId, open: true, lines: [{ title: 'Pork chop', rated: false }, { title: 'Set' }] });
    expect(read.body).not.toContain(x.eater.user.email);

    const posted = await ctx.anon.post(`/app/rate/${token}?lang=en`, rate(x.w.main.id));
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().lines[0]).toMatchObject({ rated: true, stars: 5, tags: ['tasty'] });
    expect((await ratingsOf(x.orderId)).map((r) => [r.userId, r.dishId])).toEqual([[x.eater.user.id, x.w.main.id]]);

    // Used: the set meal cannot be rated through it any more, and reading it says so.
    const second = await ctx.anon.post(`/app/rate/${token}?lang=en`, rate(x.w.set.complex.id));
    expect(second.statusCode).toBe(410);
    expect(second.json().message).toContain('already been used');
    expect((await ctx.anon.get(`/app/rate/${token}?lang=en`)).statusCode).toBe(410);
    expect(await ratingsOf(x.orderId)).toHaveLength(1);
    // The eater signed in still rates the rest on the order's page.
    expect((await x.client.post(`/app/orders/${x.orderId}/ratings`, rate(x.w.set.complex.id))).statusCode).toBe(201);
  });

  it('is used by exactly one of two parallel posts', async () => {
    const x = await delivered();
    const token = await ratingLinkFor(ctx.db, x.orderId, DELIVERED);
    const answers = await Promise.all([
      ctx.anon.post(`/app/rate/${token}`, rate(x.w.main.id)),
      ctx.anon.post(`/app/rate/${token}`, rate(x.w.set.complex.id)),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 410]);
    expect(await ratingsOf(x.orderId)).toHaveLength(1);
  });

  it('answers 410 once expired, 410 when its order was cancelled, 404 when unknown, and leaves a refused link unused', async () => {
    const x = await delivered();
    const token = await ratingLinkFor(ctx.db, x.orderId, DELIVERED);
    // A refused rating (a dish not on the order) does not use the link.
    expect((await ctx.anon.post(`/app/rate/${token}`, rate(x.w.dessert.id))).statusCode).toBe(422);
    ctx.clock.set(WINDOW_END);
    const expired = await ctx.anon.get(`/app/rate/${token}?lang=en`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toContain('has expired');
    expect((await ctx.anon.post(`/app/rate/${token}`, rate(x.w.main.id))).statusCode).toBe(410);

    ctx.clock.set(new Date(DELIVERED.getTime() + 60_000));
    expect((await ctx.anon.get(`/app/rate/${token}`)).statusCode).toBe(200);
    await ctx.db.update(orders).set({ status: ORDER_STATUS.cancelled }).where(eq(orders.id, x.orderId));
    const cancelled = await ctx.anon.post(`/app/rate/${token}?lang=en`, rate(x.w.main.id));
    expect(cancelled.statusCode).toBe(410);
    expect(cancelled.json().message).toContain('cancelled');
    expect(await ratingsOf(x.orderId)).toHaveLength(0);
    expect((await ctx.anon.get(`/app/rate/${'x'.repeat(43)}`)).statusCode).toBe(404);
  });

  it('opens nothing once its eater was deactivated (as an unknown link), and rates nothing', async () => {
    const x = await delivered();
    const token = await ratingLinkFor(ctx.db, x.orderId, DELIVERED);
    expect((await ctx.anon.get(`/app/rate/${token}`)).statusCode).toBe(200);
    await ctx.db.update(users).set({ active: false }).where(eq(users.id, x.eater.user.id));
    expect((await ctx.anon.get(`/app/rate/${token}`)).statusCode).toBe(404);
    expect((await ctx.anon.post(`/app/rate/${token}`, rate(x.w.main.id))).statusCode).toBe(404);
    expect(await ratingsOf(x.orderId)).toHaveLength(0);
  });

  it('is rate limited per address', async () => {
    const from = { remoteAddress: '203.0.113.77' };
    for (let i = 0; i < RATE_LINK_LIMIT.count; i++) expect((await ctx.anon.get(`/app/rate/nothing-${i}`, from)).statusCode).toBe(404);
    expect((await ctx.anon.get('/app/rate/nothing-more', from)).statusCode).toBe(429);
    expect((await ctx.anon.get('/app/rate/nothing-more', { remoteAddress: '203.0.113.78' })).statusCode).toBe(404);
  });
});
