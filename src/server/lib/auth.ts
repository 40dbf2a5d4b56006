import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { sessions, users } from '../db/schema/index.js';
import type { Access, AuthUser, Deps, Role } from './context.js';
import { AppError } from './errors.js';
import { t } from './messages.js';
import { hashToken, newToken } from './tokens.js';

/** Session lifetimes: with "remember me" and without. */
export const SESSION_TTL_MS = { remember: 30 * 24 * 3600_000, short: 12 * 3600_000 } as const;
/** A session unused this long ends even before its lifetime. */
export const SESSION_IDLE_MS = { remember: 14 * 24 * 3600_000, short: 2 * 3600_000 } as const;
/** last_seen_at is written at most this often, to keep reads cheap. */
const TOUCH_EVERY_MS = 60_000;

export async function createSession(db: Db, userId: number, remember: boolean, now: Date): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    remember,
    expiresAt: new Date(now.getTime() + (remember ? SESSION_TTL_MS.remember : SESSION_TTL_MS.short)),
    lastSeenAt: now,
  });
  return token;
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user (password change, deactivation), optionally keeping one. */
export async function revokeUserSessions(db: Db, userId: number, keepSessionId?: number): Promise<void> {
  await db
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${keepSessionId}`) : eq(sessions.userId, userId));
}

function bearerOf(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  if (req.routeOptions.config.allowQueryToken) {
    const q = (req.query as Record<string, unknown> | undefined)?.bearer;
    if (typeof q === 'string' && q) return q;
  }
  return null;
}

/** Finds the live session behind a token, or null. */
export async function resolveUser(db: Db, token: string, now: Date): Promise<AuthUser | null> {
  const rows = await db
    .select({
      sessionId: sessions.id,
      remember: sessions.remember,
      lastSeenAt: sessions.lastSeenAt,
      id: users.id,
      email: users.email,
      role: users.role,
      firstName: users.firstName,
      locationId: users.locationId,
      isLocationManager: users.isLocationManager,
      active: users.active,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  const row = rows[0];
  if (!row || !row.active) return null;
  const idle = row.remember ? SESSION_IDLE_MS.remember : SESSION_IDLE_MS.short;
  const seenAgo = now.getTime() - row.lastSeenAt.getTime();
  if (seenAgo > idle) {
    await revokeSession(db, row.sessionId);
    return null;
  }
  if (seenAgo > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    firstName: row.firstName,
    locationId: row.locationId,
    isLocationManager: row.isLocationManager,
    sessionId: row.sessionId,
  };
}

function allows(access: Access, role: Role): boolean {
  if (access === 'public' || access === 'user') return true;
  return access.includes(role);
}

/** onRequest hook: who is calling, and may they call this route. */
export function authHook(deps: Deps) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    req.user = null;
    const access = req.routeOptions.config.access;
    if (access === undefined) return; // not an /app route (static files, 404s)
    const token = bearerOf(req);
    if (token) req.user = await resolveUser(deps.database.db, token, deps.now());
    if (access === 'public') return;
    if (!req.user) throw new AppError(401, t(req.lang, 'unauthenticated'));
    if (!allows(access, req.user.role)) throw new AppError(403, t(req.lang, 'forbidden'));
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Also accept the token as ?bearer= (download links opened by the browser). */
    allowQueryToken?: boolean;
  }
}
