import { desc, eq, sql } from 'drizzle-orm';
import type { AnnouncementBody, AnnouncementDetail, AnnouncementList, Reach } from '../../../shared/schemas/announcements.js';
import type { Db, Tx } from '../../db/client.js';
import { announcements } from '../../db/schema/index.js';
import { recordAudit, recordChange, type AuditWho } from '../../lib/audit.js';
import type { RequestContext } from '../../lib/context.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { checkAudience } from './announcements.audience.js';
import { announcementsText } from './announcements.messages.js';
import { presentDetail, presentSummary } from './announcements.present.js';

/*
 * Staff announcements (issue 30, decision 081): drafts, edits while not sent, scheduling, sending
 * now and cancelling; every write audited. `scope.providerId` is the writer's provider (kitchen
 * staff), or null for an administrator (every announcement, any audience).
 */

export interface Scope {
  providerId: number | null;
}
type Ctx = Pick<RequestContext, 'db' | 'now' | 'lang'>;
type Row = typeof announcements.$inferSelect;

const EMPTY_REACH: Reach = {
  recipients: 0,
  banner_seen: 0,
  banner_dismissed: 0,
  email_sent: 0,
  email_waiting: 0,
  email_failed: 0,
  email_bounced: 0,
  push_sent: 0,
  push_failed: 0,
  push_skipped: 0,
};

/** Per announcement: recipients, banner seen/dismissed, e-mails by their outbox status, pushes by result. */
export async function reachOf(db: Db, ids: number[]): Promise<Map<number, Reach>> {
  const out = new Map<number, Reach>(ids.map((id) => [id, { ...EMPTY_REACH }]));
  if (ids.length === 0) return out;
  const list = sql`${`{${ids.join(',')}}`}::int[]`;
  const people = await db.execute<{ id: number; n: number; seen: number; dismissed: number }>(sql`
    select announcement_id as id, count(*)::int as n, count(seen_at)::int as seen, count(dismissed_at)::int as dismissed
    from announcement_recipients where announcement_id = any(${list}) group by announcement_id`);
  for (const r of people.rows)
    Object.assign(out.get(Number(r.id))!, { recipients: r.n, banner_seen: r.seen, banner_dismissed: r.dismissed });
  const sent = await db.execute<Record<string, number>>(sql`
    select d.announcement_id as id,
      count(*) filter (where d.channel = 'email' and o.status = 'sent')::int as email_sent,
      count(*) filter (where d.channel = 'email' and o.status in ('queued', 'kept'))::int as email_waiting,
      count(*) filter (where d.channel = 'email' and (d.status = 'failed' or o.status = 'failed'))::int as email_failed,
      count(*) filter (where d.channel = 'email' and o.status = 'bounced')::int as email_bounced,
      count(*) filter (where d.channel = 'push' and d.status = 'sent')::int as push_sent,
      count(*) filter (where d.channel = 'push' and d.status = 'failed')::int as push_failed,
      count(*) filter (where d.channel = 'push' and d.status = 'skipped')::int as push_skipped
    from announcement_deliveries d left join mail_outbox o on o.id = d.outbox_id
    where d.announcement_id = any(${list}) group by d.announcement_id`);
  for (const { id, ...counts } of sent.rows) Object.assign(out.get(Number(id))!, counts);
  return out;
}

/** The announcement when the scope may see it (an administrator: any; staff: their provider's), else 404. */
async function owned(db: Db | Tx, scope: Scope, id: number, lock = false): Promise<Row> {
  const q = db.select().from(announcements).where(eq(announcements.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row || (scope.providerId !== null && row.providerId !== scope.providerId)) throw new AppError(404, t.coded('notFound'));
  return row;
}

export async function listAnnouncements(ctx: Ctx, scope: Scope): Promise<AnnouncementList> {
  const rows = await ctx.db
    .select()
    .from(announcements)
    .where(scope.providerId === null ? undefined : eq(announcements.providerId, scope.providerId))
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(200);
  const reach = await reachOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return { data: rows.map((r) => presentSummary(r, reach.get(r.id)!, ctx.lang)) };
}

export async function announcementDetail(ctx: Ctx, scope: Scope, id: number): Promise<AnnouncementDetail> {
  const row = await owned(ctx.db, scope, id);
  return presentDetail(row, (await reachOf(ctx.db, [id])).get(id)!, ctx.lang);
}

/** The stored fields of an input (empty translations left out: they fall back to lv). */
function fields(input: AnnouncementBody, now: Date) {
  const sendAt = input.send_at === null ? null : new Date(input.send_at);
  const bannerUntil = input.banner_until === null ? null : new Date(input.banner_until);
  if (bannerUntil && bannerUntil <= (sendAt && sendAt > now ? sendAt : now))
    throw fieldError(t.coded('invalid'), { banner_until: [announcementsText.coded('bannerUntilPast')] });
  const texts = (v: { lv: string; en: string; ru: string }) =>
    Object.fromEntries(Object.entries(v).filter(([, s]) => s !== '')) as Partial<Record<'lv' | 'en' | 'ru', string>>;
  return {
    title: texts(input.title),
    body: texts(input.body),
    audience: { kind: input.audience.kind, ids: [...new Set(input.audience.ids)].sort((a, b) => a - b) },
    channels: [...new Set(input.channels)],
    sendAt,
    bannerUntil,
  };
}

const audited = (f: Pick<Row, 'title' | 'body' | 'audience' | 'channels' | 'sendAt' | 'bannerUntil'>) => ({
  title: f.title,
  body: f.body,
  audience: f.audience,
  channels: f.channels,
  send_at: f.sendAt?.toISOString() ?? null,
  banner_until: f.bannerUntil?.toISOString() ?? null,
});

/** POST /app/announcements: a draft. */
export async function createAnnouncement(ctx: Ctx & { user: { id: number } }, scope: Scope, input: AnnouncementBody, who: AuditWho) {
  const f = fields(input, ctx.now);
  await checkAudience(ctx.db, f.audience, scope.providerId);
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(announcements)
      .values({ ...f, providerId: scope.providerId, createdById: ctx.user.id, status: 'draft' })
      .returning({ id: announcements.id });
    await recordAudit(tx, who, {
      action: 'announcement.create',
      entityType: 'announcement',
      entityId: row!.id,
      providerId: scope.providerId,
      after: audited(f),
    });
    return row!.id;
  });
  return announcementDetail(ctx, scope, id);
}

