import { sql } from 'drizzle-orm';
import type { Lang } from '../../../shared/i18n.js';
import type { LoginInput } from '../../../shared/schemas/auth.js';
import { users } from '../../db/schema/index.js';
import { createSession } from '../../lib/auth.js';
import type { Deps } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { clear, hit, peek } from '../../lib/rate-limit.js';
import { authText } from './auth.messages.js';

/** Failed logins allowed per account and per address in one window. */
export const LOGIN_LIMITS = { perAccount: 10, perAddress: 50, windowMs: 15 * 60_000 } as const;

export async function login(deps: Deps, input: LoginInput, ip: string, lang: Lang): Promise<string> {
  const db = deps.database.db;
  const email = input.email.trim().toLowerCase();
  const accountKey = `login:account:${email}`;
  const addressKey = `login:address:${ip}`;
  const [byAccount, byAddress] = await Promise.all([peek(db, accountKey), peek(db, addressKey)]);
  if (byAccount >= LOGIN_LIMITS.perAccount || byAddress >= LOGIN_LIMITS.perAddress) {
    const minutes = Math.ceil(LOGIN_LIMITS.windowMs / 60_000);
    throw new AppError(429, authText(lang, 'throttled', { minutes }), { email: [authText(lang, 'throttled', { minutes })] });
  }
  const rows = await db
    .select({ id: users.id, passwordHash: users.passwordHash, active: users.active })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  const user = rows[0];
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok || !user.active) {
    await Promise.all([hit(db, accountKey, LOGIN_LIMITS.windowMs), hit(db, addressKey, LOGIN_LIMITS.windowMs)]);
    throw new AppError(422, authText(lang, 'failed'), { email: [authText(lang, 'failed')] });
  }
  await clear(db, accountKey);
  return createSession(db, user.id, input.rememberme, deps.now());
}
