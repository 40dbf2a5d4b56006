import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { and, eq } from 'drizzle-orm';
// @ts-expect-error http_ece (web-push's own dependency) ships no types
import ece from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { mailOutbox, pushSubscriptions, remindersSent, users } from '../../db/schema/index.js';
import type { Deps } from '../../lib/context.js';
import { createMailer } from '../../lib/mail.js';
import { makeLocation, makeUser, signedIn } from '../../test/factories.js';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from '../../test/smtp.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Client } from '../../test/client.js';
import { makeMenu, menuWorld, setBalance } from '../ordering/ordering.factories.js';
import { placedOrder } from '../teams/teams.factories.js';
import { measuredRun } from '../../lib/jobs.js';
import { jobs } from '../jobs.js';
import { BROWSER_PUSH_SERVICES, isPublicAddress, pushEndpoint, PushTargetRefused } from '../../lib/push-services.js';
import { sendPush, vapidKeys } from './push.js';
import { sendDueReminders } from './reminders.service.js';

const PUBLIC_URL = 'https://lunch.example.lv';

// A real SMTP conversation with an in-process server on 127.0.0.1 (as lib/mail.test.ts).
let smtp: TestSmtp;
let received: ReceivedMail[] = [];
// A local push service: records every POST and answers with `pushStatus`.
let pushServer: Server;
let pushBase = '';
let pushPort = 0;
let pushStatus = 201;
const pushed: { path: string; headers: IncomingHttpHeaders; body: Buffer }[] = [];

let ctx: TestContext;
beforeAll(async () => {
  smtp = await startTestSmtp();
  received = smtp.received;
  pushServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      pushed.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = pushStatus;
      res.end();
    });
  });
  await new Promise<void>((resolve) => pushServer.listen(0, '127.0.0.1', () => resolve()));
  pushPort = (pushServer.address() as { port: number }).port;
  pushBase = `http://127.0.0.1:${pushPort}`;
  // The one way to reach the local stand-in: the push services injected through deps (no setting does it).
  ctx = await createTestApp(
    { PUBLIC_URL, SMTP_URL: smtp.url },
    { pushServices: { hosts: ['127.0.0.1'], protocol: 'http:', port: pushPort, publicAddressesOnly: false } },
  );
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
  await new Promise<void>((resolve) => pushServer.close(() => resolve()));
});

/** Runs the sweep as the job does and waits for the SMTP deliveries it started. */
async function sweep(deps: Deps = ctx.deps) {
  const run = await sendDueReminders(deps);
  await deps.mailer.idle();
  return run;
}
const mailsTo = (email: string) => received.filter((m) => m.to === email);
/** What the app wrote to a user (the outbox keeps subject and text as sent), newest last. */
const outboxTo = (email: string) => ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.id);
const textTo = async (email: string) => (await outboxTo(email)).at(-1)!.text;

/** A provider with a menu whose deadline is `minutesLeft` from now, and a customer with the flag on. */
async function world(minutesLeft = 30, provider: Parameters<typeof menuWorld>[2] = {}) {
  const now = ctx.clock.now();
  const w = await menuWorld(ctx.db, now, provider);
  const menu = await makeMenu(ctx.db, {
    providerId: w.provider.id,
    title: 'Pirmdienas pusdienas',
    from: new Date(now.getTime() - 3600_000),
    to: new Date(now.getTime() + minutesLeft * 60_000),
  });
  const { addToMenu } = await import('../ordering/ordering.factories.js');
  await addToMenu(ctx.db, menu.id, w.main);
  await addToMenu(ctx.db, menu.id, w.soup);
  // The world's own menu (deadline in 2 hours) is not due with the default 60 minutes.
  const location = await makeLocation(ctx.db);
  const customer = await makeUser(ctx.db, { role: 'customer', locationId: location.id, remindToMakeOrder: true, firstName: 'Anna' });
  return { ...w, menu, location, customer };
}

