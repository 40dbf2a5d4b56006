import { eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client.js';
import { mailCounter } from './metrics.js';
import { mailOutbox } from '../db/schema/index.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Holds a one-time link: the body is erased once an SMTP server has taken the message. */
  sensitive?: boolean;
}

export interface Mailer {
  /**
   * Records the message in the outbox and, with SMTP configured, starts delivering it without
   * waiting for the SMTP server. Returns the outbox id.
   */
  send(message: MailMessage): Promise<number>;
  /** Resolves when deliveries started by send() have finished (tests, shutdown). */
  idle(): Promise<void>;
  /** Retries queued and failed messages (called by a job). */
  flush(): Promise<void>;
  close(): void;
}

const MAX_ATTEMPTS = 5;
/** What stays of a delivered one-time-link message. */
const ERASED = '(removed after delivery: this message held a one-time link)';

export function createMailer(db: Db, opts: { smtpUrl?: string; from: string }): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const pending = new Set<Promise<void>>();

  async function deliver(id: number, m: MailMessage): Promise<void> {
    if (!transport) return;
    try {
      await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html || undefined });
      mailCounter.inc({ event: 'sent' });
      const erased = m.sensitive ? { text: ERASED, html: '' } : {};
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), error: null, attempts: sql`${mailOutbox.attempts} + 1`, ...erased })
        .where(eq(mailOutbox.id, id));
    } catch (err) {
      mailCounter.inc({ event: 'failed' });
      await db
        .update(mailOutbox)
        .set({ status: 'failed', error: err instanceof Error ? err.message : String(err), attempts: sql`${mailOutbox.attempts} + 1` })
        .where(eq(mailOutbox.id, id));
    }
  }

  return {
    async send(m) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ to: m.to, subject: m.subject, text: m.text, html: m.html ?? '', status: transport ? 'queued' : 'kept' })
        .returning({ id: mailOutbox.id });
      mailCounter.inc({ event: transport ? 'queued' : 'kept' });
      if (transport) {
        const job = deliver(row!.id, m).finally(() => pending.delete(job));
        pending.add(job);
      }
      return row!.id;
    },
    async idle() {
      await Promise.all([...pending]);
    },
    async flush() {
      if (!transport) return;
      const pending = await db.execute<{ id: number; to: string; subject: string; text: string; html: string }>(sql`
        select id, "to", subject, text, html from mail_outbox
        where status in ('queued', 'failed') and attempts < ${MAX_ATTEMPTS}
        order by id limit 50`);
      for (const r of pending.rows) await deliver(r.id, r);
    },
    close() {
      transport?.close();
    },
  };
}
