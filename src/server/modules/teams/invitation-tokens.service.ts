import { and, eq, gt, isNull } from 'drizzle-orm';
import { teamInvitations } from '../../db/schema/index.js';
import type { Db, Tx } from '../../db/client.js';
import type { Env } from '../../env.js';
import { inviteLink } from '../../lib/links.js';
import { hashToken, newToken } from '../../lib/tokens.js';

/** How long an e-mailed team invitation link works (a resend starts the time again). */
export const TEAM_INVITE_TTL_MS = 14 * 24 * 3600_000;

/**
 * Stores one e-mailed invitation and answers its link. Only the token's hash is kept; the
 * token itself goes into the e-mail and nowhere else.
 */
export async function storeInvitation(
  { db, now }: { db: Db | Tx; now: Date },
  env: Env,
  input: { locationId: number; email: string; invitedBy: number },
): Promise<{ id: number; link: string }> {
  const token = newToken();
  const [row] = await db
    .insert(teamInvitations)
    .values({
      locationId: input.locationId,
      email: input.email,
      invitedBy: input.invitedBy,
      tokenHash: hashToken(token),
      sentAt: now,
      expiresAt: new Date(now.getTime() + TEAM_INVITE_TTL_MS),
    })
    .returning({ id: teamInvitations.id });
  return { id: row!.id, link: inviteLink(env, token) };
}

/** Pending: neither accepted nor revoked, and not expired. */
export const pending = (now: Date) =>
  and(isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt), gt(teamInvitations.expiresAt, now));

/** What a sign-up link's token names when it is an e-mailed invitation's. */
export type InvitationLookup =
  { state: 'none' } | { state: 'live'; id: number; locationId: number } | { state: 'revoked' | 'expired' | 'accepted' };

/** Looks a sign-up token up among e-mailed invitations (by its hash). */
export async function findInvitation(db: Db | Tx, token: string, now: Date): Promise<InvitationLookup> {
  const [row] = await db
    .select({
      id: teamInvitations.id,
      locationId: teamInvitations.locationId,
      acceptedAt: teamInvitations.acceptedAt,
      revokedAt: teamInvitations.revokedAt,
      expiresAt: teamInvitations.expiresAt,
    })
    .from(teamInvitations)
    .where(eq(teamInvitations.tokenHash, hashToken(token)));
  if (!row) return { state: 'none' };
  if (row.revokedAt) return { state: 'revoked' };
  if (row.acceptedAt) return { state: 'accepted' };
  if (row.expiresAt <= now) return { state: 'expired' };
  return { state: 'live', id: row.id, locationId: row.locationId };
}

/** Marks a live invitation accepted (once: a parallel second use finds it taken and answers false). */
export async function acceptInvitation(db: Db | Tx, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(teamInvitations)
    .set({ acceptedAt: now })
    .where(and(eq(teamInvitations.id, id), pending(now)))
    .returning({ id: teamInvitations.id });
  return rows.length > 0;
}