describe('reminder e-mails', () => {
  it('go once to a customer who has not ordered, in their language, with the deadline in the provider zone, the menu link and an unsubscribe link; not to one who has', async () => {
    ctx.clock.set(new Date('2026-03-02T08:00:00Z'));
    const w = await world(30, { timezone: 'Asia/Tokyo' });
    await ctx.db.update(users).set({ lang: 'ru' }).where(eq(users.id, w.customer.id));
    const ordered = await makeUser(ctx.db, { role: 'customer', locationId: w.location.id, remindToMakeOrder: true });
    await placedOrder(ctx.db, { menuId: w.menu.id, userId: ordered.id, locationId: w.location.id, amountCents: 550, lines: [] });
    // A pending (unpaid) order is not an order yet: still reminded.
    const pending = await makeUser(ctx.db, { role: 'customer', locationId: w.location.id, remindToMakeOrder: true });
    await placedOrder(ctx.db, { menuId: w.menu.id, userId: pending.id, locationId: w.location.id, amountCents: 550, status: 1, lines: [] });
    const noFlag = await makeUser(ctx.db, { role: 'customer', locationId: w.location.id, remindToMakeOrder: false });
    const inactive = await makeUser(ctx.db, { role: 'customer', locationId: w.location.id, remindToMakeOrder: true, active: false });
    const staff = await makeUser(ctx.db, { role: 'kitchen', remindToMakeOrder: true });

    await sweep();
    const mails = mailsTo(w.customer.email);
    expect(mails).toHaveLength(1);
    // Headers unfolded (RFC 5322: a long header continues on lines that start with a space).
    const raw = mails[0]!.raw.replace(/\r\n(?=[ \t])/g, '');
    const text = await textTo(w.customer.email);
    // Russian, deadline 08:30 UTC = 17:30 in Tokyo.
    expect(text).toContain('Заказы принимаются до 17:30 02.03.2026');
    expect(text).toContain('«Pirmdienas pusdienas»');
    expect(text).toContain(`${PUBLIC_URL}/order?dishlist=${w.menu.id}&provider_id=${w.provider.id}`);
    expect(text).toMatch(new RegExp(`${PUBLIC_URL}/reminders/unsubscribe\\?token=${w.customer.id}\\.[A-Za-z0-9_-]{43}`));
    // RFC 8058 one-click unsubscribe headers.
    expect(raw).toMatch(new RegExp(`List-Unsubscribe: <${PUBLIC_URL}/app/reminders/unsubscribe\\?token=${w.customer.id}\\.`));
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    expect(mailsTo(pending.email)).toHaveLength(1);
    for (const u of [ordered, noFlag, inactive, staff]) expect(mailsTo(u.email)).toHaveLength(0);

    // The next minute's run (and a run after a restart: a new instance) sends nothing again.
    ctx.clock.advance(60_000);
    await sweep();
    const restarted = await secondInstance();
    await sweep(restarted.deps);
    await restarted.close();
    expect(mailsTo(w.customer.email)).toHaveLength(1);
  });

  it('are written in the language the profile was last saved in', async () => {
    ctx.clock.set(new Date('2026-03-03T08:00:00Z'));
    const w = await world(45);
    const who = ctx.as(await signedIn(ctx.db, { role: 'customer', locationId: w.location.id, remindToMakeOrder: false }));
    const save = await who.post('/app/me?lang=en', { remind_to_make_order: true });
    expect(save.statusCode).toBe(200);
    await sweep();
    expect(mailsTo(who.user.email)).toHaveLength(1);
    const [mail] = await outboxTo(who.user.email);
    expect(mail!.text).toContain('Orders are taken until 10:45 03.03.2026'); // Europe/Riga, UTC+2
    expect(mail!.subject).toBe('Reminder: order lunch by 10:45 03.03.2026');
  });

  it('two instances running the job at the same moment send one e-mail per user and menu', async () => {
    ctx.clock.set(new Date('2026-03-04T08:00:00Z'));
    const w = await world(20);
    const more = await Promise.all(
      [1, 2, 3].map(() => makeUser(ctx.db, { role: 'customer', locationId: w.location.id, remindToMakeOrder: true })),
    );
    const other = await secondInstance();
    await Promise.all([sweep(), sweep(other.deps), sweep(), sweep(other.deps)]);
    await other.close();
    for (const u of [w.customer, ...more]) {
      expect(mailsTo(u.email)).toHaveLength(1);
      const outbox = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email));
      expect(outbox).toHaveLength(1);
      expect(outbox[0]!.status).toBe('sent');
    }
    // Every customer with the flag on is reminded of this menu once: as many mails as guard rows.
    const guard = await ctx.db
      .select()
      .from(remindersSent)
      .where(and(eq(remindersSent.menuId, w.menu.id), eq(remindersSent.channel, 'email')));
    const link = `dishlist=${w.menu.id}&`;
    const mails = (await ctx.db.select().from(mailOutbox)).filter((m) => m.text.includes(link));
    expect(mails).toHaveLength(guard.length);
    expect(new Set(mails.map((m) => m.to)).size).toBe(mails.length);
    expect(guard.length).toBeGreaterThanOrEqual(4);
  });

  it('are not sent before their time, after the deadline, for a closed menu, an inactive provider or a menu with no dish left', async () => {
    ctx.clock.set(new Date('2026-03-05T08:00:00Z'));
    const early = await world(61); // default 60 minutes: not yet
    await sweep();
    expect(mailsTo(early.customer.email)).toHaveLength(0);
    ctx.clock.advance(2 * 60_000); // now 59 minutes left: due
    await sweep();
    expect(mailsTo(early.customer.email)).toHaveLength(1);

    ctx.clock.set(new Date('2026-03-06T08:00:00Z'));
    const late = await world(30);
    ctx.clock.advance(31 * 60_000); // the deadline passed before any run
    await sweep();
    expect(mailsTo(late.customer.email)).toHaveLength(0);

    ctx.clock.set(new Date('2026-03-07T08:00:00Z'));
    const closed = await world(30);
    const { menus, providers } = await import('../../db/schema/index.js');
    await ctx.db.update(menus).set({ status: false }).where(eq(menus.id, closed.menu.id));
    const offProvider = await world(30);
    await ctx.db.update(providers).set({ status: false }).where(eq(providers.id, offProvider.provider.id));
    const soldOut = await world(30);
    await setBalance(ctx.db, soldOut.menu.id, soldOut.main.id, 0);
    await setBalance(ctx.db, soldOut.menu.id, soldOut.soup.id, 0);
    await sweep();
    for (const w of [closed, offProvider, soldOut]) expect(mailsTo(w.customer.email)).toHaveLength(0);
    // One dish back in stock: the reminder goes.
    await setBalance(ctx.db, soldOut.menu.id, soldOut.soup.id, 1);
    await sweep();
    expect(mailsTo(soldOut.customer.email)).toHaveLength(1);
  });

  it('follow the provider reminder minutes an administrator sets', async () => {
    ctx.clock.set(new Date('2026-03-08T08:00:00Z'));
    const w = await world(100);
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    const customer = ctx.as(await signedIn(ctx.db, { role: 'customer' }));
    const put = (who: Client, minutes: number) => who.put(`/app/providers/${w.provider.id}`, { reminder_minutes: minutes });
    expect((await put(customer, 120)).statusCode).toBe(403);
    expect((await put(admin, 0)).statusCode).toBe(422);
    expect((await put(admin, 1441)).statusCode).toBe(422);
    await sweep();
    expect(mailsTo(w.customer.email)).toHaveLength(0);
    const saved = await put(admin, 110);
    expect(saved.json()).toMatchObject({ reminder_minutes: 110 });
    await sweep();
    expect(mailsTo(w.customer.email)).toHaveLength(1);
  });
});

