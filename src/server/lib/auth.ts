import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client.js';
import { sessions } from '../db/schema/index.js';
import type { Role } from '../../shared/roles.js';
import type { Access, AuthUser, Deps } from './context.js';
import { AppError } from './errors.js';
import { SESSIONS_CHANNEL } from './events.js';
import { t } from './messages.js';
import { hashToken, newToken } from './tokens.js';

/** Session lifetimes: with "remember me" and without. */
export const SESSION_TTL_MS = { remember: 30 * 24 * 3600_000, short: 12 * 3600_000 } as const;
/** A session unused this long ends even before its lifetime. */
export const SESSION_IDLE_MS = { remember: 14 * 24 * 3600_000, short: 2 * 3600_000 } as const;
/** last_seen_at is written at most this often, to keep reads cheap. */
const TOUCH_EVERY_MS = 60_000;
/**
 * How long an instance trusts a session it has looked up. Revocation on the same instance is
 * immediate; another instance notices within this time (decision 003).
 */
export const SESSION_CACHE_MS = 1000;
const SESSION_CACHE_MAX = 20_000;

interface CachedSession {
  user: AuthUser;
  remember: boolean;
  expiresAt: number;
  lastSeenAt: number;
  cachedAt: number;
}

/** One cache per database handle, i.e. per app instance. */
const caches = new WeakMap<Db, Map<string, CachedSession>>();
/** Every cache in this process, for revocations made inside a transaction (no Db handle at hand). */
const allCaches = new Set<WeakRef<Map<string, CachedSession>>>();
function forgetAllCaches(userId: number, keepSessionId?: number) {
  for (const ref of allCaches) {
    const cache = ref.deref();
    if (!cache) {
      allCaches.delete(ref);
      continue;
    }
    for (const [k, v] of cache) if (v.user.id === userId && v.user.sessionId !== keepSessionId) cache.delete(k);
  }
}
function cacheOf(db: Db): Map<string, CachedSession> {
  let c = caches.get(db);
  if (!c) {
    caches.set(db, (c = new Map()));
    allCaches.add(new WeakRef(c));
  }
  return c;
}

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

/**
 * Tells every instance that a user's sessions, role or status changed, so their open event
 * streams re-check at once (decision 030). A NOTIFY: inside a transaction it is delivered when
 * that commits, and never if it rolls back.
 */
export async function announceSessionChange(db: Db | Tx, userId: number): Promise<void> {
  await db.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${String(userId)})`);
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  const cache = cacheOf(db);
  for (const [k, v] of cache) if (v.user.sessionId === sessionId) cache.delete(k);
  const [gone] = await db.delete(sessions).where(eq(sessions.id, sessionId)).returning({ userId: sessions.userId });
  if (gone) await announceSessionChange(db, gone.userId);
}

/**
 * Drops a user's sessions from this instance's cache after a role, location or status change
 * (call after the commit), and has every instance's event streams of the user re-check.
 */
export async function forgetCachedUser(db: Db, userId: number): Promise<void> {
  dropCachedUser(db, userId);
  await announceSessionChange(db, userId);
}

/** Drops a user's sessions from this instance's cache only (another instance announced a change). */
export function dropCachedUser(db: Db, userId: number): void {
  const cache = cacheOf(db);
  for (const [k, v] of cache) if (v.user.id === userId) cache.delete(k);
}

/** Ends every session of a user (password change, deactivation), optionally keeping one. */
export async function revokeUserSessions(db: Db | Tx, userId: number, keepSessionId?: number): Promise<void> {
  forgetAllCaches(userId, keepSessionId);
  await db
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${keepSessionId}`) : eq(sessions.userId, userId));
  await announceSessionChange(db, userId);
}

/** What an open event stream needs to know of its session: still there, and the user's role now. */
export interface LiveSession {
  userId: number;
  role: Role;
}

/**
 * Of these sessions, the ones a call would still accept now (not expired, not idle past their
 * limit, user active), with the user's current role. One query however many; no touch of
 * last_seen_at (an open stream is not a call).
 */
