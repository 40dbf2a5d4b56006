import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { PasswordCreateInput, PasswordResetInput, RegisterInvitedInput } from '../../../shared/schemas/auth.js';
import type { Db, Tx } from '../../db/client.js';
import { locations, users, userTokens } from '../../db/schema/index.js';
import { revokeUserSessions } from '../../lib/auth.js';
import type { Deps, RequestContext } from '../../lib/context.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { hashPassword } from '../../lib/passwords.js';
import { afterAnswer } from '../../lib/after-answer.js';
import { loginLink, resetLink } from '../../lib/links.js';
import { hit } from '../../lib/rate-limit.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { authText } from './auth.messages.js';
import { acceptInvitation, findInvitation } from '../teams/invitation-tokens.service.js';

/** The request as these calls read it: the clock, and the language of the e-mails they send. */
type AuthCtx = Pick<RequestContext, 'db' | 'now' | 'lang'>;
/** What the e-mails need: links (from PUBLIC_URL) and the mailer. */
type MailDeps = Pick<Deps, 'env' | 'mailer'>;

/** How long a reset link works. */
export const RESET_TTL_MS = 60 * 60_000;
/** Reset requests allowed per e-mail and per address in one window. */
export const RESET_LIMITS = { perAccount: 5, perAddress: 20, windowMs: 15 * 60_000 } as const;

/**
 * Counts a reset request against its limits (the same two writes for every address) and
 * answers; the lookup, the token and the mail happen after the answer (`sendResetLink`), so
 * neither the text nor the time of the answer tells who has an account.
 */
export async function requestPasswordReset(
  ctx: AuthCtx,
  deps: MailDeps,
  input: { email: string; ip: string; log: (err: unknown) => void },
): Promise<void> {
  const { db } = ctx;
  const { ip } = input;
  const email = input.email.trim().toLowerCase();
  const [byAccount, byAddress] = await Promise.all([
    hit(db, `reset:account:${email}`, RESET_LIMITS.windowMs),
    hit(db, `reset:address:${ip}`, RESET_LIMITS.windowMs),
  ]);
  if (byAccount.count > RESET_LIMITS.perAccount || byAddress.count > RESET_LIMITS.perAddress) {
    throw new AppError(429, t.coded('tooManyRequests'));
  }
  afterAnswer(() => sendResetLink(ctx, deps, email), input.log);
}