describe('unsubscribe link', () => {
  it('clears the flag without signing in; a changed token is refused; the one-click POST works too', async () => {
    ctx.clock.set(new Date('2026-03-09T08:00:00Z'));
    const w = await world(30);
    await sweep();
    const text = await textTo(w.customer.email);
    const token = /unsubscribe\?token=([\w.-]+)/.exec(text)![1]!;
    const post = (payload: object, url = '/app/reminders/unsubscribe?lang=en') => ctx.anon.post(url, payload);

    const forged = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    const refused = await post({ token: forged });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.token).toEqual(['This link is outdated or invalid.']);
    // Someone else's id with this user's signature.
    expect((await post({ token: token.replace(/^\d+/, String(w.customer.id + 1)) })).statusCode).toBe(422);
    const flag = async () => (await ctx.db.select().from(users).where(eq(users.id, w.customer.id)))[0]!.remindToMakeOrder;
    expect(await flag()).toBe(true);

    const done = await post({ token });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toContain('no longer get reminders');
    expect(await flag()).toBe(false);

    // RFC 8058: a mail client POSTs List-Unsubscribe=One-Click to the header's address.
    await ctx.db.update(users).set({ remindToMakeOrder: true }).where(eq(users.id, w.customer.id));
    const oneClick = await ctx.anon.post(`/app/reminders/unsubscribe?token=${encodeURIComponent(token)}`, 'List-Unsubscribe=One-Click', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.statusCode).toBe(200);
    expect(await flag()).toBe(false);
  });
});

