import { and, eq, ne, sql } from 'drizzle-orm';
import type { Lang } from '../../../shared/i18n.js';
import type { LoginInput } from '../../../shared/schemas/auth.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { createSession } from '../../lib/auth.js';
import type { RequestContext } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { attempt, clear, hit, undo, type Backoff } from '../../lib/rate-limit.js';
import { authText } from './auth.messages.js';

/**
 * Login throttling (OWASP authentication cheat sheet): failures are counted per account *and*
 * address, so guesses from elsewhere never lock the owner out at their own address; after
 * `free` failures each next attempt of that pair waits twice as long (1 s, 2 s, 4 s ... 15 min).
 * Each address also has a global limit across accounts (one address guessing many accounts).
 */
export const LOGIN_LIMITS = {
  perPair: { free: 5, firstDelayMs: 1000, maxDelayMs: 15 * 60_000, memoryMs: 60 * 60_000 },
  perAddress: 50,
  windowMs: 15 * 60_000,
} as const satisfies { perPair: Backoff; perAddress: number; windowMs: number };

function throttled(until: number): AppError {
  const seconds = Math.max(1, Math.ceil((until - Date.now()) / 1000));
  const text =
    seconds < 60 ? authText.coded('throttledSeconds', { seconds }) : authText.coded('throttled', { minutes: Math.ceil(seconds / 60) });
  return new AppError(429, text, { email: [text] }, { 'retry-after': String(seconds) });
}

/** POST /app/login: a new session's token; the language the user signed in with is remembered. */
export async function login(ctx: Pick<RequestContext, 'db' | 'now' | 'lang'>, input: LoginInput & { ip: string }): Promise<string> {
  const { db, lang } = ctx;
  const ip = input.ip;
  const email = input.email.trim().toLowerCase();
  const pairKey = `login:pair:${ip}:${email}`;
  const addressKey = `login:address:${ip}`;
  // Count the attempt before checking the password, so parallel guesses are all counted;
  // a successful login takes its counts back (only failures use up the limits).
  // The address first: an attempt it refuses checks no password, so it does not count for the pair.
  const byAddress = await hit(db, addressKey, LOGIN_LIMITS.windowMs);
  if (byAddress.count > LOGIN_LIMITS.perAddress) throw throttled(byAddress.resetAt.getTime());
  const byPair = await attempt(db, pairKey, LOGIN_LIMITS.perPair);
  if (!byPair.allowed) throw throttled(byPair.nextAt.getTime());
  const rows = await db
    .select({ id: users.id, passwordHash: users.passwordHash, active: users.active })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  const user = rows[0];
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok || !user.active) {
    throw new AppError(422, authText.coded('failed'), { email: [authText.coded('failed')] });
  }
  await Promise.all([clear(db, pairKey), undo(db, addressKey), rememberLang(db, user.id, lang)]);
  return createSession(db, user.id, input.rememberme, ctx.now);
}

/**
 * Remembers the language the user uses the app in (sign-in, loading the app, switching the
 * language): reminders and notices are written in it. Writes only when it changed.
 */
export async function rememberLang(db: Db, userId: number, lang: Lang): Promise<void> {
  await db
    .update(users)
    .set({ lang })
    .where(and(eq(users.id, userId), ne(users.lang, lang)));
}
