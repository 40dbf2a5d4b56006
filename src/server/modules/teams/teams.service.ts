import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { InviteResult, InviteSkipReason, MemberResult, NotifyResult, TeamMember, TeamResult } from '../../../shared/schemas/teams.js';
import { locations, users } from '../../db/schema/index.js';
import type { Db } from '../../db/client.js';
import { revokeUserSessions } from '../../lib/auth.js';
import type { AuthUser, Deps, UserContext } from '../../lib/context.js';
import { recordAudit, type AuditWho } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { inviteLink, loginLink } from '../../lib/links.js';
import { hit, undo } from '../../lib/rate-limit.js';
import { teamsText } from './teams.messages.js';
import { storeInvitation } from './invitation-tokens.service.js';

/**
 * Invitation limits: calls per manager in one window, and one invitation per address per day
 * (whoever sends it), so the call cannot be used to flood someone's mailbox.
 */
/**
 * Invitations: calls per manager per hour, one e-mail per address a day, and at most
 * `sentPerManagerPerDay` e-mails per manager a day (without it one manager could send 500 an
 * hour to any addresses through our mail server).
 */
export const INVITE_LIMITS = {
  callsPerManager: 10,
  windowMs: 60 * 60_000,
  perAddressMs: 24 * 3600_000,
  sentPerManagerPerDay: 200,
} as const;
/** A location's team is told at most once per menu in this window (a double click, a reload). */
export const NOTIFY_WINDOW_MS = 15 * 60_000;

/** The manager's own location, the only one their team calls act on. */
export interface ManagedLocation {
  id: number;
  title: string;
  token: string;
  status: boolean;
}

/** What the team's calls need beyond the request: links (from PUBLIC_URL) and the mailer. */
export type TeamDeps = Pick<Deps, 'env' | 'mailer'>;
/** The request as the team's calls read it: the manager, the clock, the language of answers and e-mails. */
export type TeamCtx = Pick<UserContext, 'db' | 'now' | 'lang' | 'user'>;

/** Checks the caller manages a location (403 otherwise) and answers that location. */
export async function managedLocation(db: Db, user: AuthUser): Promise<ManagedLocation> {
  if (!user.isLocationManager || user.locationId === null) throw new AppError(403, teamsText.coded('notManager'));
  const [row] = await db
    .select({ id: locations.id, title: locations.title, token: locations.token, status: locations.status })
    .from(locations)
    .where(eq(locations.id, user.locationId));
  if (!row) throw new AppError(403, teamsText.coded('notManager'));
  return row;
}

/** The location's invitation sign-up address; only ever from PUBLIC_URL, never the request's Host. */
function inviteUrl(deps: TeamDeps, location: ManagedLocation): string {
  return inviteLink(deps.env, location.token);
}

/** Team members are the customers of the location; staff accounts placed there are not. */
const inTeam = (locationId: number) => and(eq(users.locationId, locationId), eq(users.role, 'customer'));

const memberColumns = {
  id: users.id,
  firstName: users.firstName,
  email: users.email,
  active: users.active,
  isLocationManager: users.isLocationManager,
  costCentreId: users.costCentreId,
};
type MemberRow = { id: number; firstName: string; email: string; active: boolean; isLocationManager: boolean; costCentreId: number | null };

function presentMember(row: MemberRow, viewer: AuthUser): TeamMember {
  return {
    id: row.id,
    first_name: row.firstName,
    email: row.email,
    activated: row.active,
    is_location_manager: row.isLocationManager,
    is_self: row.id === viewer.id,
    cost_centre_id: row.costCentreId,
  };
}