describe('the pg-boss job', () => {
  it('is scheduled every minute and runs the sweep', async () => {
    const job = jobs.find((j) => j.name === 'reminders');
    expect(job?.cron).toBe('* * * * *');
    ctx.clock.set(new Date('2026-03-12T08:00:00Z'));
    const w = await world(30);
    await measuredRun(job!, ctx.jobDeps)([{ startAfter: ctx.clock.now() }]);
    await ctx.deps.mailer.idle();
    expect(mailsTo(w.customer.email)).toHaveLength(1);
  });
});

describe('run now', () => {
  it('is for administrators only', async () => {
    const customer = ctx.as(await signedIn(ctx.db, { role: 'customer' }));
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    expect((await ctx.anon.post('/app/reminders/run')).statusCode).toBe(401);
    expect((await customer.post('/app/reminders/run')).statusCode).toBe(403);
    const run = await admin.post('/app/reminders/run');
    expect(run.statusCode).toBe(200);
    expect(run.json()).toEqual({ email: expect.any(Number), push: expect.any(Number) });
  });
});

describe('web push', () => {
  /** A browser's subscription: its own key pair and auth secret, as PushManager makes them. */
  function browserKeys() {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
  }

  it('sends an encrypted push with VAPID to a subscribed user, once; a gone subscription is removed', async () => {
    ctx.clock.set(new Date('2026-03-10T08:00:00Z'));
    const w = await world(30);
    const who = ctx.as(await signedIn(ctx.db, { role: 'customer', locationId: w.location.id, remindToMakeOrder: true }));
    const key = await who.get('/app/push/key');
    expect(key.statusCode).toBe(200);
    const publicKey: string = key.json().public_key;
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    // The private half is sealed in the database, never stored as it is.
    const stored = await vapidKeys(ctx.db, ctx.deps.env);
    const { settings } = await import('../../db/schema/index.js');
    const row = (await ctx.db.select().from(settings).where(eq(settings.key, 'vapid_keys')))[0]!;
    expect(JSON.stringify(row.value)).not.toContain(stored.privateKey);

    const browser = browserKeys();
    const endpoint = `${pushBase}/push/${randomBytes(4).toString('hex')}`;
    expect((await who.post('/app/push/subscriptions?lang=en', { endpoint, keys: browser.keys })).statusCode).toBe(200);

    await sweep();
    await sweep();
    const got = pushed.filter((p) => endpoint.endsWith(p.path));
    expect(got).toHaveLength(1);
    const req = got[0]!;
    expect(req.headers['content-encoding']).toBe('aes128gcm');
    expect(req.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
    const message = JSON.parse(
      (ece.decrypt(req.body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth }) as Buffer).toString('utf8'),
    ) as { title: string; body: string; url: string };
    expect(message.title).toBe('Order lunch by 10:30 10.03.2026');
    expect(message.url).toBe(`${PUBLIC_URL}/order?dishlist=${w.menu.id}&provider_id=${w.provider.id}`);
    // The e-mail went too.
    expect(mailsTo(who.user.email)).toHaveLength(1);

    // The push service says the subscription is gone: it is removed.
    ctx.clock.set(new Date('2026-03-11T08:00:00Z'));
    const next = await world(30);
    await ctx.db.update(users).set({ locationId: next.location.id }).where(eq(users.id, who.user.id));
    pushStatus = 410;
    await sweep();
    pushStatus = 201;
    expect(await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toHaveLength(0);
  });

  it('subscriptions are the caller’s own: removing another user’s endpoint does nothing', async () => {
    const a = ctx.as(await signedIn(ctx.db, { role: 'customer' }));
    const b = ctx.as(await signedIn(ctx.db, { role: 'customer' }));
    const endpoint = `${pushBase}/push/${randomBytes(4).toString('hex')}`;
    await a.post('/app/push/subscriptions', { endpoint, keys: browserKeys().keys });
    await b.post('/app/push/subscriptions/remove', { endpoint });
    expect(await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toHaveLength(1);
    await a.post('/app/push/subscriptions/remove', { endpoint });
    expect(await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toHaveLength(0);
    expect((await ctx.anon.post('/app/push/subscriptions', { endpoint, keys: browserKeys().keys })).statusCode).toBe(401);
  });
});

describe('push endpoints (no SSRF)', () => {
  function browserKeys() {
    return { p256dh: randomBytes(65).toString('base64url'), auth: randomBytes(16).toString('base64url') };
  }
  const subscribe = (who: Client, endpoint: string, keys = browserKeys()) => who.post('/app/push/subscriptions', { endpoint, keys });

  it('accepts only the browsers’ push services, on https port 443', async () => {
    const app = await createTestApp();
    try {
      const who = app.as(await signedIn(app.db, { role: 'customer' }));
      for (const endpoint of [
        'https://169.254.169.254/latest/meta-data/',
        'https://localhost/push/1',
        'https://127.0.0.1/push/1',
        'https://[::1]/push/1',
        'https://10.0.0.5/push/1',
        'https://intranet.example.lv/push/1',
        'https://fcm.googleapis.com:8443/fcm/send/abc',
        'http://fcm.googleapis.com/fcm/send/abc',
        'https://fcm.googleapis.com.attacker.example/fcm/send/abc',
        'https://evilfcm.googleapis.com.example/x',
        'https://user:pw@fcm.googleapis.com/fcm/send/abc',
        `${pushBase}/push/1`,
      ]) {
        const res = await app.as(who).post('/app/push/subscriptions', { endpoint, keys: browserKeys() });
        expect(res.statusCode, endpoint).toBe(422);
      }
      expect(await app.db.select().from(pushSubscriptions)).toHaveLength(0);
      for (const endpoint of [
        'https://fcm.googleapis.com/fcm/send/abc:def',
        'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
        'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAA',
        'https://web.push.apple.com/QGuQyavXutnMH',
        'https://fcm.googleapis.com:443/fcm/send/xyz',
      ]) {
        const res = await app.as(who).post('/app/push/subscriptions', { endpoint, keys: browserKeys() });
        expect(res.statusCode, endpoint).toBe(200);
      }
    } finally {
      await app.close();
    }
  });

  it('are checked again at send time: a stored endpoint that is not a push service is never POSTed to, and is forgotten', async () => {
    ctx.clock.set(new Date('2026-03-20T08:00:00Z'));
    const w = await world(30);
    const who = ctx.as(await signedIn(ctx.db, { role: 'customer', locationId: w.location.id, remindToMakeOrder: true }));
    // Stored before the check existed (or by any other path): a port of this machine.
    const endpoint = `${pushBase}/internal/${randomBytes(4).toString('hex')}`;
    await ctx.db.insert(pushSubscriptions).values({ userId: who.user.id, endpoint, ...browserKeys() });
    const before = pushed.length;
    const run = await sweep({ ...ctx.deps, pushServices: undefined });
    expect(pushed.length).toBe(before);
    expect(run.push).toBe(0);
    expect(await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toHaveLength(0);
    // The e-mail still went.
    expect(mailsTo(who.user.email)).toHaveLength(1);
  });

  it('refuse at send time a push service name that resolves to a non-public address', async () => {
    ctx.clock.set(new Date('2026-03-21T08:00:00Z'));
    const w = await world(30);
    const who = ctx.as(await signedIn(ctx.db, { role: 'customer', locationId: w.location.id, remindToMakeOrder: true }));
    // A push service whose name resolves to loopback (as a rebinding DNS answer would make it).
    const services = { hosts: ['localhost'], protocol: 'http:' as const, port: pushPort, publicAddressesOnly: true };
    const endpoint = `http://localhost:${pushPort}/push/${randomBytes(4).toString('hex')}`;
    expect(pushEndpoint(services, endpoint)).not.toBeNull();
    await ctx.db.insert(pushSubscriptions).values({ userId: who.user.id, endpoint, ...browserKeys() });
    // The same name and port reach the stand-in when non-public addresses are allowed (the tests' own policy)...
    const vapid = await vapidKeys(ctx.db, ctx.deps.env);
    const target = { id: 0, endpoint, ...browserKeys() };
    target.p256dh = createECDH('prime256v1').generateKeys().toString('base64url');
    const before = pushed.length;
    expect(await sendPush(target, '{}', vapid, 'mailto:a@b.lv', { ...services, publicAddressesOnly: false })).toBe(201);
    expect(pushed.length).toBe(before + 1);
    // ...and are refused when they are not, before anything is sent.
    await expect(sendPush(target, '{}', vapid, 'mailto:a@b.lv', services)).rejects.toBeInstanceOf(PushTargetRefused);
    const run = await sweep({ ...ctx.deps, pushServices: services });
    expect(pushed.length).toBe(before + 1);
    expect(run.push).toBe(0);
    // Skipped, not forgotten: the name may answer properly again.
    expect(await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toHaveLength(1);
    await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  });

  it('tells public addresses from loopback, private, link-local, metadata and reserved ones', () => {
    for (const a of ['8.8.8.8', '142.250.74.10', '2a00:1450:4001:82b::200a', '::ffff:8.8.8.8']) expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::a9fe:a9fe',
      'not-an-address',
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    expect(BROWSER_PUSH_SERVICES.publicAddressesOnly).toBe(true);
  });

  it('another user who knows an endpoint cannot take it over; the browser holding it (its keys) can move it', async () => {
    const a = ctx.as(await signedIn(ctx.db, { role: 'customer' }));
    const b = ctx.as(await signedIn(ctx.db, { role: 'customer' }));
    const endpoint = `${pushBase}/push/${randomBytes(4).toString('hex')}`;
    const keys = browserKeys();
    expect((await subscribe(a, endpoint, keys)).statusCode).toBe(200);
    const owner = async () => (await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0]!;

    // B knows the endpoint, not the keys: the same answer, but nothing moves and A's keys stay.
    const claim = await subscribe(b, endpoint, browserKeys());
    expect(claim.statusCode).toBe(200);
    expect((await owner()).userId).toBe(a.user.id);
    expect((await owner()).auth).toBe(keys.auth);
    expect((await subscribe(b, endpoint, { p256dh: keys.p256dh, auth: browserKeys().auth })).statusCode).toBe(200);
    expect((await owner()).userId).toBe(a.user.id);

    // The same browser, now signed in as B, sends the subscription it holds: it moves.
    expect((await subscribe(b, endpoint, keys)).statusCode).toBe(200);
    expect((await owner()).userId).toBe(b.user.id);
    // The owner may renew their own keys.
    const renewed = browserKeys();
    expect((await subscribe(b, endpoint, renewed)).statusCode).toBe(200);
    expect((await owner()).auth).toBe(renewed.auth);
  });
});

/** Another app instance on the same database (its own mailer, same SMTP server and clock). */
async function secondInstance() {
  const mailer = createMailer(ctx.db, { smtpUrl: ctx.deps.env.SMTP_URL, from: ctx.deps.env.MAIL_FROM });
  const deps: Deps = { ...ctx.deps, mailer };
  const app = await buildApp(deps, { serveWeb: false, logger: false });
  await app.ready();
  return {
    deps,
    async close() {
      await app.close();
      mailer.close();
    },
  };
}
