import { eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, Tx } from '../db/client.js';
import { mailCounter } from './metrics.js';
import { mailOutbox } from '../db/schema/index.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Holds a one-time link: the body is erased once an SMTP server has taken the message. */
  sensitive?: boolean;
  /** Extra headers (e.g. List-Unsubscribe), kept in the outbox so a retry sends them too. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /**
   * Records the message in the outbox and, with SMTP configured, starts delivering it without
   * waiting for the SMTP server. Returns the outbox id.
   */
  send(message: MailMessage): Promise<number>;
  /**
   * Records the message in the outbox inside the caller's transaction `tx`; delivery starts when
   * the caller calls the returned function after the commit (a crash before that leaves the row
   * queued for the retry job, so a message recorded with a change is never lost with it).
   */
  enqueue(tx: Db | Tx, message: MailMessage): Promise<() => void>;
  /** Resolves when deliveries started by send() have finished (tests, shutdown). */
  idle(): Promise<void>;
  /** Retries queued and failed messages (called by a job). */
  flush(): Promise<void>;
  close(): void;
}

const MAX_ATTEMPTS = 5;
/** What stays of a delivered one-time-link message. */
const ERASED = '(removed after delivery: this message held a one-time link)';

/** True for an SMTP server's permanent refusal of the message or its recipient (a 5xx reply). */
export function permanentRejection(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export function createMailer(db: Db, opts: { smtpUrl?: string; from: string }): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const pending = new Set<Promise<void>>();

  async function deliver(id: number, m: MailMessage): Promise<void> {
    if (!transport) return;
    try {
      await transport.sendMail({
        from: opts.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html || undefined,
        headers: m.headers && Object.keys(m.headers).length > 0 ? m.headers : undefined,
      });
      mailCounter.inc({ event: 'sent' });
      const erased = m.sensitive ? { text: ERASED, html: '' } : {};
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), error: null, attempts: sql`${mailOutbox.attempts} + 1`, ...erased })
        .where(eq(mailOutbox.id, id));
    } catch (err) {
      // A permanent rejection (an SMTP 5xx reply, e.g. 550 no such mailbox) bounced: never retried,
      // and counted as bounced on an announcement's page (decision 081). Anything else is retried.
      const bounced = permanentRejection(err);
      mailCounter.inc({ event: bounced ? 'bounced' : 'failed' });
      await db
        .update(mailOutbox)
        .set({
          status: bounced ? 'bounced' : 'failed',
          error: err instanceof Error ? err.message : String(err),
          attempts: sql`${mailOutbox.attempts} + 1`,
        })
        .where(eq(mailOutbox.id, id));
    }
  }

  async function record(on: Db | Tx, m: MailMessage): Promise<number> {
    const [row] = await on
      .insert(mailOutbox)
      .values({
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html ?? '',
        headers: m.headers ?? {},
        status: transport ? 'queued' : 'kept',
      })
      .returning({ id: mailOutbox.id });
    mailCounter.inc({ event: transport ? 'queued' : 'kept' });
    return row!.id;
  }

  function start(id: number, m: MailMessage): void {
    if (!transport) return;
    const job = deliver(id, m).finally(() => pending.delete(job));
    pending.add(job);
  }

  return {
    async send(m) {
      const id = await record(db, m);
      start(id, m);
      return id;
    },
    async enqueue(tx, m) {
      const id = await record(tx, m);
      return () => start(id, m);
    },
    async idle() {
      await Promise.all([...pending]);
    },
    async flush() {
      if (!transport) return;
      const pending = await db.execute<{
        id: number;
        to: string;
        subject: string;
        text: string;
        html: string;
        headers: Record<string, string>;
      }>(sql`
        select id, "to", subject, text, html, headers from mail_outbox
        where status in ('queued', 'failed') and attempts < ${MAX_ATTEMPTS}
        order by id limit 50`);
      for (const r of pending.rows) await deliver(r.id, r);
    },
    close() {
      transport?.close();
    },
  };
}