/** GET /app/me/team */
export async function listTeam(ctx: TeamCtx, deps: TeamDeps): Promise<TeamResult> {
  const { db, user } = ctx;
  const location = await managedLocation(db, user);
  const rows = await db
    .select(memberColumns)
    .from(users)
    .where(inTeam(location.id))
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.email})`), asc(users.id));
  return {
    location: { id: location.id, title: location.title, invite_url: inviteUrl(deps, location) },
    data: rows.map((r) => presentMember(r, user)),
  };
}

/**
 * DELETE /app/me/deactivate/{id} and GET /app/me/activate/{id}. Only members of the manager's
 * own location (404 for anyone else, so ids of other teams reveal nothing), never the manager.
 * Deactivating also ends the member's sessions at once. Both are idempotent.
 */
export async function setMemberActive(
  ctx: TeamCtx,
  { memberId, active, who }: { memberId: number; active: boolean; who: AuditWho },
): Promise<MemberResult> {
  const { db, user } = ctx;
  const location = await managedLocation(db, user);
  if (memberId === user.id) throw new AppError(403, teamsText.coded('notSelf'));
  const member = await db.transaction(async (tx) => {
    const [old] = await tx
      .select({ active: users.active })
      .from(users)
      .where(and(eq(users.id, memberId), inTeam(location.id)))
      .for('update');
    const [row] = await tx
      .update(users)
      .set({ active })
      .where(and(eq(users.id, memberId), inTeam(location.id)))
      .returning(memberColumns);
    if (!row) throw new AppError(404, t.coded('notFound'));
    if (!active) await revokeUserSessions(tx, row.id);
    // Both calls are idempotent: a repeat changes nothing and records nothing.
    if (old && old.active !== active)
      await recordAudit(tx, who, {
        action: 'user.active',
        entityType: 'user',
        entityId: row.id,
        before: { active: old.active },
        after: { active },
      });
    return row;
  });
  return {
    success: true,
    message: teamsText(ctx.lang, active ? 'activated' : 'deactivated', { name: member.firstName || member.email }),
    member: presentMember(member, user),
  };
}

/**
 * POST /app/me/invite: e-mails each new address its own invitation sign-up link
 * (/user/register-invited/{invitation token}, stored hashed: see invitations.service.ts), and a note to sign in to an address that has an account
 * elsewhere (answered like a new one: a manager cannot probe which addresses have accounts).
 * Addresses already in the team, repeated in the list or invited in the last day are skipped
 * and named in the answer.
 */
export async function inviteMembers(
  ctx: TeamCtx,
  deps: TeamDeps,
  { emails, who }: { emails: string[]; who: AuditWho },
): Promise<InviteResult> {
  const { db, user, lang } = ctx;
  const location = await managedLocation(db, user);
  if (!location.status) throw new AppError(409, teamsText.coded('locationInactive'));
  const calls = await hit(db, `team-invite:manager:${user.id}`, INVITE_LIMITS.windowMs);
  if (calls.count > INVITE_LIMITS.callsPerManager) {
    const seconds = Math.max(1, Math.ceil((calls.resetAt.getTime() - Date.now()) / 1000));
    throw new AppError(429, t.coded('tooManyRequests'), {}, { 'retry-after': String(seconds) });
  }

  const skipped: { email: string; reason: InviteSkipReason }[] = [];
  const unique: string[] = [];
  const seen = new Set<string>();
  for (const raw of emails) {
    const email = raw.trim();
    const key = email.toLowerCase();
    if (seen.has(key)) skipped.push({ email, reason: 'duplicate' });
    else {
      seen.add(key);
      unique.push(email);
    }
  }

  const existing = unique.length
    ? await db
        .select({ email: sql<string>`lower(${users.email})`, locationId: users.locationId, role: users.role })
        .from(users)
        .where(
          inArray(
            sql`lower(${users.email})`,
            unique.map((e) => e.toLowerCase()),
          ),
        )
    : [];
  const accountOf = new Map(existing.map((r) => [r.email, r]));
  const candidates: string[] = [];
  // An address with an account elsewhere is answered like a new one (the manager must not learn
  // who has an account); its holder gets a note to sign in instead of a sign-up link.
  const hasAccount = new Set<string>();
  for (const email of unique) {
    const account = accountOf.get(email.toLowerCase());
    if (account && account.locationId === location.id && account.role === 'customer') skipped.push({ email, reason: 'member' });
    else {
      if (account) hasAccount.add(email);
      candidates.push(email);
    }
  }

  // One invitation per address per day; counted atomically, so parallel calls cannot both send.
  const counts = await Promise.all(candidates.map((e) => hit(db, `team-invite:address:${e.toLowerCase()}`, INVITE_LIMITS.perAddressMs)));
  const manager = user.firstName || user.email;
  const sent: string[] = [];
  for (const [i, email] of candidates.entries()) {
    if (counts[i]!.count > 1) {
      skipped.push({ email, reason: 'recently_invited' });
      continue;
    }
    const today = await hit(db, `team-invite:sent:${user.id}`, INVITE_LIMITS.perAddressMs);
    if (today.count > INVITE_LIMITS.sentPerManagerPerDay) {
      // Not sent: the address may be invited again (by anyone) without waiting a day.
      await undo(db, `team-invite:address:${email.toLowerCase()}`);
      skipped.push({ email, reason: 'daily_limit' });
      continue;
    }
    // Each address gets its own invitation, stored (hashed) so the manager sees it pending and
    // can revoke or resend it. An address with an account gets only the note to sign in, but its
    // invitation is stored all the same: the pending list must not tell who has an account.
    const { link } = await storeInvitation(ctx, deps.env, { locationId: location.id, email, invitedBy: user.id });
    const text = hasAccount.has(email)
      ? teamsText(lang, 'inviteExistingBody', { manager, location: location.title, link: loginLink(deps.env) })
      : teamsText(lang, 'inviteBody', { manager, location: location.title, link });
    await deps.mailer.send({ to: email, subject: teamsText(lang, 'inviteSubject', { location: location.title }), text });
    sent.push(email);
  }

  // The invitations went out one by one (the mailer's own writes); the manager's act is recorded
  // once with the addresses it reached (none reached: nothing changed, nothing recorded).
  if (sent.length)
    await db.transaction((tx) =>
      recordAudit(tx, who, { action: 'team.invite', entityType: 'location', entityId: location.id, after: { emails: sent } }),
    );

  // Skips in the order the addresses were given.
  const order = new Map(emails.map((e, i) => [e.trim(), i]));
  skipped.sort((a, b) => (order.get(a.email) ?? 0) - (order.get(b.email) ?? 0));
  return {
    success: true,
    message: teamsText(lang, 'inviteSummary', { sent: sent.length, skipped: skipped.length }),
    sent,
    skipped: skipped.map((s) => ({ ...s, message: teamsText(lang, `skip.${s.reason}`, { count: INVITE_LIMITS.sentPerManagerPerDay }) })),
  };
}

/**
 * GET /app/me/notify-lunch-is-delivered: e-mails the active members of the manager's location
 * who have a placed order on a menu of today (the menu's `from` falls on today in its provider's
 * time zone) that "lunch is delivered". Members who turned "Notify on delivery" off in their
 * profile are counted, not e-mailed; the manager is not told about their own lunch. Each menu's
 * notice goes out at most once per location in NOTIFY_WINDOW_MS.
 */
export async function notifyLunchDelivered(ctx: TeamCtx, deps: TeamDeps, { who }: { who: AuditWho }): Promise<NotifyResult> {
  const { db, user, lang, now } = ctx;
  const location = await managedLocation(db, user);
  const todays = await db.execute<{ id: number; title: string }>(sql`
    select distinct m.id, m.title
    from orders o
    join menus m on m.id = o.menu_id
    join providers p on p.id = m.provider_id
    where o.location_id = ${location.id} and o.status = 2
      and (m."from" at time zone p.timezone)::date = (${now.toISOString()}::timestamptz at time zone p.timezone)::date
    order by m.id`);
  const menus = todays.rows.map((r) => ({ id: Number(r.id), title: r.title }));
  if (menus.length === 0) {
    return { success: true, message: teamsText(lang, 'noOrdersToday'), notified: 0, opted_out: 0, menus: [] };
  }

  const windows = await Promise.all(menus.map((m) => hit(db, `team-notify:${location.id}:${m.id}`, NOTIFY_WINDOW_MS)));
  const fresh = menus.filter((_, i) => windows[i]!.count === 1);
  if (fresh.length === 0) {
    const until = Math.min(...windows.map((w) => w.resetAt.getTime()));
    const minutes = Math.max(1, Math.ceil((until - Date.now()) / 60_000));
    throw new AppError(409, teamsText.coded('alreadyNotified', { minutes }));
  }

  const ids = fresh.map((m) => m.id);
  const recipients = await db
    .selectDistinct({ id: users.id, email: users.email, firstName: users.firstName, notify: users.notifyOnDelivery })
    .from(users)
    .where(
      and(
        inTeam(location.id),
        eq(users.active, true),
        ne(users.id, user.id),
        sql`exists (select 1 from orders o where o.user_id = ${users.id} and o.location_id = ${location.id} and o.status = 2 and o.menu_id in ${ids})`,
      ),
    )
    .orderBy(asc(users.id));
  const menuTitles = fresh.map((m) => m.title).join(', ');
  const manager = user.firstName || user.email;
  let notified = 0;
  for (const r of recipients) {
    if (!r.notify) continue;
    await deps.mailer.send({
      to: r.email,
      subject: teamsText(lang, 'notifySubject'),
      text: teamsText(lang, 'notifyBody', { name: r.firstName, location: location.title, menu: menuTitles, manager }),
    });
    notified++;
  }
  await db.transaction((tx) =>
    recordAudit(tx, who, { action: 'team.notify', entityType: 'location', entityId: location.id, after: { menu_ids: ids, notified } }),
  );
  return {
    success: true,
    message: teamsText(lang, 'notified', { count: notified }),
    notified,
    opted_out: recipients.length - notified,
    menus: fresh,
  };
}