export async function liveSessions(db: Db, sessionIds: readonly number[], now: Date): Promise<Map<number, LiveSession>> {
  const live = new Map<number, LiveSession>();
  if (sessionIds.length === 0) return live;
  const rows = (
    await db.$client.query<{ id: number; userId: number; role: Role; remember: boolean; lastSeenAt: Date }>({
      name: 'live-sessions',
      text: `select s.id, s.user_id as "userId", u.role, s.remember, s.last_seen_at as "lastSeenAt"
        from sessions s join users u on u.id = s.user_id
        where s.id = any($1::int[]) and s.expires_at > $2 and u.active`,
      values: [sessionIds, now],
    })
  ).rows;
  for (const r of rows) {
    if (now.getTime() - r.lastSeenAt.getTime() > idleLimit(r.remember)) continue;
    live.set(r.id, { userId: r.userId, role: r.role });
  }
  return live;
}

function bearerOf(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  // Only the header: a session token in an address (?bearer=) would end up in browser history,
  // proxy and server logs and Referer headers (decision 012); downloads use scoped links instead.
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return null;
}

function idleLimit(remember: boolean) {
  return remember ? SESSION_IDLE_MS.remember : SESSION_IDLE_MS.short;
}

/** The cached user behind a token hash while the cache may be trusted, else null. */
function cachedUser(cache: Map<string, CachedSession>, hash: string, now: Date): AuthUser | null {
  const hit = cache.get(hash);
  if (hit && Date.now() - hit.cachedAt < SESSION_CACHE_MS) {
    const t = now.getTime();
    // Past the touch interval the database is asked again, so last_seen_at keeps moving.
    if (t < hit.expiresAt && t - hit.lastSeenAt <= TOUCH_EVERY_MS) return hit.user;
  }
  cache.delete(hash);
  return null;
}

function remember(cache: Map<string, CachedSession>, hash: string, session: Omit<CachedSession, 'cachedAt'>) {
  if (cache.size >= SESSION_CACHE_MAX) cache.clear();
  cache.set(hash, { ...session, cachedAt: Date.now() });
}

/** Finds the live session behind a token, or null. */
export async function resolveUser(db: Db, token: string, now: Date): Promise<AuthUser | null> {
  const cache = cacheOf(db);
  const hash = hashToken(token);
  const hit = cachedUser(cache, hash, now);
  if (hit) return hit;
  const rows = (await db.$client.query<SessionRow>({ name: 'session-lookup', text: LOOKUP_SQL, values: [hash, now] })).rows;
  const session = rows[0] ? await accept(db, rows[0], now) : null;
  if (session) remember(cache, hash, session);
  return session?.user ?? null;
}

/** The session lookup runs on every uncached signed-in call: a named (prepared) plain query. */
const LOOKUP_SQL = `select s.id as "sessionId", s.remember, s.last_seen_at as "lastSeenAt", s.expires_at as "expiresAt",
    u.id, u.email, u.role, u.first_name as "firstName", u.location_id as "locationId",
    u.is_location_manager as "isLocationManager", u.active
  from sessions s join users u on u.id = s.user_id
  where s.token_hash = $1 and s.expires_at > $2
  limit 1`;

/**
 * A session joined to its user, as the lookup reads it. A route with `sessionInQuery` reads the
 * same fields in its own first query (`sessions s join users u`, token hash and expiry as in
 * LOOKUP_SQL) and hands them to `completeSignIn`.
 */
export interface SessionRow {
  sessionId: number;
  remember: boolean;
  lastSeenAt: Date;
  expiresAt: Date;
  id: number;
  email: string;
  role: Role;
  firstName: string;
  locationId: number | null;
  isLocationManager: boolean;
  active: boolean;
}

/**
 * Sessions whose last_seen_at is due, per app instance (decision 059). The call does not wait for
 * the touch: the touches due meanwhile are written together by one prepared statement (one round
 * trip and one commit for many calls) as soon as the previous one is done. last_seen_at only
 * measures idleness (hours or days), so a touch lost in a crash costs nothing.
 */
interface Touches {
  due: Map<number, Date>;
  writing: Promise<void> | null;
}
const touchesOf = new WeakMap<Db, Touches>();
const TOUCH_SQL = `update sessions s set last_seen_at = t.at
  from unnest($1::int[], $2::timestamptz[]) as t(id, at)
  where s.id = t.id and s.last_seen_at < t.at`;

function touchLater(db: Db, sessionId: number, now: Date): void {
  let touches = touchesOf.get(db);
  if (!touches) touchesOf.set(db, (touches = { due: new Map(), writing: null }));
  touches.due.set(sessionId, now);
  if (!touches.writing) touches.writing = writeTouches(db, touches);
}