/** Sends a reset link when the e-mail belongs to an active user; nothing otherwise. */
async function sendResetLink({ db, now, lang }: AuthCtx, deps: MailDeps, email: string): Promise<void> {
  const user = (
    await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email}`, eq(users.active, true)))
  )[0];
  if (!user) return;
  const token = newToken();
  await db.insert(userTokens).values({
    kind: 'reset',
    userId: user.id,
    email: user.email,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + RESET_TTL_MS),
  });
  const link = resetLink(deps.env, token, user.email);
  await deps.mailer.send({
    to: user.email,
    subject: authText(lang, 'resetSubject'),
    text: authText(lang, 'resetBody', { link, within: authText(lang, 'withinMinutes', { count: RESET_TTL_MS / 60_000 }) }),
    sensitive: true,
  });
}

/** Takes a live token of a kind, marking it used in the same statement so it works once. */
async function consumeToken(db: Db | Tx, now: Date, kind: 'reset' | 'invite', token: string) {
  const rows = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(eq(userTokens.tokenHash, hashToken(token)), eq(userTokens.kind, kind), isNull(userTokens.usedAt), gt(userTokens.expiresAt, now)),
    )
    .returning();
  return rows[0] ?? null;
}

/** POST /app/password/reset: the new password, when the link is live and given with its own e-mail. */
export async function resetPassword({ db, now }: AuthCtx, input: PasswordResetInput): Promise<void> {
  // Check the e-mail before using up the token, so a typo does not burn the link.
  const live = (
    await db
      .select({ email: userTokens.email })
      .from(userTokens)
      .where(
        and(
          eq(userTokens.tokenHash, hashToken(input.token)),
          eq(userTokens.kind, 'reset'),
          isNull(userTokens.usedAt),
          gt(userTokens.expiresAt, now),
        ),
      )
  )[0];
  if (!live || live.email.toLowerCase() !== input.email.trim().toLowerCase()) {
    throw fieldError(t.coded('invalid'), { email: [authText.coded('resetInvalid')] });
  }
  const passwordHash = await hashPassword(input.password);
  // Token, password and sessions change together or not at all.
  await db.transaction(async (tx) => {
    const used = await consumeToken(tx, now, 'reset', input.token);
    if (!used?.userId) throw fieldError(t.coded('invalid'), { email: [authText.coded('resetInvalid')] });
    await tx.update(users).set({ passwordHash }).where(eq(users.id, used.userId));
    await expireResetTokens(tx, used.userId, now);
    await revokeUserSessions(tx, used.userId);
  });
}

/** Uses up every outstanding reset link of a user (after the password changed). */
export async function expireResetTokens(db: Db | Tx, userId: number, now: Date): Promise<void> {
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, 'reset'), isNull(userTokens.usedAt)));
}

/** The e-mail an invitation link was sent to, for the create-password page. */
export async function invitationEmail({ db, now }: AuthCtx, token: string): Promise<string> {
  const row = (
    await db
      .select({ email: userTokens.email })
      .from(userTokens)
      .where(
        and(
          eq(userTokens.tokenHash, hashToken(token)),
          eq(userTokens.kind, 'invite'),
          isNull(userTokens.usedAt),
          gt(userTokens.expiresAt, now),
        ),
      )
  )[0];
  if (!row) throw new AppError(404, authText.coded('linkInvalid'));
  return row.email;
}

/** Sets the first password of an invited user (the invitation created the account). */
export async function createPasswordFromInvite({ db, now }: AuthCtx, input: PasswordCreateInput): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const used = await consumeToken(tx, now, 'invite', input.token);
    if (!used?.userId) throw fieldError(t.coded('invalid'), { token: [authText.coded('linkInvalid')] });
    // The account's active flag is the manager's to set; an invitation link does not change it.
    await tx.update(users).set({ passwordHash }).where(eq(users.id, used.userId));
  });
}

/** Why a dead e-mailed invitation's link is refused. */
const DEAD_INVITE = { revoked: 'inviteRevoked', expired: 'inviteExpired', accepted: 'inviteUsed' } as const;

/** Sign-ups allowed per address in one window (a leaked link must not mint accounts freely). */
export const SIGNUP_LIMITS = { perAddress: 10, windowMs: 60 * 60_000 } as const;

/**
 * Sign-up through a location's shared invite link. The answer is the same whether or not the
 * address already has an account (design.md 5, decision 014): a new address gets its account
 * (and an e-mail saying so), an existing one is left as it is and its holder is told by e-mail
 * to sign in. Nobody is signed in by the answer; the new member logs in with their password.
 * Both paths hash the password and try the insert before answering; the mail goes after.
 */
export async function registerInvited(
  ctx: AuthCtx,
  deps: MailDeps,
  input: RegisterInvitedInput & { ip: string; log: (err: unknown) => void },
): Promise<void> {
  const { db, now, lang } = ctx;
  const { count } = await hit(db, `signup:address:${input.ip}`, SIGNUP_LIMITS.windowMs);
  if (count > SIGNUP_LIMITS.perAddress) throw new AppError(429, t.coded('tooManyRequests'));
  // The token is an e-mailed invitation's (its own link, stored hashed) or a location's shared link.
  const invitation = await findInvitation(db, input.token, now);
  if (invitation.state !== 'none' && invitation.state !== 'live')
    throw fieldError(t.coded('invalid'), { token: [authText.coded(DEAD_INVITE[invitation.state])] });
  const location = (
    await db
      .select({ id: locations.id, title: locations.title })
      .from(locations)
      .where(
        and(
          invitation.state === 'live' ? eq(locations.id, invitation.locationId) : eq(locations.token, input.token),
          eq(locations.status, true),
        ),
      )
  )[0];
  if (!location) throw fieldError(t.coded('invalid'), { token: [authText.coded('linkInvalid')] });
  const passwordHash = await hashPassword(input.password);
  const email = input.email.trim();
  const inserted = await db.transaction(async (tx) => {
    // An invitation works once: taken here, with the account, or refused when a parallel use took it.
    if (invitation.state === 'live' && !(await acceptInvitation(tx, invitation.id, now)))
      throw fieldError(t.coded('invalid'), { token: [authText.coded('inviteUsed')] });
    return tx
      .insert(users)
      .values({ email, firstName: input.name, phone: input.phone, role: 'customer', locationId: location.id, passwordHash })
      .onConflictDoNothing()
      .returning({ id: users.id });
  });
  const isNew = inserted.length > 0;
  const login = loginLink(deps.env);
  afterAnswer(
    () =>
      deps.mailer.send({
        to: email,
        subject: authText(lang, 'signupSubject'),
        text: authText(lang, isNew ? 'signupBody' : 'signupExistingBody', { location: location.title, link: login }),
      }),
    input.log,
  );
}
