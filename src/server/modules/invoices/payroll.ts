import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { menus, orders, providers, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { placedOrder } from '../orders/placed.read.js';
import { monthBounds, scopeLocations } from './statement.js';

/* Payroll deduction per employee of a location and month (decision 036), beside the statement. */

export interface PayrollRow {
  userId: number;
  name: string;
  email: string;
  orders: number;
  gross: number;
  subsidy: number;
  /** What the employee owes when the company pays and deducts: food value less subsidy, the employer's budget and bonus. */
  share: number;
}

/** Per employee of a location: the month's placed own orders and their own share (payroll deduction; meeting and guest orders are the company's). */
export async function payrollRows(db: Db | Tx, providerId: number, locationId: number, month: string): Promise<PayrollRow[]> {
  const [provider] = await db.select({ timezone: providers.timezone }).from(providers).where(eq(providers.id, providerId));
  if (!provider) throw new AppError(404, t.coded('notFound'));
  await scopeLocations(db, { locationId });
  const { start, end } = monthBounds(month, provider.timezone);
  return db
    .select({
      userId: users.id,
      name: users.firstName,
      email: users.email,
      orders: sql<number>`count(${orders.id})::int`,
      gross: sql<number>`coalesce(sum(${orders.amountCents}), 0)`.mapWith(Number),
      subsidy: sql<number>`coalesce(sum(${orders.subsidyCents}), 0)`.mapWith(Number),
      share:
        sql<number>`coalesce(sum(greatest(${orders.amountCents} - ${orders.subsidyCents} - ${orders.budgetCents} - ${orders.bonusCents}, 0)), 0)`.mapWith(
          Number,
        ),
    })
    .from(orders)
    .innerJoin(menus, eq(menus.id, orders.menuId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        placedOrder(),
        // A meeting or guest order is the company's, not its host's lunch (issue 29).
        eq(orders.kind, 'own'),
        eq(menus.providerId, providerId),
        gte(menus.from, start),
        lt(menus.from, end),
        eq(orders.locationId, locationId),
      ),
    )
    .groupBy(users.id, users.firstName, users.email)
    .orderBy(asc(users.firstName), asc(users.email), asc(users.id));
}
