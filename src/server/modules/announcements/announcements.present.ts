import type { Lang } from '../../../shared/i18n.js';
import type { AnnouncementDetail, AnnouncementSummary, Reach } from '../../../shared/schemas/announcements.js';
import type { announcements } from '../../db/schema/index.js';

type Row = typeof announcements.$inferSelect;
type Texts = Partial<Record<Lang, string>>;

/** The text in `lang`, or the default language's with `fallback` when that one is missing. */
export function inLang(texts: Texts, lang: Lang): { text: string; fallback: boolean } {
  const own = texts[lang]?.trim();
  if (own) return { text: own, fallback: false };
  return { text: texts.lv ?? '', fallback: lang !== 'lv' };
}

/** Title and body in the reader's language, falling back together (one mark for both). */
export function announcementTexts(row: Pick<Row, 'title' | 'body'>, lang: Lang): { title: string; body: string; fallback: boolean } {
  const title = inLang(row.title, lang);
  const body = inLang(row.body, lang);
  return { title: title.text, body: body.text, fallback: title.fallback || body.fallback };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;
const all = (texts: Texts) => ({ lv: texts.lv ?? '', en: texts.en ?? '', ru: texts.ru ?? '' });

export function presentSummary(row: Row, counts: { recipients: number; email_sent: number }, lang: Lang): AnnouncementSummary {
  return {
    id: row.id,
    kind: row.kind,
    title: inLang(row.title, lang).text,
    status: row.status,
    audience: row.audience,
    channels: row.channels as AnnouncementSummary['channels'],
    send_at: iso(row.sendAt),
    sent_at: iso(row.sentAt),
    created_at: row.createdAt.toISOString(),
    recipients: counts.recipients,
    email_sent: counts.email_sent,
  };
}

export function presentDetail(row: Row, reach: Reach, lang: Lang): AnnouncementDetail {
  return {
    ...presentSummary(row, reach, lang),
    titles: all(row.title),
    bodies: all(row.body),
    banner_until: iso(row.bannerUntil),
    reach,
  };
}
