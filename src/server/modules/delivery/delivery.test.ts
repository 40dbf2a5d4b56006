import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { and, asc, eq, inArray } from 'drizzle-orm';
// @ts-expect-error http_ece (web-push's own dependency) ships no types
import ece from 'http_ece';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { laps, mailOutbox, orderItems, orderNotices, orders, users } from '../../db/schema/index.js';
import { ORDER_STATUS } from '../orders/placed.read.js';
import type { Deps } from '../../lib/context.js';
import { createMailer } from '../../lib/mail.js';
import { signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Client } from '../../test/client.js';
import { customerAt, menuWorld } from '../ordering/ordering.factories.js';
import { makeLap } from '../laps/laps.factories.js';
import { jobs } from '../jobs.js';
import { departLap, setEstimate } from './delivery.factories.js';
import { DELAY_NOTICE_MINUTES, sendDueDeliveryNotices, type NoticeDeps } from './delivery.service.js';

const PUBLIC_URL = 'https://lunch.example.lv';

// A local push service standing in for the browsers' (as the reminders tests): records every POST.
let pushServer: Server;
let pushBase = '';
const pushed: { path: string; body: Buffer }[] = [];

let ctx: TestContext;
beforeAll(async () => {
  pushServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      pushed.push({ path: req.url ?? '', body: Buffer.concat(chunks) });
      res.statusCode = 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => pushServer.listen(0, '127.0.0.1', () => resolve()));
  const port = (pushServer.address() as { port: number }).port;
  pushBase = `http://127.0.0.1:${port}`;
  ctx = await createTestApp(
    { PUBLIC_URL },
    { pushServices: { hosts: ['127.0.0.1'], protocol: 'http:', port, publicAddressesOnly: false } },
  );
});
afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => pushServer.close(() => resolve()));
});

const noticeDeps = (deps: Deps = ctx.deps): NoticeDeps => ({ db: deps.database.db, mailer: deps.mailer, env: deps.env, push: deps });
const sweep = (menuId: number, deps?: Deps) => sendDueDeliveryNotices(noticeDeps(deps), menuId);
const mailsTo = (email: string) => ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(asc(mailOutbox.id));

