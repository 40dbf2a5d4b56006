import { eq } from 'drizzle-orm';
import type { Lang } from '../../../shared/i18n.js';
import type { Profile, UpdateProfileInput } from '../../../shared/schemas/account.js';
import type { ChangePasswordInput } from '../../../shared/schemas/auth.js';
import type { Db } from '../../db/client.js';
import { locations, users } from '../../db/schema/index.js';
import { revokeUserSessions } from '../../lib/auth.js';
import type { AuthUser } from '../../lib/context.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { authText } from '../auth/auth.messages.js';
import { expireResetTokens } from '../auth/password.service.js';

export async function getProfile(db: Db, userId: number, lang: Lang = 'en'): Promise<Profile> {
  const rows = await db
    .select({ user: users, location: { id: locations.id, title: locations.title } })
    .from(users)
    .leftJoin(locations, eq(locations.id, users.locationId))
    .where(eq(users.id, userId));
  const row = rows[0];
  if (!row) throw new AppError(404, t(lang, 'notFound'));
  return presentProfile(row.user, row.location);
}

export function presentProfile(u: typeof users.$inferSelect, location: { id: number; title: string } | null): Profile {
  return {
    id: u.id,
    email: u.email,
    first_name: u.firstName,
    phone: u.phone,
    role: u.role,
    is_customer: u.role === 'customer',
    is_location_manager: u.isLocationManager,
    location: location && location.id !== null ? location : null,
    remind_to_make_order: u.remindToMakeOrder,
    notify_on_delivery: u.notifyOnDelivery,
  };
}

export async function updateProfile(db: Db, userId: number, input: UpdateProfileInput): Promise<Profile> {
  const set: Partial<typeof users.$inferInsert> = {};
  if (input.first_name !== undefined) set.firstName = input.first_name;
  if (input.phone !== undefined) set.phone = input.phone;
  if (input.remind_to_make_order !== undefined) set.remindToMakeOrder = input.remind_to_make_order;
  if (input.notify_on_delivery !== undefined) set.notifyOnDelivery = input.notify_on_delivery;
  if (Object.keys(set).length > 0) await db.update(users).set(set).where(eq(users.id, userId));
  return getProfile(db, userId);
}

/** Changes the password and ends the user's other sessions. */
export async function changePassword(db: Db, user: AuthUser, input: ChangePasswordInput, lang: Lang): Promise<void> {
  const rows = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  if (!(await verifyPassword(rows[0]?.hash, input.old_password))) {
    throw fieldError(t(lang, 'invalid'), { old_password: [authText(lang, 'wrongPassword')] });
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await expireResetTokens(tx, user.id, new Date());
    await revokeUserSessions(tx, user.id, user.sessionId);
  });
}
