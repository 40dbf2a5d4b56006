import { sql } from 'drizzle-orm';
import { LANGS, type Lang } from '../../../shared/i18n.js';
import type { Db, Tx } from '../../db/client.js';
import { announcementsText } from './announcements.messages.js';
import { announcements } from '../../db/schema/index.js';

/**
 * A system announcement another module makes (a delivery problem, a withdrawn dish), inside its
 * own transaction: to exactly `userIds`, scheduled now; the dispatcher delivers it like any other
 * (within a minute, or at once after kickAnnouncements()). Answers its id.
 */
export async function createSystemAnnouncement(
  tx: Db | Tx,
  input: {
    kind: 'delivery-problem' | 'dish-withdrawn';
    providerId: number | null;
    title: Partial<Record<'lv' | 'en' | 'ru', string>>;
    body: Partial<Record<'lv' | 'en' | 'ru', string>>;
    userIds: number[];
    channels: ('banner' | 'email' | 'push')[];
    subject?: Record<string, unknown>;
    bannerUntil?: Date | null;
    now: Date;
  },
): Promise<number> {
  const ids = [...new Set(input.userIds)].sort((a, b) => a - b);
  const [row] = await tx
    .insert(announcements)
    .values({
      kind: input.kind,
      providerId: input.providerId,
      title: input.title,
      body: input.body,
      audience: { kind: 'users', ids },
      channels: input.channels,
      status: 'scheduled',
      sendAt: input.now,
      bannerUntil: input.bannerUntil ?? null,
      subject: input.subject ?? {},
    })
    .returning({ id: announcements.id });
  return row!.id;
}

/*
 * A stop marked 'problem' (the driver's tap or the laps page) tells exactly the eaters of that menu
 * at that stop: a banner on their order page, and e-mail and push unless the mark carries a new
 * estimate, whose delay notice (modules/delivery, decision 068) already e-mails and pushes them
 * (one problem never makes two e-mails at once), or the stop was already delivered (its
 * "delivered" notice went; the banner says the rest). Decision 082.
 */
export async function announceDeliveryProblem(
  tx: Db | Tx,
  input: {
    providerId: number;
    menuId: number;
    locationId: number;
    note: string; /** A new estimate (its delay notice e-mails and pushes) or a stop already delivered: the banner only. */
    bannerOnly: boolean;
    now: Date;
  },
): Promise<number | null> {
  const res = await tx.execute<{ user_id: number; menu: string; location: string }>(sql`
    select distinct o.user_id, m.title as menu, l.title as location
    from orders o join menus m on m.id = o.menu_id join locations l on l.id = o.location_id join users u on u.id = o.user_id
    where o.menu_id = ${input.menuId} and o.location_id = ${input.locationId} and o.status = 2 and u.active
    order by o.user_id`);
  const first = res.rows[0];
  if (!first) return null;
  const texts = (make: (lang: Lang) => string) => Object.fromEntries(LANGS.map((lang) => [lang, make(lang)]));
  const params = { menu: first.menu, location: first.location, note: input.note };
  const note = input.note.trim();
  return createSystemAnnouncement(tx, {
    kind: 'delivery-problem',
    providerId: input.providerId,
    title: texts((lang) => announcementsText(lang, 'problemTitle', params)),
    body: texts(
      (lang) => announcementsText(lang, 'problemBody', params) + (note ? `\n${announcementsText(lang, 'problemNote', params)}` : ''),
    ),
    userIds: res.rows.map((r) => Number(r.user_id)),
    channels: input.bannerOnly ? ['banner'] : ['banner', 'email', 'push'],
    subject: { menu_id: input.menuId, location_id: input.locationId },
    // The banner is about today's lunch: it ends with the day's end (a day from now at most).
    bannerUntil: new Date(input.now.getTime() + 12 * 3600_000),
    now: input.now,
  });
}
