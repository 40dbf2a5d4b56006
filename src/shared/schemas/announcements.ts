import { z } from 'zod';
import { dbId, dbIdParam } from './ids.js';
import { text } from './text.js';

/*
 * Announcements (issue 30, decisions 081, 082): staff write a message in lv/en/ru (lv required,
 * the others fall back to it with a mark), pick who gets it and how, and send it now or at a
 * time; the dispatcher job delivers each person's copy once per channel.
 *
 * GET    /app/announcements                 (staff) -> AnnouncementList
 * GET    /app/announcements/choices         (staff) -> AudienceChoices (what the audience picker offers)
 * POST   /app/announcements/preview         (staff) AudienceInput -> { count }
 * POST   /app/announcements                 (staff) AnnouncementInput -> 201 AnnouncementDetail (a draft)
 * GET    /app/announcements/{id}            (staff) -> AnnouncementDetail (with its reach)
 * PUT    /app/announcements/{id}            (staff) AnnouncementInput -> AnnouncementDetail (draft or scheduled only)
 * POST   /app/announcements/{id}/schedule   (staff) -> AnnouncementDetail (at send_at, or now when none)
 * POST   /app/announcements/{id}/send       (staff) -> AnnouncementDetail (now)
 * POST   /app/announcements/{id}/cancel     (staff) -> AnnouncementDetail (a draft or a scheduled one)
 * GET    /app/announcements/current         (user) -> CurrentBanners (marks them seen)
 * POST   /app/announcements/{id}/dismiss    (user) -> { id, dismissed: true }
 */

export const AUDIENCE_KINDS = ['all', 'locations', 'shifts', 'laps', 'menu', 'dish'] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];
export const CHANNELS = ['banner', 'email', 'push'] as const;
export const TITLE_MAX = 120;
export const BODY_MAX = 2000;

const texts = (max: number) =>
  z.object({
    lv: text().trim().min(1).max(max),
    en: text().trim().max(max).default(''),
    ru: text().trim().max(max).default(''),
  });

export const audienceInput = z
  .object({
    kind: z.enum(AUDIENCE_KINDS),
    ids: z.array(dbId).max(200).default([]),
  })
  .refine((a) => a.kind === 'all' || a.ids.length > 0, { path: ['ids'], message: 'required' })
  .refine((a) => ['all', 'locations', 'shifts', 'laps'].includes(a.kind) || a.ids.length === 1, { path: ['ids'], message: 'invalidValue' });
export type AudienceInput = z.input<typeof audienceInput>;

export const announcementInput = z.object({
  title: texts(TITLE_MAX),
  body: texts(BODY_MAX),
  audience: audienceInput,
  channels: z.array(z.enum(CHANNELS)).min(1).max(3),
  /** null: when it is sent ("send now" or scheduling without a time). */
  send_at: z.iso.datetime({ offset: true }).nullable().default(null),
  /** The banner shows until then; null: for a week from sending. */
  banner_until: z.iso.datetime({ offset: true }).nullable().default(null),
});
export type AnnouncementInput = z.input<typeof announcementInput>;
export type AnnouncementBody = z.output<typeof announcementInput>;

const langTexts = z.object({ lv: z.string(), en: z.string(), ru: z.string() });

export const reach = z.object({
  recipients: z.number(),
  banner_seen: z.number(),
  banner_dismissed: z.number(),
  email_sent: z.number(),
  email_waiting: z.number(),
  email_failed: z.number(),
  email_bounced: z.number(),
  push_sent: z.number(),
  push_failed: z.number(),
  push_skipped: z.number(),
});
export type Reach = z.infer<typeof reach>;

export const announcementSummary = z.object({
  id: z.number(),
  kind: z.enum(['announcement', 'delivery-problem', 'dish-withdrawn']),
  /** In the reader's language, the default language's when missing. */
  title: z.string(),
  status: z.enum(['draft', 'scheduled', 'sending', 'sent', 'cancelled']),
  audience: z.object({ kind: z.string(), ids: z.array(z.number()) }),
  channels: z.array(z.enum(CHANNELS)),
  send_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
  recipients: z.number(),
  email_sent: z.number(),
});
export type AnnouncementSummary = z.infer<typeof announcementSummary>;

export const announcementList = z.object({ data: z.array(announcementSummary) });
export type AnnouncementList = z.infer<typeof announcementList>;

export const announcementDetail = announcementSummary.extend({
  titles: langTexts,
  bodies: langTexts,
  banner_until: z.string().nullable(),
  reach,
});
export type AnnouncementDetail = z.infer<typeof announcementDetail>;

const choice = z.object({ id: z.number(), title: z.string() });
export const audienceChoices = z.object({
  locations: z.array(choice),
  shifts: z.array(choice),
  laps: z.array(choice),
  menus: z.array(choice),
  dishes: z.array(choice),
});
export type AudienceChoices = z.infer<typeof audienceChoices>;

export const previewCount = z.object({ count: z.number() });
export type PreviewCount = z.infer<typeof previewCount>;

export const currentBanner = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  /** True when the text is the default language's (the reader's own is missing). */
  fallback: z.boolean(),
});
export type CurrentBanner = z.infer<typeof currentBanner>;
export const currentBanners = z.object({ data: z.array(currentBanner) });
export type CurrentBanners = z.infer<typeof currentBanners>;

export const dismissed = z.object({ id: z.number(), dismissed: z.literal(true) });
export const announcementParams = z.object({ id: dbIdParam });