async function writeTouches(db: Db, touches: Touches): Promise<void> {
  // Let the calls of this turn of the event loop join the batch.
  await new Promise<void>((resolve) => setImmediate(resolve));
  while (touches.due.size > 0) {
    const batch = [...touches.due];
    touches.due.clear();
    try {
      await db.$client.query({
        name: 'session-touch',
        text: TOUCH_SQL,
        values: [batch.map(([id]) => id), batch.map(([, at]) => at)],
      });
    } catch {
      // Idleness is measured again on the next call past the touch interval; nothing else depends on it.
    }
  }
  touches.writing = null;
}

/** Waits for the session touches this instance has not written yet (the app's close). */
export async function settleTouches(db: Db): Promise<void> {
  await touchesOf.get(db)?.writing;
}

/** Checks a found session (active user, idle limit), has last_seen_at touched when due. */
async function accept(db: Db, row: SessionRow, now: Date): Promise<Omit<CachedSession, 'cachedAt'> | null> {
  if (!row.active) return null;
  const seenAgo = now.getTime() - row.lastSeenAt.getTime();
  if (seenAgo > idleLimit(row.remember)) {
    await revokeSession(db, row.sessionId);
    return null;
  }
  let lastSeenAt = row.lastSeenAt.getTime();
  if (seenAgo > TOUCH_EVERY_MS) {
    touchLater(db, row.sessionId, now);
    lastSeenAt = now.getTime();
  }
  const user: AuthUser = {
    id: row.id,
    email: row.email,
    role: row.role,
    firstName: row.firstName,
    locationId: row.locationId,
    isLocationManager: row.isLocationManager,
    sessionId: row.sessionId,
  };
  return { user, remember: row.remember, expiresAt: row.expiresAt.getTime(), lastSeenAt };
}

/**
 * Finishes the sign-in the auth hook left to a `sessionInQuery` route: `row` is the session its
 * own query found for `req.sessionHash` (null: none, or expired). Applies every check the hook
 * would have (active user, idle limit, the route's roles), caches the session like a lookup,
 * sets `req.user` and answers it; throws 401 or 403 otherwise.
 */
export async function completeSignIn(db: Db, req: FastifyRequest, row: SessionRow | null, now: Date): Promise<AuthUser> {
  const hash = req.sessionHash;
  if (!hash) throw new Error('completeSignIn() without a deferred session');
  const session = row ? await accept(db, row, now) : null;
  if (!session) throw new AppError(401, t.coded('unauthenticated'));
  remember(cacheOf(db), hash, session);
  req.sessionHash = null;
  req.user = session.user;
  const access = req.routeOptions.config.access;
  if (access === undefined || !allows(access, session.user.role)) throw new AppError(403, t.coded('forbidden'));
  return session.user;
}

function allows(access: Access, role: Role): boolean {
  if (access === 'public' || access === 'user') return true;
  return access.includes(role);
}

/** onRequest hook: who is calling, and may they call this route. */
export function authHook(deps: Deps) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    req.user = null;
    req.sessionHash = null;
    const config = req.routeOptions.config; // a new object per access (decision 091): read once
    const access = config.access;
    if (access === undefined) return; // not an /app route (static files, 404s)
    const token = bearerOf(req);
    if (token && config.sessionInQuery && Array.isArray(access)) {
      // The route reads the session in its own first query and calls completeSignIn (one round
      // trip fewer on its hot path); a session this instance knows is used as it is.
      const db = deps.database.db;
      const hash = hashToken(token);
      req.user = cachedUser(cacheOf(db), hash, deps.now());
      if (!req.user) {
        req.sessionHash = hash;
        return;
      }
    } else if (token) {
      req.user = await resolveUser(deps.database.db, token, deps.now());
    }
    if (access === 'public') return;
    if (!req.user) throw new AppError(401, t.coded('unauthenticated'));
    if (!allows(access, req.user.role)) throw new AppError(403, t.coded('forbidden'));
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Role-restricted routes only: on a session-cache miss the hook does not look the session up
     * but leaves `req.sessionHash` for the handler, whose first query reads the session with its
     * own data and passes it to `completeSignIn` before doing anything else.
     */
    sessionInQuery?: boolean;
  }
  interface FastifyRequest {
    /** Set while a `sessionInQuery` route's sign-in is still to be completed. */
    sessionHash: string | null;
  }
}