/** A menu of today, a lap with two stops, an eater at each with a placed order, and kitchen staff. */
async function world(first: Parameters<typeof signedIn>[1] = {}, second: Parameters<typeof signedIn>[1] = {}) {
  ctx.clock.set(new Date('2026-03-10T08:00:00Z'));
  const now = ctx.clock.now();
  const w = await menuWorld(ctx.db, now);
  const place = async (who: Client) => {
    const res = await who.post('/app/order/create', {
      terms: true,
      dishlist_id: w.menu.id,
      items: [{ id: w.main.id, qty: 1 }],
      payment_type: 'cash',
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().order_id as number;
  };
  const a = await customerAt(ctx.db, now, { title: 'Ērgļu birojs' }, first);
  const b = await customerAt(ctx.db, now, { title: 'Šķūņa noliktava' }, second);
  const eaterA = ctx.as(a);
  const eaterB = ctx.as(b);
  const orderA = await place(eaterA);
  const orderB = await place(eaterB);
  const lap = await makeLap(ctx.db, w.provider.id, [a.location.id, b.location.id], { title: 'Rīta maršruts' });
  const staff = ctx.as(await signedIn(ctx.db, { role: 'kitchen', firstName: 'Kārlis' }, now));
  const q = `?provider_id=${w.provider.id}`;
  return { w, a, b, eaterA, eaterB, orderA, orderB, lap, staff, q };
}

const stepsOf = (body: { steps: { step: string; at: string | null }[] }) => Object.fromEntries(body.steps.map((s) => [s.step, s.at]));

describe('the order’s delivery timeline', () => {
  it('moves through accepted, cooking, on the way and delivered, each with its time', async () => {
    const x = await world();
    const url = `/app/orders/${x.orderA}/delivery`;
    const placedAt = ctx.clock.now().toISOString();
    let res = await x.eaterA.get(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      order_id: x.orderA,
      steps: [
        { step: 'accepted', at: placedAt },
        { step: 'cooking', at: null },
        { step: 'on_the_way', at: null },
        { step: 'delivered', at: null },
      ],
      window: null,
      estimate_at: null,
      late_minutes: null,
    });

    // The deadline passes: cooking, at the deadline.
    ctx.clock.set(new Date(x.w.menu.to.getTime() + 5 * 60_000));
    expect(stepsOf((await x.eaterA.get(url)).json()).cooking).toBe(x.w.menu.to.toISOString());

    // The lap departs 7 minutes late.
    const departed = new Date(x.w.menu.to.getTime() + 30 * 60_000);
    await departLap(ctx.db, x.lap.id, x.w.menu.id, departed, 7);
    res = await x.eaterA.get(url);
    expect(stepsOf(res.json()).on_the_way).toBe(departed.toISOString());
    expect(res.json().late_minutes).toBe(7);

    // The stop is marked delivered.
    ctx.clock.set(new Date(departed.getTime() + 20 * 60_000));
    const put = await x.staff.put(`/app/laps/stops/${x.w.menu.id}/${x.a.location.id}${x.q}`, { status: 'delivered' });
    expect(put.statusCode, put.body).toBe(200);
    expect(stepsOf((await x.eaterA.get(url)).json()).delivered).toBe(ctx.clock.now().toISOString());
  });

  it('counts a portion’s QR handed over as delivered, before its stop is marked, and tells the eater', async () => {
    const x = await world({}, { notifyOnDelivery: true, lang: 'en' });
    const [item] = await ctx.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, x.orderB));
    const scanned = new Date(x.w.menu.to.getTime() + 40 * 60_000);
    ctx.clock.set(scanned);
    expect((await x.staff.post(`/app/handover/${x.orderB}/${item!.id}/1${x.q}`)).statusCode).toBe(200);
    expect(stepsOf((await x.eaterB.get(`/app/orders/${x.orderB}/delivery`)).json())).toMatchObject({
      on_the_way: null,
      delivered: scanned.toISOString(),
    });
    await vi.waitFor(async () => expect((await mailsTo(x.b.user.email)).map((m) => m.subject)).toEqual(['Lunch is delivered']));
    // The other stop's order is not delivered by it.
    expect(stepsOf((await x.eaterA.get(`/app/orders/${x.orderA}/delivery`)).json()).delivered).toBeNull();
  });

  it('answers the owner and the provider’s staff; anyone else gets 404, like a missing order', async () => {
    const x = await world();
    const url = `/app/orders/${x.orderA}/delivery`;
    expect((await x.staff.get(`${url}${x.q}`)).statusCode).toBe(200);
    expect((await x.eaterB.get(url)).statusCode).toBe(404);
    expect((await x.eaterA.get(`/app/orders/${x.orderA + 1000}/delivery`)).statusCode).toBe(404);
    expect((await ctx.anon.get(url)).statusCode).toBe(401);
    // Staff looking at another provider: not theirs.
    const other = await menuWorld(ctx.db, ctx.clock.now());
    expect((await x.staff.get(`${url}?provider_id=${other.provider.id}`)).statusCode).toBe(404);
  });

  it('gives each stop its promised window from the lap’s departure and the travel minutes', async () => {
    const x = await world();
    await ctx.db.update(laps).set({ departsAt: '12:00:00' }).where(eq(laps.id, x.lap.id)); // 10:00Z in Riga, March
    // First stop: 10 travel minutes (the provider's default), a 15-minute window; the second 10 more.
    expect((await x.eaterA.get(`/app/orders/${x.orderA}/delivery`)).json().window).toEqual({
      from: '2026-03-10T10:10:00.000Z',
      to: '2026-03-10T10:25:00.000Z',
    });
    expect((await x.eaterB.get(`/app/order/delivery/${x.w.menu.id}`)).json().window).toEqual({
      from: '2026-03-10T10:20:00.000Z',
      to: '2026-03-10T10:35:00.000Z',
    });
  });

  it('gives the order page one read: the caller’s location, its window and their latest order’s timeline', async () => {
    const x = await world();
    const res = await x.eaterA.get(`/app/order/delivery/${x.w.menu.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ location_id: x.a.location.id, window: null, order: { order_id: x.orderA } });
    // Someone with no order on the menu: their own location, no order.
    const idle = ctx.as(await customerAt(ctx.db, ctx.clock.now(), { title: 'Tukšais birojs' }));
    expect((await idle.get(`/app/order/delivery/${x.w.menu.id}`)).json()).toEqual({
      location_id: idle.location.id,
      window: null,
      order: null,
    });
  });
});

describe('delivery notices', () => {
  it('tells "on the way" and "delivered" once each, in the eater’s language, however many sweeps run at once', async () => {
    const x = await world({ notifyOnTheWay: true, notifyOnDelivery: true, lang: 'ru' }, { notifyOnDelivery: true, lang: 'en' });
    await departLap(ctx.db, x.lap.id, x.w.menu.id, ctx.clock.now(), 0);
    await Promise.all([sweep(x.w.menu.id), sweep(x.w.menu.id), sweep(x.w.menu.id)]);
    let a = await mailsTo(x.a.user.email);
    expect(a.map((m) => m.subject)).toEqual(['Ваш обед в пути']);
    expect(a[0]!.text).toContain('Ērgļu birojs');
    expect(a[0]!.text).toContain(`${PUBLIC_URL}/order/${x.orderA}`);
    // B asked only for "delivered".
    expect(await mailsTo(x.b.user.email)).toHaveLength(0);

    // Marked delivered (twice, at once): the PUT sends, and says so in the answer that delivered.
    const url = `/app/laps/stops/${x.w.menu.id}/${x.a.location.id}${x.q}`;
    const [one, two] = await Promise.all([x.staff.put(url, { status: 'delivered' }), x.staff.put(url, { status: 'delivered' })]);
    expect([one.json().notified, two.json().notified].filter((n) => n !== undefined)).toEqual([1]);
    await Promise.all([sweep(x.w.menu.id), sweep(x.w.menu.id)]);
    a = await mailsTo(x.a.user.email);
    expect(a.map((m) => m.subject)).toEqual(['Ваш обед в пути', 'Обед доставлен']);
    const rows = await ctx.db.select().from(orderNotices).where(eq(orderNotices.orderId, x.orderA));
    expect(rows.map((r) => `${r.kind}/${r.channel}`).sort()).toEqual(['delivered/email', 'on_the_way/email']);

    await x.staff.put(`/app/laps/stops/${x.w.menu.id}/${x.b.location.id}${x.q}`, { status: 'delivered' });
    expect((await mailsTo(x.b.user.email)).map((m) => m.subject)).toEqual(['Lunch is delivered']);
  });

  it('sends once across two app instances sweeping at the same moment', async () => {
    const x = await world({ notifyOnTheWay: true }, { notifyOnTheWay: true, lang: 'lv' });
    await departLap(ctx.db, x.lap.id, x.w.menu.id, ctx.clock.now(), 0);
    const mailer = createMailer(ctx.db, { smtpUrl: ctx.deps.env.SMTP_URL, from: ctx.deps.env.MAIL_FROM });
    const deps: Deps = { ...ctx.deps, mailer };
    const other = await buildApp(deps, { serveWeb: false, logger: false });
    await other.ready();
    try {
      await Promise.all([sweep(x.w.menu.id, deps), sweep(x.w.menu.id), sweep(x.w.menu.id, deps), sweep(x.w.menu.id)]);
    } finally {
      await other.close();
      mailer.close();
    }
    expect(await mailsTo(x.a.user.email)).toHaveLength(1);
    expect((await mailsTo(x.b.user.email)).map((m) => m.subject)).toEqual(['Jūsu pusdienas ir ceļā']);
  });

  it('tells a delay to the eaters of the stop who chose either notice, once per new estimate and once for a late departure', async () => {
    const x = await world({ notifyOnDelivery: true, lang: 'en' }, { notifyOnTheWay: true, lang: 'en' });
    const quiet = await customerAt(ctx.db, ctx.clock.now(), { title: 'Klusais birojs' });
    await ctx.db.update(users).set({ locationId: x.a.location.id }).where(eq(users.id, quiet.user.id));
    const estimate = new Date('2026-03-10T11:40:00Z'); // 13:40 in Riga
    await setEstimate(ctx.db, x.w.menu.id, x.a.location.id, estimate, ctx.clock.now());
    await sweep(x.w.menu.id);
    await sweep(x.w.menu.id);
    let a = await mailsTo(x.a.user.email);
    expect(a.map((m) => m.subject)).toEqual(['Your lunch is running late']);
    expect(a[0]!.text).toContain('It is now expected at 13:40.');
    // B's stop has no estimate: nothing.
    expect(await mailsTo(x.b.user.email)).toHaveLength(0);

    // A new estimate: told again, once; the same one again: nothing.
    await setEstimate(ctx.db, x.w.menu.id, x.a.location.id, new Date('2026-03-10T12:05:00Z'), ctx.clock.now());
    await Promise.all([sweep(x.w.menu.id), sweep(x.w.menu.id)]);
    a = await mailsTo(x.a.user.email);
    expect(a).toHaveLength(2);
    expect(a[1]!.text).toContain('It is now expected at 14:05.');
    const keys = await ctx.db
      .select({ key: orderNotices.key })
      .from(orderNotices)
      .where(and(eq(orderNotices.orderId, x.orderA), eq(orderNotices.kind, 'delay')))
      .orderBy(asc(orderNotices.key));
    expect(keys.map((k) => k.key)).toEqual(['2026-03-10T11:40:00.000Z', '2026-03-10T12:05:00.000Z']);

    // The lap leaves 12 minutes late: both stops' eaters hear it (with "on the way" for B, who chose it).
    await departLap(ctx.db, x.lap.id, x.w.menu.id, new Date('2026-03-10T10:42:00Z'), 12);
    await sweep(x.w.menu.id);
    await sweep(x.w.menu.id);
    const b = await mailsTo(x.b.user.email);
    expect(b.map((m) => m.subject).sort()).toEqual(['Your lunch is on the way', 'Your lunch is running late']);
    expect(b.find((m) => m.subject === 'Your lunch is running late')!.text).toContain('left the kitchen 12 min late, at 12:42.');
    expect(await mailsTo(x.a.user.email)).toHaveLength(3);
  });

  it('tells no delay for a departure 4 minutes late (under DELAY_NOTICE_MINUTES); on the way still goes', async () => {
    expect(DELAY_NOTICE_MINUTES).toBe(5);
    const x = await world({ notifyOnTheWay: true, lang: 'en' });
    await departLap(ctx.db, x.lap.id, x.w.menu.id, new Date('2026-03-10T10:34:00Z'), 4);
    await sweep(x.w.menu.id);
    expect((await mailsTo(x.a.user.email)).map((m) => m.subject)).toEqual(['Your lunch is on the way']);
  });

  it('pushes to the browsers of an eater who subscribed, once, in their language', async () => {
    const x = await world({ notifyOnTheWay: true });
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const endpoint = `${pushBase}/push/${randomBytes(4).toString('hex')}`;
    const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') };
    expect((await x.eaterA.post('/app/push/subscriptions?lang=ru', { endpoint, keys })).statusCode).toBe(200);
    // The profile saved in Russian: the notices are written in it.
    expect((await x.eaterA.post('/app/me?lang=ru', { notify_on_the_way: true })).statusCode).toBe(200);
    await departLap(ctx.db, x.lap.id, x.w.menu.id, ctx.clock.now(), 0);
    await Promise.all([sweep(x.w.menu.id), sweep(x.w.menu.id)]);
    const got = pushed.filter((p) => endpoint.endsWith(p.path));
    expect(got).toHaveLength(1);
    const message = JSON.parse(
      (ece.decrypt(got[0]!.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }) as Buffer).toString('utf8'),
    ) as { title: string; body: string; url: string };
    expect(message).toMatchObject({
      title: 'Ваш обед в пути',
      body: 'Обед для Ērgļu birojs выехал с кухни.',
      url: `${PUBLIC_URL}/order/${x.orderA}`,
    });
  });

  it('never tells "delivered" again for a stop the earlier e-mail already told', async () => {
    const x = await world({ notifyOnDelivery: true });
    const { lapStopStatuses } = await import('../../db/schema/index.js');
    const now = ctx.clock.now();
    await ctx.db.insert(lapStopStatuses).values({
      menuId: x.w.menu.id,
      locationId: x.a.location.id,
      status: 'delivered',
      changedAt: now,
      deliveredAt: now,
      noticeSentAt: now,
    });
    await sweep(x.w.menu.id);
    expect(await mailsTo(x.a.user.email)).toHaveLength(0);
  });

  it('tells nobody whose order was cancelled, who was deactivated or who turned the notices off after ordering', async () => {
    const both = { notifyOnTheWay: true, notifyOnDelivery: true, lang: 'en' as const };
    const x = await world(both, both);
    await ctx.db.update(orders).set({ status: ORDER_STATUS.cancelled }).where(eq(orders.id, x.orderA));
    await ctx.db.update(users).set({ active: false }).where(eq(users.id, x.b.user.id));
    await departLap(ctx.db, x.lap.id, x.w.menu.id, ctx.clock.now(), 5);
    await sweep(x.w.menu.id);
    // B back, but with both notices off: no delay for a new estimate, no "delivered".
    await ctx.db.update(users).set({ active: true, notifyOnTheWay: false, notifyOnDelivery: false }).where(eq(users.id, x.b.user.id));
    await setEstimate(ctx.db, x.w.menu.id, x.b.location.id, new Date(ctx.clock.now().getTime() + 40 * 60_000), ctx.clock.now());
    await sweep(x.w.menu.id);
    await x.staff.put(`/app/laps/stops/${x.w.menu.id}/${x.b.location.id}${x.q}`, { status: 'delivered' });
    expect(await mailsTo(x.a.user.email)).toHaveLength(0);
    expect(await mailsTo(x.b.user.email)).toHaveLength(0);
    expect(
      await ctx.db
        .select()
        .from(orderNotices)
        .where(inArray(orderNotices.orderId, [x.orderA, x.orderB])),
    ).toHaveLength(0);
  });

  it('tells "on the way" when staff depart the lap through the API', async () => {
    const x = await world({ notifyOnTheWay: true, lang: 'en' });
    const res = await x.staff.post(`/app/laps/${x.lap.id}/runs/${x.w.menu.id}/depart${x.q}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await mailsTo(x.a.user.email)).map((m) => m.subject)).toEqual(['Your lunch is on the way']);
    expect(stepsOf((await x.eaterA.get(`/app/orders/${x.orderA}/delivery`)).json()).on_the_way).toBe(ctx.clock.now().toISOString());
  });

  it('runs every minute for today’s menus as a job', async () => {
    const x = await world({ notifyOnTheWay: true });
    await departLap(ctx.db, x.lap.id, x.w.menu.id, ctx.clock.now(), 0);
    const job = jobs.find((j) => j.name === 'delivery-notices')!;
    expect(job.cron).toBe('* * * * *');
    await job.handler(ctx.jobDeps);
    expect(await mailsTo(x.a.user.email)).toHaveLength(1);
  });
});
