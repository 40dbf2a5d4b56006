import { and, desc, eq, sql } from 'drizzle-orm';
import type { InvitationResult, PendingInvitation, InvitationsResult } from '../../../shared/schemas/teams.js';
import { teamInvitations, users } from '../../db/schema/index.js';
import type { Tx } from '../../db/client.js';
import { recordAudit, type AuditWho } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { inviteLink, loginLink } from '../../lib/links.js';
import { hit } from '../../lib/rate-limit.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { INVITE_LIMITS, managedLocation, type TeamCtx, type TeamDeps } from './teams.service.js';
import { teamsText } from './teams.messages.js';
import { pending, TEAM_INVITE_TTL_MS } from './invitation-tokens.service.js';

const columns = {
  id: teamInvitations.id,
  email: teamInvitations.email,
  sentAt: teamInvitations.sentAt,
  expiresAt: teamInvitations.expiresAt,
  invitedBy: users.firstName,
  invitedByEmail: users.email,
};
type Row = { id: number; email: string; sentAt: Date; expiresAt: Date; invitedBy: string | null; invitedByEmail: string | null };

function present(r: Row): PendingInvitation {
  return {
    id: r.id,
    email: r.email,
    invited_by: r.invitedBy || r.invitedByEmail || null,
    sent_at: r.sentAt.toISOString(),
    expires_at: r.expiresAt.toISOString(),
  };
}

/** GET /app/me/invitations: the manager's own location's pending invitations, newest first. */
export async function listInvitations(ctx: TeamCtx): Promise<InvitationsResult> {
  const { db, now } = ctx;
  const location = await managedLocation(db, ctx.user);
  const rows = await db
    .select(columns)
    .from(teamInvitations)
    .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
    .where(and(eq(teamInvitations.locationId, location.id), pending(now)))
    .orderBy(desc(teamInvitations.sentAt), desc(teamInvitations.id));
  return { data: rows.map(present) };
}

/** The pending invitation `id` of the manager's location, locked; 404 for any other. */
async function lockPending(tx: Tx, now: Date, locationId: number, id: number): Promise<Row> {
  const [row] = await tx
    .select(columns)
    .from(teamInvitations)
    .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
    .where(and(eq(teamInvitations.id, id), eq(teamInvitations.locationId, locationId), pending(now)))
    .for('update', { of: teamInvitations });
  if (!row) throw new AppError(404, teamsText.coded('invitationGone'));
  return row;
}

/** DELETE /app/me/invitations/{id}: the link stops working at once; a second call answers 404. */
export async function revokeInvitation(ctx: TeamCtx, { id, who }: { id: number; who: AuditWho }): Promise<InvitationResult> {
  const { db, now } = ctx;
  const location = await managedLocation(db, ctx.user);
  const row = await db.transaction(async (tx) => {
    const found = await lockPending(tx, now, location.id, id);
    await tx.update(teamInvitations).set({ revokedAt: now }).where(eq(teamInvitations.id, id));
    await recordAudit(tx, who, {
      action: 'team.invitation_revoke',
      entityType: 'location',
      entityId: location.id,
      after: { invitation: id, email: found.email },
    });
    return found;
  });
  return { success: true, message: teamsText(ctx.lang, 'invitationRevoked', { email: row.email }), invitation: present(row) };
}

/**
 * POST /app/me/invitations/{id}/resend: a new link (the old one stops working) with a new
 * expiry, e-mailed again. Counted against the same one-a-day-per-address limit as an invitation.
 */
export async function resendTeamInvitation(
  ctx: TeamCtx,
  deps: TeamDeps,
  { id, who }: { id: number; who: AuditWho },
): Promise<InvitationResult> {
  const { db, now, user, lang } = ctx;
  const location = await managedLocation(db, user);
  if (!location.status) throw new AppError(409, teamsText.coded('locationInactive'));
  const token = newToken();
  const row = await db.transaction(async (tx) => {
    const found = await lockPending(tx, now, location.id, id);
    const { count } = await hit(tx, `team-invite:address:${found.email.toLowerCase()}`, INVITE_LIMITS.perAddressMs);
    if (count > 1) throw new AppError(429, teamsText.coded('skip.recently_invited'));
    const expiresAt = new Date(now.getTime() + TEAM_INVITE_TTL_MS);
    await tx
      .update(teamInvitations)
      .set({ tokenHash: hashToken(token), sentAt: now, expiresAt })
      .where(eq(teamInvitations.id, id));
    await recordAudit(tx, who, {
      action: 'team.invitation_resend',
      entityType: 'location',
      entityId: location.id,
      after: { invitation: id, email: found.email },
    });
    return { ...found, sentAt: now, expiresAt };
  });
  // As the first e-mail: an address that has an account meanwhile is told to sign in.
  const manager = user.firstName || user.email;
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${row.email.toLowerCase()}`);
  await deps.mailer.send({
    to: row.email,
    subject: teamsText(lang, 'inviteSubject', { location: location.title }),
    text: account
      ? teamsText(lang, 'inviteExistingBody', { manager, location: location.title, link: loginLink(deps.env) })
      : teamsText(lang, 'inviteBody', { manager, location: location.title, link: inviteLink(deps.env, token) }),
  });
  return { success: true, message: teamsText(lang, 'invitationResent', { email: row.email }), invitation: present(row) };
}
