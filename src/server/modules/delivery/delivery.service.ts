import { sql } from 'drizzle-orm';
import { isLang, type Lang } from '../../../shared/i18n.js';
import type { Db } from '../../db/client.js';
import { orderNotices } from '../../db/schema/index.js';
import type { Env } from '../../env.js';
import type { Deps } from '../../lib/context.js';
import { formatClockTime } from '../../lib/dates.js';
import type { DeliveryNoticeRun } from '../../lib/delivery-changed.js';
import { orderLink, ratingLink } from '../../lib/links.js';
import { issueRatingLink } from '../../lib/rating-window.js';
import type { Mailer } from '../../lib/mail.js';
import { ORDER_STATUS } from '../orders/placed.read.js';
import { pushSender, pushToUser } from '../reminders/notify.service.js';
import { deliveryText } from './delivery.messages.js';

/*
 * The eater's delivery notices (issue 28, decision 068): "on the way" when the lap carrying the
 * order departs, "delivered" when its stop is marked delivered or a portion's QR code is handed
 * over, and a delay (a late departure, or a new estimate on the stop). Each goes once per order,
 * kind, channel and key: the order_notices row is the guard, and only the caller whose insert
 * returns it sends, on any instance.
 */

export interface NoticeDeps {
  db: Db;
  mailer: Mailer;
  /** For the order's link in the message. */
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>;
  /** The app's dependencies, for web push (VAPID keys, the push services); without it, e-mail only. */
  push?: Deps;
}

type Kind = 'on_the_way' | 'delivered' | 'delay';

/**
 * A departure this many minutes late or more tells the eaters of a delay. The lateness is recorded
 * to the minute (on-time rates count every minute), but a lap leaving a minute or two after its
 * time changes nobody's lunch: an e-mail to every eater for it would teach them to ignore the next.
 */
export const DELAY_NOTICE_MINUTES = 5;
type Channel = 'email' | 'push';

