import { sql } from 'drizzle-orm';
import type { CurrentBanners } from '../../../shared/schemas/announcements.js';
import type { UserContext } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { announcementTexts } from './announcements.present.js';

/** A banner without an end shows for this long after it was sent. */
export const BANNER_DAYS = 7;

/*
 * The order page's banners (decision 081): the signed-in user's announcements with the banner
 * channel, sent, not past their end and not dismissed; shown as text, in the reader's language
 * or the default one with a mark.
 */

/** GET /app/announcements/current: marks each one seen the first time. */
export async function currentBanners(ctx: UserContext): Promise<CurrentBanners> {
  const now = ctx.now.toISOString();
  const res = await ctx.db.execute<{ id: number; title: Record<string, string>; body: Record<string, string> }>(sql`
    with shown as (
      select a.id, a.title, a.body from announcement_recipients r join announcements a on a.id = r.announcement_id
      where r.user_id = ${ctx.user.id} and r.dismissed_at is null
        and a.status in ('sending', 'sent') and 'banner' = any(a.channels)
        and coalesce(a.banner_until, a.sent_at + make_interval(days => ${BANNER_DAYS})) > ${now}::timestamptz
    ), seen as (
      update announcement_recipients set seen_at = ${now}::timestamptz
      where user_id = ${ctx.user.id} and seen_at is null and announcement_id in (select id from shown)
    )
    select id, title, body from shown order by id desc limit 5`);
  return {
    data: res.rows.map((r) => {
      const texts = announcementTexts({ title: r.title, body: r.body }, ctx.lang);
      return { id: Number(r.id), ...texts };
    }),
  };
}

/** POST /app/announcements/{id}/dismiss: stays dismissed; 404 when it is not the caller's. */
export async function dismissBanner(ctx: UserContext, id: number): Promise<{ id: number; dismissed: true }> {
  const res = await ctx.db.execute(sql`
    update announcement_recipients set dismissed_at = coalesce(dismissed_at, ${ctx.now.toISOString()}::timestamptz)
    where announcement_id = ${id} and user_id = ${ctx.user.id} returning announcement_id`);
  if (res.rows.length === 0) throw new AppError(404, t.coded('notFound'));
  return { id, dismissed: true };
}
