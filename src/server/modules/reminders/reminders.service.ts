import { and, asc, eq, exists, not, notExists, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { isLang, type Lang } from '../../../shared/i18n.js';
import type { Db, Tx } from '../../db/client.js';
import { orders, providers, pushSubscriptions, remindersSent, users } from '../../db/schema/index.js';
import type { Deps } from '../../lib/context.js';
import { menuOrderLink, reminderOneClickLink, reminderUnsubscribeLink } from '../../lib/links.js';
import { deploymentSigner, type Signer } from '../../lib/signed-links.js';
import { isOpen, loadBalances, loadMenu, openMenus, presentBalance } from '../priced-menu/priced-menu.read.js';
import { placedOrder } from '../orders/placed.read.js';
import { awayOn } from '../away/away.read.js';
import { pushSender, pushToUser } from './notify.service.js';
import { remindersText } from './reminders.messages.js';
import { formatDeadlineAt } from '../../lib/dates.js';

/** The purpose the unsubscribe links are signed for (lib/signed-links.ts). */
export const UNSUBSCRIBE_PURPOSE = 'reminder-unsubscribe';

export function reminderSigner(deps: Deps): Promise<Signer> {
  return deploymentSigner(deps.database.db, deps.env.SECRETS_KEY, UNSUBSCRIBE_PURPOSE);
}

/** The unsubscribe token of a user: their id and its signature (no expiry: old e-mails keep working). */
export function unsubscribeToken(signer: Signer, userId: number): string {
  return `${userId}.${signer.sign(`user:${userId}`)}`;
}

/** The user a token was signed for, or null for anything else. */
export function tokenUser(signer: Signer, token: string): number | null {
  const m = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  return Number.isSafeInteger(id) && signer.verify(`user:${id}`, m[2]!) ? id : null;
}

/** Clears "Remind to make order" of the user the token names; false for a bad token. */
export async function unsubscribe(deps: Deps, token: string): Promise<boolean> {
  const userId = tokenUser(await reminderSigner(deps), token);
  if (userId === null) return false;
  const rows = await deps.database.db
    .update(users)
    .set({ remindToMakeOrder: false })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** A menu whose reminders are due now. */
interface DueMenu {
  id: number;
  title: string;
  to: Date;
  providerId: number;
  providerTitle: string;
  timezone: string;
  /** The menu's day (its `from` in the provider's zone, ISO): users away that day are not reminded. */
  day: string;
}

/**
 * Menus whose reminder time has come: open to customers by the order page's own rules (published,
 * before the deadline, of an active provider: `openMenus` and `isOpen`), with the provider's
 * reminder minutes reached (deadline - minutes <= now), and with a dish left (some balance not
 * zero; no balance row or null is unlimited).
 */
export async function dueMenus(db: Db, now: Date): Promise<DueMenu[]> {
  const active = await db
    .select({ id: providers.id, title: providers.title, minutes: providers.reminderMinutes })
    .from(providers)
    .where(eq(providers.status, true))
    .orderBy(asc(providers.id));
  const due: DueMenu[] = [];
  for (const p of active) {
    for (const m of await openMenus(db, p.id, now)) {
      if (m.to.getTime() - p.minutes * 60_000 > now.getTime()) continue;
      const menu = await loadMenu(db, m.id);
      if (!menu || !isOpen(menu, now)) continue;
      const stock = await loadBalances(db, m.id);
      if (!presentBalance(menu, stock).some((b) => b.qty === null || b.qty > 0)) continue;
      const day = DateTime.fromJSDate(m.from).setZone(m.timezone).toISODate()!;
      due.push({ id: m.id, title: m.title, to: m.to, providerId: p.id, providerTitle: p.title, timezone: m.timezone, day });
    }
  }
  return due;
}

interface Recipient {
  id: number;
  email: string;
  firstName: string;
  lang: string;
}

/**
 * Customers to remind of a menu on a channel: "Remind to make order" on, active, not away on the
 * menu's day (away/away.read.ts), no placed order on the menu (orders/placed.read.ts), not yet
 * reminded of it on that channel; for push, only those with a subscription.
 */
function recipients(db: Db, menu: Pick<DueMenu, 'id' | 'day'>, channel: 'email' | 'push'): Promise<Recipient[]> {
  const menuId = menu.id;
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lang: users.lang })
    .from(users)
    .where(
      and(
        eq(users.remindToMakeOrder, true),
        eq(users.active, true),
        eq(users.role, 'customer'),
        // Away that day (their own day, or their location closed; decision 061): nothing to remind of.
        not(awayOn(users, menu.day)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(orders)
            // Their own lunch only: a meeting or guest order they host is the company's (issue 29).
            .where(and(eq(orders.userId, users.id), eq(orders.menuId, menuId), placedOrder(), eq(orders.kind, 'own'))),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(remindersSent)
            .where(and(eq(remindersSent.userId, users.id), eq(remindersSent.menuId, menuId), eq(remindersSent.channel, channel))),
        ),
        channel === 'push'
          ? exists(
              db
                .select({ one: sql`1` })
                .from(pushSubscriptions)
                .where(eq(pushSubscriptions.userId, users.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(users.id));
}

/** The guard: true for the one caller whose row went in (every other run, on any instance, gets false). */
async function claim(db: Db | Tx, userId: number, menuId: number, channel: 'email' | 'push', now: Date) {
  const rows = await db
    .insert(remindersSent)
    .values({ userId, menuId, channel, sentAt: now })
    .onConflictDoNothing({ target: [remindersSent.userId, remindersSent.menuId, remindersSent.channel] })
    .returning({ id: remindersSent.id });
  return rows.length > 0;
}

export interface ReminderRun {
  /** E-mails sent in this run. */
  email: number;
  /** Users sent a push in this run. */
  push: number;
}

/**
 * The reminder sweep (a pg-boss job every minute, decision 033): for every due menu, one e-mail
 * (and, for users who turned it on, one push) per customer who has not ordered. The e-mail's
 * guard row and its outbox row commit together, so after a crash the retry job still delivers
 * it and no run sends it again.
 */
export async function sendDueReminders(deps: Deps): Promise<ReminderRun> {
  const db = deps.database.db;
  const now = deps.now();
  const run: ReminderRun = { email: 0, push: 0 };
  const menus = await dueMenus(db, now);
  if (menus.length === 0) return run;
  const signer = await reminderSigner(deps);
  for (const menu of menus) {
    const deadline = formatDeadlineAt(menu.to, menu.timezone);
    const text = (r: Recipient) => ({ deadline, name: r.firstName || r.email, menu: menu.title, provider: menu.providerTitle });
    for (const r of await recipients(db, menu, 'email')) {
      const lang: Lang = isLang(r.lang) ? r.lang : 'lv';
      const token = unsubscribeToken(signer, r.id);
      const params = {
        ...text(r),
        link: menuOrderLink(deps.env, menu.providerId, menu.id),
        unsubscribe: reminderUnsubscribeLink(deps.env, token),
      };
      const deliver = await db.transaction(async (tx) => {
        if (!(await claim(tx, r.id, menu.id, 'email', now))) return null;
        return deps.mailer.enqueue(tx, {
          to: r.email,
          subject: remindersText(lang, 'subject', params),
          text: remindersText(lang, 'body', params),
          headers: {
            'List-Unsubscribe': `<${reminderOneClickLink(deps.env, token)}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        });
      });
      if (deliver) {
        deliver();
        run.email++;
      }
    }
    const pushTo = await recipients(db, menu, 'push');
    if (pushTo.length > 0) run.push += await pushReminders(deps, menu, pushTo, text, now);
  }
  return run;
}

async function pushReminders(
  deps: Deps,
  menu: DueMenu,
  to: Recipient[],
  text: (r: Recipient) => Record<string, string>,
  now: Date,
): Promise<number> {
  const db = deps.database.db;
  const sender = await pushSender(deps);
  let sent = 0;
  for (const r of to) {
    // At most once: the guard commits before the push goes (a crash in between loses this push, never doubles it).
    if (!(await claim(db, r.id, menu.id, 'push', now))) continue;
    const lang: Lang = isLang(r.lang) ? r.lang : 'lv';
    const params = text(r);
    const delivered = await pushToUser(deps, sender, r.id, {
      title: remindersText(lang, 'pushTitle', params),
      body: remindersText(lang, 'pushBody', params),
      url: menuOrderLink(deps.env, menu.providerId, menu.id),
      tag: `reminder-${menu.id}`,
    });
    if (delivered) sent++;
  }
  return sent;
}
