import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { locations } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { budgetsAdminText } from './budgets-admin.messages.js';

/**
 * Who manages a location's groups and budget rules (decision 074): an administrator any location,
 * a location manager their own only. Kitchen staff and members: 403 (budgets are the employer's
 * decision; the kitchen needs none of it to cook).
 */
export function mayManage(user: AuthUser, locationId: number): boolean {
  if (user.role === 'admin') return true;
  return user.role === 'customer' && user.isLocationManager && user.locationId === locationId;
}

/** The location if the caller may manage it: 403 for another's location, 404 for none (admins). */
export async function managedLocation(db: Db | Tx, user: AuthUser, locationId: number): Promise<{ id: number; title: string }> {
  if (!mayManage(user, locationId)) throw new AppError(403, budgetsAdminText.coded('notYourLocation'));
  const [row] = await db.select({ id: locations.id, title: locations.title }).from(locations).where(eq(locations.id, locationId));
  if (!row) throw new AppError(404, t.coded('notFound'));
  return row;
}
