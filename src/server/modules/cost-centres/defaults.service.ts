import { eq } from 'drizzle-orm';
import type { CostCentreChoices, OrderCostCentreResult, UserCostCentreResult } from '../../../shared/schemas/cost-centres.js';
import { menus, orders, users } from '../../db/schema/index.js';
import { recordAudit, type AuditWho } from '../../lib/audit.js';
import type { UserContext } from '../../lib/context.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { invoiceOfOrder } from '../invoices/billed.read.js';
import { activeCostCentreAt, companyOfLocation, costCentresFor } from './cost-centres.read.js';
import { costCentresText } from './cost-centres.messages.js';

/*
 * Choosing cost centres (decision 075): a user's default (set by an administrator, the user's
 * location manager, or the user in their profile) and an order's cost centre (changed afterwards
 * by staff or the location's manager until the order is on an issued invoice).
 */

const notOfCompany = () => fieldError(t.coded('invalid'), { cost_centre_id: [costCentresText.coded('notOfCompany')] });

/**
 * GET /app/cost-centres/choices: the active cost centres of the user's company, and their default
 * if it is one of them. With `location_id` (an order for a location: meetings, staff on behalf),
 * that location's company's: staff any location, a manager their own company's (404 otherwise).
 */
export async function costCentreChoices(ctx: Pick<UserContext, 'db' | 'user'>, locationId?: number): Promise<CostCentreChoices> {
  const { db, user } = ctx;
  let at = user.locationId;
  if (locationId !== undefined && locationId !== user.locationId) {
    const staff = user.role === 'admin' || user.role === 'kitchen';
    const manager = user.role === 'customer' && user.isLocationManager && user.locationId !== null;
    const company = await companyOfLocation(db, locationId);
    if (company === null || (!staff && !(manager && company !== '' && company === (await companyOfLocation(db, user.locationId!)))))
      throw new AppError(404, t.coded('notFound'));
    at = locationId;
  }
  if (at === null) return { data: [], default_id: null };
  const [data, [me]] = await Promise.all([
    costCentresFor(db, at),
    db.select({ cc: users.costCentreId }).from(users).where(eq(users.id, user.id)),
  ]);
  const def = me?.cc ?? null;
  return { data, default_id: data.some((c) => c.id === def) ? def : null };
}

/**
 * PUT /app/users/{id}/cost-centre (administrators: anyone; a location manager: the customers of
 * their location, 404 for anyone else) and PUT /app/me/cost-centre (`id` the caller's own). The
 * cost centre must be an active one of the user's company (422 on cost_centre_id); null clears it.
 */
export async function setUserCostCentre(
  ctx: Pick<UserContext, 'db' | 'user'>,
  { id, costCentreId, who, own }: { id: number; costCentreId: number | null; who: AuditWho; own?: boolean },
): Promise<UserCostCentreResult> {
  const { db, user } = ctx;
  const manager = user.role === 'customer' && user.isLocationManager && user.locationId !== null;
  if (!own && user.role !== 'admin' && !manager) throw new AppError(403, costCentresText.coded('notAllowed'));
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id, locationId: users.locationId, role: users.role, cc: users.costCentreId })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    if (!target) throw new AppError(404, t.coded('notFound'));
    if (!own && user.role !== 'admin' && (target.locationId !== user.locationId || target.role !== 'customer'))
      throw new AppError(404, t.coded('notFound'));
    if (costCentreId !== null && (target.locationId === null || !(await activeCostCentreAt(tx, target.locationId, costCentreId))))
      throw notOfCompany();
    await tx.update(users).set({ costCentreId }).where(eq(users.id, id));
    if (!own && target.cc !== costCentreId)
      await recordAudit(tx, who, {
        action: 'user.cost_centre',
        entityType: 'user',
        entityId: id,
        before: { cost_centre_id: target.cc },
        after: { cost_centre_id: costCentreId },
      });
    return { user_id: id, cost_centre_id: costCentreId };
  });
}

/**
 * PATCH /app/orders/{id}/cost-centre: staff (administrators, kitchen) for orders on their
 * provider's menus, a location manager for orders of their location (404 otherwise). Refused
 * (409) once the order's month is on an issued invoice that is not credited: the invoice's lines
 * were split by the cost centres as they were.
 */
export async function setOrderCostCentre(
  ctx: Pick<UserContext, 'db' | 'user' | 'provider'>,
  { id, costCentreId, who }: { id: number; costCentreId: number | null; who: AuditWho },
): Promise<OrderCostCentreResult> {
  const { db, user } = ctx;
  const staff = user.role === 'admin' || user.role === 'kitchen';
  const manager = user.role === 'customer' && user.isLocationManager && user.locationId !== null;
  if (!staff && !manager) throw new AppError(403, costCentresText.coded('notAllowed'));
  const providerId = staff ? await ctx.provider() : null;
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, locationId: orders.locationId, cc: orders.costCentreId, providerId: menus.providerId })
      .from(orders)
      .innerJoin(menus, eq(menus.id, orders.menuId))
      .where(eq(orders.id, id))
      .for('update', { of: orders });
    if (!order || (staff ? order.providerId !== providerId : order.locationId !== user.locationId))
      throw new AppError(404, t.coded('notFound'));
    const chosen =
      costCentreId === null ? null : order.locationId === null ? null : await activeCostCentreAt(tx, order.locationId, costCentreId);
    if (costCentreId !== null && !chosen) throw notOfCompany();
    const invoice = await invoiceOfOrder(tx, id);
    if (invoice) throw new AppError(409, costCentresText.coded('invoiced', { code: invoice.code }));
    if (order.cc !== costCentreId) {
      await tx.update(orders).set({ costCentreId }).where(eq(orders.id, id));
      await recordAudit(tx, who, {
        action: 'order.cost_centre',
        entityType: 'order',
        entityId: id,
        providerId: order.providerId,
        before: { cost_centre_id: order.cc },
        after: { cost_centre_id: costCentreId },
      });
    }
    return { order_id: id, cost_centre: chosen };
  });
}
