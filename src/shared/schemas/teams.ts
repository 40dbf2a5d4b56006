import { z } from 'zod';
import { isoDay } from './dates.js';
import { text } from './text.js';
import { EMAIL_MAX } from '../limits.js';

/** Most e-mail addresses one invitation call takes (a paste of a small department). */
export const MAX_INVITES_PER_CALL = 50;
/** Longest report period a manager can download at once, in days. */
export const MAX_REPORT_DAYS = 366;
/** Seconds a team-report download address works (spec 9: "revoked after 7 s"). */
export const REPORT_LINK_SECONDS = 7;

/** A member of the manager's team (spec 3: id, first_name, email, activated). */
export const teamMember = z.object({
  id: z.number(),
  first_name: z.string(),
  email: z.string(),
  activated: z.boolean(),
  /** Also manages the location. */
  is_location_manager: z.boolean(),
  /** The caller's own row: no activate/deactivate on it (spec 4). */
  is_self: z.boolean(),
  /** The member's default cost centre (decision 075; null: none). */
  cost_centre_id: z.number().nullable(),
});
export type TeamMember = z.infer<typeof teamMember>;

/** GET /app/me/team: the caller's location and everyone in it, by name. */
export const teamResult = z.object({
  location: z.object({
    id: z.number(),
    title: z.string(),
    /** The location's invitation sign-up address (spec 6: one link per location), to share by hand. */
    invite_url: z.string(),
  }),
  data: z.array(teamMember),
});
export type TeamResult = z.infer<typeof teamResult>;

/** POST /app/me/invite. Errors come back per row as `emails.{index}` (spec 5). */
export const inviteInput = z.object({
  emails: z.array(text().trim().email().max(EMAIL_MAX)).min(1).max(MAX_INVITES_PER_CALL),
});
export type InviteInput = z.infer<typeof inviteInput>;

/** Why an address got no invitation. */
export const INVITE_SKIP_REASONS = ['member', 'duplicate', 'recently_invited', 'daily_limit'] as const;
export type InviteSkipReason = (typeof INVITE_SKIP_REASONS)[number];

export const inviteResult = z.object({
  success: z.literal(true),
  /** A summary in the request's language. */
  message: z.string(),
  sent: z.array(z.string()),
  skipped: z.array(z.object({ email: z.string(), reason: z.enum(INVITE_SKIP_REASONS), message: z.string() })),
});
export type InviteResult = z.infer<typeof inviteResult>;

/** DELETE /app/me/deactivate/{id} and GET /app/me/activate/{id}: the member as it is now. */
export const memberResult = z.object({ success: z.literal(true), message: z.string(), member: teamMember });
export type MemberResult = z.infer<typeof memberResult>;

/** GET /app/me/notify-lunch-is-delivered. */
export const notifyResult = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Members who were sent the notice. */
  notified: z.number(),
  /** Members with an order today who turned "Notify on delivery" off in their profile. */
  opted_out: z.number(),
  /** Today's menus the notice was about. */
  menus: z.array(z.object({ id: z.number(), title: z.string() })),
});
export type NotifyResult = z.infer<typeof notifyResult>;

/** A report day: the shared calendar day (see dates.ts), years 2000-2100. */
const isoDate = isoDay;

/** The period of a team report: menu days from..to (inclusive, yyyy-mm-dd in the provider's zone). */
export const reportPeriod = z
  .object({ from: isoDate, to: isoDate })
  .refine((p) => p.from <= p.to, { path: ['to'], message: 'invalidValue' })
  .refine((p) => (Date.parse(`${p.to}T00:00:00Z`) - Date.parse(`${p.from}T00:00:00Z`)) / 86_400_000 < MAX_REPORT_DAYS, {
    path: ['to'],
    message: 'invalidValue',
  });
export type ReportPeriod = z.infer<typeof reportPeriod>;

/** POST /app/me/team/report-link: a one-time download address for the team report. */
export const reportLinkInput = reportPeriod;
export type ReportLinkInput = z.infer<typeof reportLinkInput>;

export const reportLinkResult = z.object({
  /** Path under the app's origin: /app/order/export/location/{id}?bearer=… (one use, 7 s). */
  url: z.string(),
  expires_in: z.number(),
});
export type ReportLinkResult = z.infer<typeof reportLinkResult>;

/** An e-mailed team invitation still waiting to be used (not accepted, revoked or expired). */
export const pendingInvitation = z.object({
  id: z.number(),
  email: z.string(),
  /** Who sent it (first name, else e-mail); null when that account is gone. */
  invited_by: z.string().nullable(),
  /** When the e-mail last went out (ISO). */
  sent_at: z.string(),
  /** When its link stops working (ISO). */
  expires_at: z.string(),
});
export type PendingInvitation = z.infer<typeof pendingInvitation>;

/** GET /app/me/invitations: the manager's location's pending invitations, newest first. */
export const invitationsResult = z.object({ data: z.array(pendingInvitation) });
export type InvitationsResult = z.infer<typeof invitationsResult>;

/** DELETE /app/me/invitations/{id} and POST /app/me/invitations/{id}/resend. */
export const invitationResult = z.object({ success: z.literal(true), message: z.string(), invitation: pendingInvitation });
export type InvitationResult = z.infer<typeof invitationResult>;
