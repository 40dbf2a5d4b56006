import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { announcementDeliveries, announcementRecipients, announcements, mailOutbox, pushSubscriptions } from '../../db/schema/index.js';
import type { Deps } from '../../lib/context.js';
import { createMailer } from '../../lib/mail.js';
import { makeLocation, makeUser } from '../../test/factories.js';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from '../../test/smtp.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { dispatchAnnouncements } from './announcements.dispatch.js';
import { createSystemAnnouncement } from './announcements.system.js';

// A real SMTP server (refusing BOUNCE with 550) and a local push service, as reminders.test.ts.
const BOUNCE = 'gone@test.lv';
let smtp: TestSmtp;
let received: ReceivedMail[] = [];
let pushServer: Server;
let pushPort = 0;
const pushed: string[] = [];
let ctx: TestContext;

beforeAll(async () => {
  smtp = await startTestSmtp((address) => (address === BOUNCE ? 550 : null));
  received = smtp.received;
  pushServer = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      pushed.push(req.url ?? '');
      res.statusCode = 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => pushServer.listen(0, '127.0.0.1', () => resolve()));
  pushPort = (pushServer.address() as { port: number }).port;
  ctx = await createTestApp(
    { SMTP_URL: smtp.url },
    { pushServices: { hosts: ['127.0.0.1'], protocol: 'http:', port: pushPort, publicAddressesOnly: false } },
  );
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
  await new Promise<void>((resolve) => pushServer.close(() => resolve()));
});

/** Another app instance on the same database: its own app and mailer, same SMTP server and clock. */
async function secondInstance() {
  const mailer = createMailer(ctx.db, { smtpUrl: ctx.deps.env.SMTP_URL, from: ctx.deps.env.MAIL_FROM });
  const deps: Deps = { ...ctx.deps, mailer };
  const app = await buildApp(deps, { serveWeb: false, logger: false });
  await app.ready();
  return { deps, close: async () => (await app.close(), mailer.close()) };
}

async function subscribe(userId: number) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  await ctx.db.insert(pushSubscriptions).values({
    userId,
    endpoint: `http://127.0.0.1:${pushPort}/push/${userId}-${randomBytes(4).toString('hex')}`,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  });
}

const all = { lv: 'Paziņojums', en: 'Notice' };

it('two instances dispatching at once: each person one e-mail and one push; a bounce is counted on the reach', async () => {
  const location = await makeLocation(ctx.db);
  const people = await Promise.all([1, 2, 3, 4].map(() => makeUser(ctx.db, { role: 'customer', locationId: location.id })));
  const bounced = await makeUser(ctx.db, { role: 'customer', locationId: location.id, email: BOUNCE });
  const noPush = people[3]!;
  for (const p of [...people.slice(0, 3), bounced]) await subscribe(p.id);
  const id = await createSystemAnnouncement(ctx.db, {
    kind: 'delivery-problem',
    providerId: null,
    title: all,
    body: { lv: 'Teksts', en: 'Text' },
    userIds: [...people, bounced].map((p) => p.id),
    channels: ['banner', 'email', 'push'],
    now: ctx.clock.now(),
  });
  const other = await secondInstance();
  await Promise.all([
    dispatchAnnouncements(ctx.deps),
    dispatchAnnouncements(other.deps),
    dispatchAnnouncements(ctx.deps),
    dispatchAnnouncements(other.deps),
  ]);
  await Promise.all([ctx.deps.mailer.idle(), other.deps.mailer.idle()]);
  await other.close();

  for (const p of people) expect(received.filter((m) => m.to === p.email)).toHaveLength(1);
  expect(received.filter((m) => m.to === BOUNCE)).toHaveLength(0);
  for (const p of people.slice(0, 3)) expect(pushed.filter((u) => u.startsWith(`/push/${p.id}-`))).toHaveLength(1);
  const [row] = await ctx.db.select().from(announcements).where(eq(announcements.id, id));
  expect(row!.status).toBe('sent');
  const reach = (await (await ctx.as('admin')).get(`/app/announcements/${id}`)).json().reach;
  expect(reach).toMatchObject({
    recipients: 5,
    email_sent: 4,
    email_bounced: 1,
    email_failed: 0,
    push_sent: 4,
    push_skipped: 1,
    push_failed: 0,
  });
  const deliveries = await ctx.db.select().from(announcementDeliveries).where(eq(announcementDeliveries.announcementId, id));
  expect(deliveries.find((d) => d.userId === noPush.id && d.channel === 'push')!.status).toBe('skipped');
  // The next run (another minute, or after a restart) sends nothing again.
  await dispatchAnnouncements(ctx.deps);
  await ctx.deps.mailer.idle();
  for (const p of people) expect(received.filter((m) => m.to === p.email)).toHaveLength(1);
});

it('a run that stopped half-way is resumed without sending anyone a second e-mail', async () => {
  const location = await makeLocation(ctx.db);
  const [done, todo] = await Promise.all([1, 2].map(() => makeUser(ctx.db, { role: 'customer', locationId: location.id, lang: 'ru' })));
  // The state a crash leaves: claimed ('sending'), recipients recorded, one e-mail already sent.
  const [a] = await ctx.db
    .insert(announcements)
    .values({
      title: all,
      body: { lv: 'Teksts' },
      audience: { kind: 'locations', ids: [location.id] },
      channels: ['email'],
      status: 'sending',
      sentAt: ctx.clock.now(),
    })
    .returning();
  await ctx.db.insert(announcementRecipients).values([done!, todo!].map((u) => ({ announcementId: a!.id, userId: u.id })));
  await ctx.db.insert(announcementDeliveries).values({ announcementId: a!.id, userId: done!.id, channel: 'email' });
  await dispatchAnnouncements(ctx.deps);
  await ctx.deps.mailer.idle();
  expect(received.filter((m) => m.to === done!.email)).toHaveLength(0);
  expect(received.filter((m) => m.to === todo!.email)).toHaveLength(1);
  // Russian reader, Latvian text: the mail says so.
  const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, todo!.email));
  expect(mail!.text).toContain('(на латышском)');
  expect(mail!.subject).toBe('Paziņojums');
  expect((await ctx.db.select().from(announcements).where(eq(announcements.id, a!.id)))[0]!.status).toBe('sent');
});
