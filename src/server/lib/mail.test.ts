import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/index.js';
import { createTestDb } from '../test/harness.js';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from '../test/smtp.js';
import { createMailer } from './mail.js';

// A real SMTP conversation with an in-process server on 127.0.0.1 (test/smtp.ts).
let db: Awaited<ReturnType<typeof createTestDb>>;
let smtp: TestSmtp;
let refuse = false;
/** The SMTP reply code of a refusal: 4xx a temporary one (retried), 5xx a permanent one (bounced). */
let refuseCode = 450;
let received: ReceivedMail[] = [];

beforeAll(async () => {
  db = await createTestDb();
  smtp = await startTestSmtp(() => (refuse ? refuseCode : null));
  received = smtp.received;
});
afterAll(async () => {
  await smtp.close();
  await db.drop();
});

describe('mailer over SMTP', () => {
  it('delivers, marks the outbox row sent, and erases a one-time link after delivery', async () => {
    const mailer = createMailer(db.db, { smtpUrl: smtp.url, from: 'Pusdienas <no-reply@lunch.local>' });
    const id = await mailer.send({
      to: 'anna@test.lv',
      subject: 'Paroles atjaunošana',
      text: 'Saite: https://x/reset/abc',
      sensitive: true,
    });
    await mailer.idle();
    mailer.close();
    const mail = received.find((m) => m.to === 'anna@test.lv');
    expect(mail?.raw).toContain('https://x/reset/abc');
    expect(mail?.raw).toMatch(/Subject: =\?UTF-8\?/); // non-ASCII subject encoded
    const [row] = await db.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(row!.text).not.toContain('reset/abc');
  });

  it('records a refused delivery as failed and retries it on flush', async () => {
    const mailer = createMailer(db.db, { smtpUrl: smtp.url, from: 'no-reply@lunch.local' });
    refuse = true;
    const id = await mailer.send({ to: 'janis@test.lv', subject: 'Hello', text: 'Body' });
    await mailer.idle();
    let [row] = await db.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.error).toContain('Mailbox unavailable');
    refuse = false;
    await mailer.flush();
    mailer.close();
    [row] = await db.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(received.some((m) => m.to === 'janis@test.lv')).toBe(true);
  });

  it('records a permanent refusal (550) as bounced and does not retry it', async () => {
    const mailer = createMailer(db.db, { smtpUrl: smtp.url, from: 'no-reply@lunch.local' });
    refuse = true;
    refuseCode = 550;
    const id = await mailer.send({ to: 'nobody@test.lv', subject: 'Hello', text: 'Body' });
    await mailer.idle();
    refuse = false;
    refuseCode = 450;
    await mailer.flush();
    mailer.close();
    const [row] = await db.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'bounced', attempts: 1 });
    expect(received.some((m) => m.to === 'nobody@test.lv')).toBe(false);
  });

  it('keeps mail in the outbox when no SMTP server is configured', async () => {
    const mailer = createMailer(db.db, { from: 'no-reply@lunch.local' });
    const id = await mailer.send({ to: 'kept@test.lv', subject: 'S', text: 'T', sensitive: true });
    await mailer.idle();
    const [row] = await db.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'kept', text: 'T' });
  });

  it('a message recorded in a transaction is delivered with its headers, also by the retry job after a crash before delivery started', async () => {
    const mailer = createMailer(db.db, { smtpUrl: smtp.url, from: 'no-reply@lunch.local' });
    const headers = {
      'List-Unsubscribe': '<https://x/app/reminders/unsubscribe?token=1.abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
    // Rolled back with its transaction: never sent.
    await db.db
      .transaction(async (tx) => {
        await mailer.enqueue(tx, { to: 'rolled-back@test.lv', subject: 'S', text: 'T', headers });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    // Committed, but the instance "crashed" before calling deliver: the row waits, queued.
    await db.db.transaction(async (tx) => {
      await mailer.enqueue(tx, { to: 'after-crash@test.lv', subject: 'S', text: 'T', headers });
    });
    const rows = await db.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'after-crash@test.lv'));
    expect(rows).toMatchObject([{ status: 'queued', headers }]);
    expect(await db.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'rolled-back@test.lv'))).toHaveLength(0);
    await mailer.flush();
    mailer.close();
    const mail = received.find((m) => m.to === 'after-crash@test.lv');
    expect(mail?.raw.replace(/\r\n(?=[ \t])/g, '')).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail?.raw.replace(/\r\n(?=[ \t])/g, '')).toContain('List-Unsubscribe: <https://x/app/reminders/unsubscribe?token=1.abc>');
    expect((await db.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'after-crash@test.lv')))[0]!.status).toBe('sent');
  });
});
