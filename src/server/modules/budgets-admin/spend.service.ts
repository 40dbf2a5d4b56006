import { eq } from 'drizzle-orm';
import type { SpendAnswer } from '../../../shared/schemas/spend.js';
import { locations } from '../../db/schema/index.js';
import type { UserContext } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { budgetsAdminText } from './budgets-admin.messages.js';
import { spendFigures } from './spend.queries.js';

export type SpendCtx = Pick<UserContext, 'db' | 'user'>;

/**
 * Who sees which spend (decision 074): a location manager their own location, with names; an
 * administrator any location or all (no location_id), with names; kitchen staff any location or
 * all, the aggregates only (no people: names and e-mails are the employer's). Members: 403.
 */
async function spendScope(ctx: SpendCtx, locationId: number | undefined) {
  const { user } = ctx;
  let id: number | null;
  if (user.role === 'customer') {
    if (!user.isLocationManager || user.locationId === null) throw new AppError(403, t.coded('forbidden'));
    if (locationId !== undefined && locationId !== user.locationId) throw new AppError(403, budgetsAdminText.coded('notYourLocation'));
    id = user.locationId;
  } else id = locationId ?? null;
  if (id === null) return { location: null, namesVisible: user.role === 'admin' };
  const [location] = await ctx.db.select({ id: locations.id, title: locations.title }).from(locations).where(eq(locations.id, id));
  if (!location) throw new AppError(404, t.coded('notFound'));
  return { location, namesVisible: user.role !== 'kitchen' };
}

/** GET /app/spend?month=&location_id= */
export async function spendOf(ctx: SpendCtx, q: { month: string; location_id?: number }): Promise<SpendAnswer> {
  const scope = await spendScope(ctx, q.location_id);
  const figures = await spendFigures(ctx.db, {
    month: q.month,
    locationId: scope.location?.id ?? null,
    withPeople: scope.namesVisible,
  });
  return { month: q.month, location: scope.location, names_visible: scope.namesVisible, ...figures };
}
