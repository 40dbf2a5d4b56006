import { eq, inArray } from 'drizzle-orm';
import { profileDietsOf } from '../../../shared/dietary.js';
import type { Lang } from '../../../shared/i18n.js';
import type { Profile, UpdateProfileInput } from '../../../shared/schemas/account.js';
import type { ChangePasswordInput } from '../../../shared/schemas/auth.js';
import type { Db } from '../../db/client.js';
import { allergens, users } from '../../db/schema/index.js';
import { revokeUserSessions } from '../../lib/auth.js';
import type { AuthUser, UserContext } from '../../lib/context.js';
import { AppError, fieldError, type CodedFieldErrors } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { clear, hit } from '../../lib/rate-limit.js';
import { rememberLang } from '../auth/auth.service.js';
import { accountText } from './account.messages.js';
import { expireResetTokens } from '../auth/password.service.js';

/** What the profile shows (never the password hash): one prepared query per uncached call. */
const PROFILE_SQL = `select u.id, u.email, u.first_name, u.phone, u.role, u.is_location_manager,
    u.remind_to_make_order, u.notify_on_delivery, u.notify_on_the_way, u.avoided_allergens, u.diets, u.lang, l.id as location_id, l.title as location_title
  from users u left join locations l on l.id = u.location_id
  where u.id = $1`;

interface ProfileRow {
  id: number;
  email: string;
  first_name: string;
  phone: string;
  role: Profile['role'];
  is_location_manager: boolean;
  remind_to_make_order: boolean;
  notify_on_delivery: boolean;
  notify_on_the_way: boolean;
  avoided_allergens: number[];
  diets: string[];
  lang: string;
  location_id: number | null;
  location_title: string | null;
}

/**
 * The profile. With `inUse` (GET /app/me: the web loads it at start and on a language switch) the
 * language the app is used in is remembered when it changed (one write then, none otherwise).
 */
export async function getProfile(db: Db, userId: number, inUse?: Lang): Promise<Profile> {
  const row = (await db.$client.query<ProfileRow>({ name: 'profile', text: PROFILE_SQL, values: [userId] })).rows[0];
  if (!row) throw new AppError(404, t.coded('notFound'));
  if (inUse !== undefined && row.lang !== inUse) await rememberLang(db, userId, inUse);
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    phone: row.phone,
    role: row.role,
    is_customer: row.role === 'customer',
    is_location_manager: row.is_location_manager,
    location: row.location_id !== null ? { id: row.location_id, title: row.location_title! } : null,
    remind_to_make_order: row.remind_to_make_order,
    notify_on_delivery: row.notify_on_delivery,
    notify_on_the_way: row.notify_on_the_way,
    avoid_allergens: row.avoided_allergens,
    diets: profileDietsOf(row.diets),
  };
}

/** Saves the edited fields; the request's language, the one the profile was saved in, is what reminders are written in. */
export async function updateProfile(ctx: Pick<UserContext, 'db' | 'user' | 'lang'>, input: UpdateProfileInput): Promise<Profile> {
  const { db, lang } = ctx;
  const userId = ctx.user.id;
  const set: Partial<typeof users.$inferInsert> = { lang };
  if (input.avoid_allergens !== undefined) {
    const wanted = input.avoid_allergens;
    const known = new Set(
      wanted.length ? (await db.select({ id: allergens.id }).from(allergens).where(inArray(allergens.id, wanted))).map((r) => r.id) : [],
    );
    const errors: CodedFieldErrors = {};
    wanted.forEach((id, i) => {
      if (!known.has(id)) errors[`avoid_allergens.${i}`] = [accountText.coded('unknownAllergen')];
    });
    if (Object.keys(errors).length) throw fieldError(t.coded('invalid'), errors);
    set.avoidedAllergens = [...new Set(wanted)];
  }
  if (input.diets !== undefined) set.diets = profileDietsOf(input.diets);
  if (input.first_name !== undefined) set.firstName = input.first_name;
  if (input.phone !== undefined) set.phone = input.phone;
  if (input.remind_to_make_order !== undefined) set.remindToMakeOrder = input.remind_to_make_order;
  if (input.notify_on_delivery !== undefined) set.notifyOnDelivery = input.notify_on_delivery;
  if (input.notify_on_the_way !== undefined) set.notifyOnTheWay = input.notify_on_the_way;
  if (Object.keys(set).length > 0) await db.update(users).set(set).where(eq(users.id, userId));
  return getProfile(db, userId);
}

/** Wrong current passwords allowed per user in one window (each check costs an argon2 hash). */
export const PASSWORD_CHANGE_LIMITS = { perUser: 5, windowMs: 15 * 60_000 } as const;

/** Changes the password and ends the user's other sessions. */
export async function changePassword(db: Db, user: AuthUser, input: ChangePasswordInput): Promise<void> {
  // Counted before the check, so parallel guesses are all counted; a right password clears it.
  const key = `password-change:user:${user.id}`;
  const limit = await hit(db, key, PASSWORD_CHANGE_LIMITS.windowMs);
  if (limit.count > PASSWORD_CHANGE_LIMITS.perUser) {
    const seconds = Math.max(1, Math.ceil((limit.resetAt.getTime() - Date.now()) / 1000));
    const text = t.coded('tooManyRequests');
    throw new AppError(429, text, { old_password: [text] }, { 'retry-after': String(seconds) });
  }
  const rows = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  if (!(await verifyPassword(rows[0]?.hash, input.old_password))) {
    throw fieldError(t.coded('invalid'), { old_password: [accountText.coded('wrongPassword')] });
  }
  await clear(db, key);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await expireResetTokens(tx, user.id, new Date());
    await revokeUserSessions(tx, user.id, user.sessionId);
  });
}