/** PUT /app/announcements/{id}: a draft or a scheduled one (409 once sending, sent or cancelled). */
export async function updateAnnouncement(
  ctx: Ctx,
  scope: Scope,
  { id, input, who }: { id: number; input: AnnouncementBody; who: AuditWho },
) {
  const f = fields(input, ctx.now);
  await checkAudience(ctx.db, f.audience, scope.providerId);
  await ctx.db.transaction(async (tx) => {
    const old = await owned(tx, scope, id, true);
    if (old.status !== 'draft' && old.status !== 'scheduled') throw new AppError(409, announcementsText.coded('notEditable'));
    await tx
      .update(announcements)
      .set({ ...f, updatedAt: ctx.now })
      .where(eq(announcements.id, id));
    const before = audited(old);
    await recordChange(tx, who, {
      action: 'announcement.update',
      entityType: 'announcement',
      entityId: id,
      providerId: old.providerId,
      before,
      after: audited(f),
    });
  });
  return announcementDetail(ctx, scope, id);
}

/**
 * POST /app/announcements/{id}/schedule or /send: a draft (or, to send now, a scheduled one)
 * becomes scheduled, at its send time or now; the dispatcher sends it when due. 409 otherwise.
 */
export async function scheduleAnnouncement(ctx: Ctx, scope: Scope, { id, now, who }: { id: number; now: boolean; who: AuditWho }) {
  await ctx.db.transaction(async (tx) => {
    const old = await owned(tx, scope, id, true);
    const allowed = now ? ['draft', 'scheduled'] : ['draft'];
    if (!allowed.includes(old.status)) throw new AppError(409, announcementsText.coded('notEditable'));
    const sendAt = now || old.sendAt === null || old.sendAt < ctx.now ? ctx.now : old.sendAt;
    await tx.update(announcements).set({ status: 'scheduled', sendAt, updatedAt: ctx.now }).where(eq(announcements.id, id));
    await recordAudit(tx, who, {
      action: now ? 'announcement.send' : 'announcement.schedule',
      entityType: 'announcement',
      entityId: id,
      providerId: old.providerId,
      before: { status: old.status, send_at: old.sendAt?.toISOString() ?? null },
      after: { status: 'scheduled', send_at: sendAt.toISOString() },
    });
  });
  return announcementDetail(ctx, scope, id);
}

/** POST /app/announcements/{id}/cancel: a draft or a scheduled one is cancelled (409 once it is sending). */
export async function cancelAnnouncement(ctx: Ctx, scope: Scope, { id, who }: { id: number; who: AuditWho }) {
  await ctx.db.transaction(async (tx) => {
    const old = await owned(tx, scope, id, true);
    if (old.status !== 'draft' && old.status !== 'scheduled') throw new AppError(409, announcementsText.coded('notCancellable'));
    await tx.update(announcements).set({ status: 'cancelled', updatedAt: ctx.now }).where(eq(announcements.id, id));
    await recordAudit(tx, who, {
      action: 'announcement.cancel',
      entityType: 'announcement',
      entityId: id,
      providerId: old.providerId,
      before: { status: old.status },
      after: { status: 'cancelled' },
    });
  });
  return announcementDetail(ctx, scope, id);
}

export { announcementsIdle, dispatchAnnouncements, kickAnnouncements } from './announcements.dispatch.js';
export { announceDeliveryProblem, createSystemAnnouncement } from './announcements.system.js';
