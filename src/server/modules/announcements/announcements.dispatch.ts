import { eq, sql } from 'drizzle-orm';
import { isLang, type Lang } from '../../../shared/i18n.js';
import { announcementDeliveries, announcements } from '../../db/schema/index.js';
import type { Deps } from '../../lib/context.js';
import { loginLink } from '../../lib/links.js';
import { pushSender, pushToUser } from '../reminders/notify.service.js';
import { audienceQuery } from './announcements.audience.js';
import { announcementsText } from './announcements.messages.js';
import { announcementTexts } from './announcements.present.js';

/*
 * The dispatcher (decision 081): a job every minute and a kick after "send now" or a system
 * announcement. It claims due announcements (scheduled, send_at passed) with FOR UPDATE SKIP
 * LOCKED and, in the same transaction, snapshots their recipients and marks them 'sending'. Then,
 * for every 'sending' one (also those a crashed run left), per recipient and channel it inserts
 * the delivery row (on conflict do nothing) and only the inserter sends: an e-mail's row and its
 * outbox row commit together (a crash leaves it to the mail retry job); a push's row commits
 * before it goes (a crash in between loses that push, never doubles it). Then 'sent'.
 */

type Row = typeof announcements.$inferSelect;
const CLAIM_PER_RUN = 50;

/** Claims one due announcement and snapshots its audience; null when none is due (or all are taken). */
async function claimOne(deps: Deps, now: Date): Promise<number | null> {
  return deps.database.db.transaction(async (tx) => {
    const due = await tx.execute<{ id: number; provider_id: number | null; audience: { kind: string; ids: number[] } }>(sql`
      select id, provider_id, audience from announcements
      where status = 'scheduled' and coalesce(send_at, created_at) <= ${now.toISOString()}::timestamptz
      order by send_at nulls first, id limit 1 for update skip locked`);
    const a = due.rows[0];
    if (!a) return null;
    const id = Number(a.id);
    await tx.execute(sql`
      insert into announcement_recipients (announcement_id, user_id)
      select ${id}, q.id from (${audienceQuery(a.audience, a.provider_id === null ? null : Number(a.provider_id), now)}) q
      on conflict do nothing`);
    await tx.update(announcements).set({ status: 'sending', sentAt: now }).where(eq(announcements.id, id));
    return id;
  });
}

interface Person {
  user_id: number;
  email: string;
  lang: string;
  has_push: boolean;
}

/** The recipients still without a delivery on `channel`. */
async function undelivered(deps: Deps, id: number, channel: 'email' | 'push'): Promise<Person[]> {
  const res = await deps.database.db.execute<Person & Record<string, unknown>>(sql`
    select u.id as user_id, u.email, u.lang, exists (select 1 from push_subscriptions p where p.user_id = u.id) as has_push
    from announcement_recipients r join users u on u.id = r.user_id
    where r.announcement_id = ${id} and not exists (
      select 1 from announcement_deliveries d where d.announcement_id = ${id} and d.user_id = r.user_id and d.channel = ${channel})
    order by u.id`);
  return res.rows.map((r) => ({ ...r, user_id: Number(r.user_id) }));
}

const langOf = (p: Person): Lang => (isLang(p.lang) ? p.lang : 'lv');

function message(a: Row, p: Person, deps: Deps) {
  const lang = langOf(p);
  const texts = announcementTexts(a, lang);
  const mark = texts.fallback ? `${announcementsText(lang, 'inLatvian')}\n\n` : '';
  const link = loginLink(deps.env).replace(/\/login$/, '/order');
  return {
    subject: texts.title,
    text: `${mark}${texts.body}\n\n${announcementsText(lang, 'emailFooter', { link })}`,
    push: texts.fallback ? `${announcementsText(lang, 'inLatvian')} ${texts.body}` : texts.body,
    link,
  };
}

async function sendEmails(deps: Deps, a: Row): Promise<number> {
  const db = deps.database.db;
  let sent = 0;
  for (const p of await undelivered(deps, a.id, 'email')) {
    const m = message(a, p, deps);
    const deliver = await db.transaction(async (tx) => {
      const [mine] = await tx
        .insert(announcementDeliveries)
        .values({ announcementId: a.id, userId: p.user_id, channel: 'email' })
        .onConflictDoNothing()
        .returning({ userId: announcementDeliveries.userId });
      if (!mine) return null;
      const start = await deps.mailer.enqueue(tx, { to: p.email, subject: m.subject, text: m.text });
      // The outbox row enqueue just inserted, in this transaction's session.
      const [row] = (await tx.execute<{ id: number }>(sql`select currval(pg_get_serial_sequence('mail_outbox', 'id'))::int as id`)).rows;
      await tx.execute(
        sql`update announcement_deliveries set outbox_id = ${row!.id} where announcement_id = ${a.id} and user_id = ${p.user_id} and channel = 'email'`,
      );
      return start;
    });
    if (!deliver) continue;
    deliver();
    sent++;
  }
  return sent;
}

async function sendPushes(deps: Deps, a: Row): Promise<number> {
  const db = deps.database.db;
  const people = await undelivered(deps, a.id, 'push');
  if (people.length === 0) return 0;
  const sender = people.some((p) => p.has_push) ? await pushSender(deps) : null;
  let sent = 0;
  for (const p of people) {
    const [mine] = await db
      .insert(announcementDeliveries)
      .values({ announcementId: a.id, userId: p.user_id, channel: 'push', status: p.has_push ? 'sent' : 'skipped' })
      .onConflictDoNothing()
      .returning({ userId: announcementDeliveries.userId });
    if (!mine || !p.has_push || !sender) continue;
    const m = message(a, p, deps);
    const ok = await pushToUser(deps, sender, p.user_id, { title: m.subject, body: m.push, url: m.link, tag: `announcement-${a.id}` });
    if (ok) sent++;
    else
      await db.execute(
        sql`update announcement_deliveries set status = 'failed' where announcement_id = ${a.id} and user_id = ${p.user_id} and channel = 'push'`,
      );
  }
  return sent;
}

/** One run: claims what is due, delivers every 'sending' announcement, marks them sent. */
export async function dispatchAnnouncements(deps: Deps): Promise<{ claimed: number; email: number; push: number }> {
  const db = deps.database.db;
  const now = deps.now();
  const run = { claimed: 0, email: 0, push: 0 };
  for (let i = 0; i < CLAIM_PER_RUN; i++) {
    if ((await claimOne(deps, now)) === null) break;
    run.claimed++;
  }
  const sending = await db.select().from(announcements).where(eq(announcements.status, 'sending')).orderBy(announcements.id);
  for (const a of sending) {
    if (a.channels.includes('email')) run.email += await sendEmails(deps, a);
    if (a.channels.includes('push')) run.push += await sendPushes(deps, a);
    await db.execute(sql`update announcements set status = 'sent' where id = ${a.id} and status = 'sending'`);
  }
  return run;
}

const running = new Set<Promise<unknown>>();

/**
 * Runs the dispatcher now, without waiting (after "send now" and system announcements): what it
 * misses, the job sends within a minute. Failures are left to the job.
 */
export function kickAnnouncements(deps: Deps, onError: (err: unknown) => void = () => undefined): void {
  const job = dispatchAnnouncements(deps)
    .catch(onError)
    .finally(() => running.delete(job));
  running.add(job);
}

/** Resolves when the kicked runs have finished (tests, shutdown). */
export async function announcementsIdle(): Promise<void> {
  await Promise.all([...running]);
}
