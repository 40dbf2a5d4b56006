import { sql } from 'drizzle-orm';
import type { Lang } from '../../../shared/i18n.js';
import type { LoginInput } from '../../../shared/schemas/auth.js';
import { users } from '../../db/schema/index.js';
import { createSession } from '../../lib/auth.js';
import type { Deps } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { clear, hit, undo } from '../../lib/rate-limit.js';
import { authText } from './auth.messages.js';

/** Failed logins allowed per account and per address in one window. */
export const LOGIN_LIMITS = { perAccount: 10, perAddress: 50, windowMs: 15 * 60_000 } as const;

export async function login(deps: Deps, input: LoginInput, ip: string, lang: Lang): Promise<string> {
  const db = deps.database.db;
  const email = input.email.trim().toLowerCase();
  const accountKey = `login:account:${email}`;
  const addressKey = `login:address:${ip}`;
  // Count the attempt before checking the password, so parallel guesses are all counted;
  // a successful login takes its count back (only failures use up the limit).
  const [byAccount, byAddress] = await Promise.all([hit(db, accountKey, LOGIN_LIMITS.windowMs), hit(db, addressKey, LOGIN_LIMITS.windowMs)]);
  if (byAccount.count > LOGIN_LIMITS.perAccount || byAddress.count > LOGIN_LIMITS.perAddress) {
    const until = Math.max(byAccount.count > LOGIN_LIMITS.perAccount ? byAccount.resetAt.getTime() : 0, byAddress.count > LOGIN_LIMITS.perAddress ? byAddress.resetAt.getTime() : 0);
    const seconds = Math.max(1, Math.ceil((until - Date.now()) / 1000));
    const text = authText(lang, 'throttled', { minutes: Math.ceil(seconds / 60) });
    throw new AppError(429, text, { email: [text] }, { 'retry-after': String(seconds) });
  }
  const rows = await db
    .select({ id: users.id, passwordHash: users.passwordHash, active: users.active })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  const user = rows[0];
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok || !user.active) {
    throw new AppError(422, authText(lang, 'failed'), { email: [authText(lang, 'failed')] });
  }
  await Promise.all([clear(db, accountKey), undo(db, addressKey)]);
  return createSession(db, user.id, input.rememberme, deps.now());
}