/** A placed order of the menu whose eater asked for a delivery notice, with its stop's state. */
interface Row {
  order_id: number;
  user_id: number;
  email: string;
  first_name: string;
  lang: string;
  on_the_way: boolean;
  on_delivery: boolean;
  has_push: boolean;
  location_id: number | null;
  location: string | null;
  menu: string;
  timezone: string;
  departed_at: Date | string | null;
  run_late: number | null;
  delivered_at: Date | string | null;
  estimate_at: Date | string | null;
  notice_sent_at: Date | string | null;
  handed_over_at: Date | string | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

async function candidates(db: Db, menuId: number): Promise<Row[]> {
  const res = await db.execute<Row & Record<string, unknown>>(sql`
    select o.id as order_id, u.id as user_id, u.email, u.first_name, u.lang,
      u.notify_on_the_way as on_the_way, u.notify_on_delivery as on_delivery,
      exists (select 1 from push_subscriptions p where p.user_id = u.id) as has_push,
      o.location_id, loc.title as location, m.title as menu, pr.timezone,
      r.departed_at, r.late_minutes as run_late,
      s.delivered_at, s.estimate_at, s.notice_sent_at,
      (select min(h.handed_over_at) from portion_handovers h where h.order_id = o.id) as handed_over_at
    from orders o
    join menus m on m.id = o.menu_id
    join providers pr on pr.id = m.provider_id
    join users u on u.id = o.user_id
    left join locations loc on loc.id = o.location_id
    left join lap_locations ll on ll.location_id = o.location_id
    left join laps lp on lp.id = ll.lap_id and lp.provider_id = m.provider_id
    left join lap_runs r on r.lap_id = lp.id and r.menu_id = o.menu_id
    left join lap_stop_statuses s on s.menu_id = o.menu_id and s.location_id = o.location_id
    where o.menu_id = ${menuId} and o.status = ${ORDER_STATUS.placed} and u.active
      and (u.notify_on_the_way or u.notify_on_delivery)
    order by u.id, o.id`);
  return res.rows;
}

/** One message to one user: the orders it covers, and what it says. */
interface Notice {
  kind: Kind;
  key: string;
  row: Row;
  orderIds: number[];
  params: Record<string, string | number>;
}

/** The notices due for one order (none twice: the guard decides what is still to send). */
function dueFor(r: Row): { kind: Kind; key: string; params: Record<string, string | number> }[] {
  const delivered = r.delivered_at ?? r.handed_over_at;
  if (delivered !== null) {
    // A stop noticed by the earlier "lunch is delivered" e-mail (notice_sent_at) is not told again.
    return r.on_delivery && r.notice_sent_at === null ? [{ kind: 'delivered', key: '', params: {} }] : [];
  }
  const due: ReturnType<typeof dueFor> = [];
  if (r.departed_at !== null && r.on_the_way) due.push({ kind: 'on_the_way', key: '', params: {} });
  if (r.departed_at !== null && (r.run_late ?? 0) >= DELAY_NOTICE_MINUTES)
    due.push({
      kind: 'delay',
      key: `late:${iso(r.departed_at)}`,
      params: { minutes: r.run_late!, time: formatClockTime(new Date(r.departed_at), r.timezone) },
    });
  if (r.estimate_at !== null)
    due.push({ kind: 'delay', key: iso(r.estimate_at)!, params: { time: formatClockTime(new Date(r.estimate_at), r.timezone) } });
  return due;
}

/** The due notices, one per user, kind and key (a user with two orders on the menu gets one message). */
function dueNotices(rows: Row[]): Notice[] {
  const byKey = new Map<string, Notice>();
  for (const r of rows) {
    for (const d of dueFor(r)) {
      const k = `${r.user_id}|${d.kind}|${d.key}`;
      const had = byKey.get(k);
      if (had) had.orderIds.push(r.order_id);
      else byKey.set(k, { ...d, row: r, orderIds: [r.order_id] });
    }
  }
  return [...byKey.values()];
}

/** The guard: true for the one caller whose rows went in (every other run, on any instance, gets false). */
async function claim(db: Pick<Db, 'insert'>, n: Notice, channel: Channel): Promise<boolean> {
  const rows = await db
    .insert(orderNotices)
    .values([...n.orderIds].sort((a, b) => a - b).map((orderId) => ({ orderId, kind: n.kind, channel, key: n.key })))
    .onConflictDoNothing()
    .returning({ orderId: orderNotices.orderId });
  return rows.length > 0;
}

/** When the notice's order was delivered (its stop marked, or a portion handed over); null: not yet. */
const deliveredAt = (r: Row): Date | null => {
  const at = [r.delivered_at, r.handed_over_at].filter((v) => v !== null).map((v) => new Date(v).getTime());
  return at.length ? new Date(Math.min(...at)) : null;
};

/**
 * A "delivered" notice carries a single-use rating link (decision 079) for its first order, made
 * in the caller's transaction (or statement): a new one per channel, as only its hash is kept.
 */
async function rateLinkFor(tx: Pick<Db, 'insert'>, n: Notice, deps: NoticeDeps): Promise<string | undefined> {
  const at = deliveredAt(n.row);
  if (n.kind !== 'delivered' || at === null) return undefined;
  return ratingLink(deps.env, await issueRatingLink(tx, n.orderIds[0]!, at, n.row.timezone));
}

function texts(n: Notice, deps: NoticeDeps, rateLink?: string) {
  const r = n.row;
  const lang: Lang = isLang(r.lang) ? r.lang : 'lv';
  const link = orderLink(deps.env, n.orderIds[0]!);
  const params = { name: r.first_name || r.email, location: r.location ?? '', menu: r.menu, link, ...n.params };
  const late = n.kind === 'delay' && n.key.startsWith('late:');
  const [subject, body, push] =
    n.kind === 'on_the_way'
      ? (['onTheWaySubject', 'onTheWayBody', 'onTheWayPush'] as const)
      : n.kind === 'delivered'
        ? (['deliveredSubject', 'deliveredBody', 'deliveredPush'] as const)
        : late
          ? (['delaySubject', 'delayLateBody', 'delayLatePush'] as const)
          : (['delaySubject', 'delayEstimateBody', 'delayEstimatePush'] as const);
  const rate = rateLink ? `\n\n${deliveryText(lang, 'deliveredRate', { rateLink })}` : '';
  return {
    subject: deliveryText(lang, subject, params),
    body: deliveryText(lang, body, params) + rate,
    push: deliveryText(lang, push, params),
    link: rateLink ?? link,
  };
}

/**
 * Sends every delivery notice of the menu that is due and not yet sent, on the channels each eater
 * chose: e-mail, and web push to their browsers when they subscribed one. The e-mail's guard rows
 * and its outbox row commit together (a crash leaves it to the mail retry job, never sent twice);
 * a push's guard commits before it goes (a crash in between loses that push, never doubles it).
 * Called after each change of delivery state, and every minute for today's menus (jobs.ts).
 */
export async function sendDueDeliveryNotices(deps: NoticeDeps, menuId: number): Promise<DeliveryNoticeRun> {
  const run: DeliveryNoticeRun = { email: 0, push: 0, deliveredEmailed: new Map() };
  const notices = dueNotices(await candidates(deps.db, menuId));
  if (notices.length === 0) return run;
  for (const n of notices) {
    const deliver = await deps.db.transaction(async (tx) => {
      if (!(await claim(tx, n, 'email'))) return null;
      const text = texts(n, deps, await rateLinkFor(tx, n, deps));
      return deps.mailer.enqueue(tx, { to: n.row.email, subject: text.subject, text: text.body });
    });
    if (!deliver) continue;
    deliver();
    run.email++;
    const at = n.row.location_id;
    if (n.kind === 'delivered' && at !== null) run.deliveredEmailed.set(at, (run.deliveredEmailed.get(at) ?? 0) + 1);
  }
  const push = deps.push;
  const pushTo = push ? notices.filter((n) => n.row.has_push) : [];
  if (push && pushTo.length > 0) {
    const sender = await pushSender(push);
    for (const n of pushTo) {
      if (!(await claim(deps.db, n, 'push'))) continue;
      // A delivered push opens the rating page (its link), the others the order.
      const text = texts(n, deps, await rateLinkFor(deps.db, n, deps));
      const tag = `delivery-${n.orderIds[0]}`;
      if (await pushToUser(push, sender, n.row.user_id, { title: text.subject, body: text.push, url: text.link, tag })) run.push++;
    }
  }
  return run;
}

/** The safety net (a job every minute): the notices of every menu of today (in its provider's zone). */
export async function sendTodaysDeliveryNotices(deps: NoticeDeps, now: Date): Promise<void> {
  const res = await deps.db.execute<{ id: number }>(sql`
    select m.id from menus m join providers p on p.id = m.provider_id
    where (m."from" at time zone p.timezone)::date = (${now.toISOString()}::timestamptz at time zone p.timezone)::date
    order by m.id`);
  for (const m of res.rows) await sendDueDeliveryNotices(deps, m.id);
}
