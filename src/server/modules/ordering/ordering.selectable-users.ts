/**
 * The customers staff may order for (GET /app/users/list): active customers, searchable by name,
 * e-mail or phone, each with what the checkout needs to show the totals the server will price:
 * bonus, the subsidy left on the menu and the employer's budget on it (issue 29, decision 073).
 */
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { SelectableUser } from '../../../shared/schemas/ordering.js';
import type { Db } from '../../db/client.js';
import { locations, orders, users } from '../../db/schema/index.js';
import { budgetsFor, presentBudget, type BudgetState } from '../budgets/budgets.read.js';
import { customerColumns, presentUserData, shiftsOf, toCustomer } from './ordering.users.js';

/** Active customers staff may order for, searchable by name, e-mail or phone. */
export async function listSelectableUsers(
  db: Db,
  opts: { search?: string; page: number; perPage: number | 'all'; menuId?: number },
): Promise<{ data: SelectableUser[]; total: number }> {
  const term = opts.search?.trim();
  const like = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    eq(users.active, true),
    eq(users.role, 'customer'),
    like ? or(ilike(users.firstName, like), ilike(users.email, like), ilike(users.phone, like)) : undefined,
  );
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .where(where);
  const base = db
    .select(customerColumns)
    .from(users)
    .leftJoin(locations, eq(locations.id, users.locationId))
    .where(where)
    .orderBy(asc(users.firstName), asc(users.id));
  const rows = opts.perPage === 'all' ? await base : await base.limit(opts.perPage).offset((opts.page - 1) * opts.perPage);
  const shiftRows = await shiftsOf(db, [...new Set(rows.map((r) => r.locationId).filter((id): id is number => id !== null))]);
  const used = new Map<number, number>();
  const budgets =
    opts.menuId !== undefined
      ? await budgetsFor(
          db,
          rows.map((r) => r.id!),
          opts.menuId,
        )
      : new Map<number, BudgetState>();
  if (opts.menuId !== undefined && rows.length > 0) {
    const sums = await db
      .select({ userId: orders.userId, used: sql<number>`coalesce(sum(${orders.subsidyCents}), 0)::int` })
      .from(orders)
      .where(
        and(
          eq(orders.menuId, opts.menuId),
          // Pending and placed: a staff order does not release the customer's unpaid card/bank order
          // (only the customer's own order does, decision 045), so its subsidy is still used.
          inArray(orders.status, [1, 2]),
          inArray(
            orders.userId,
            rows.map((r) => r.id!),
          ),
        ),
      )
      .groupBy(orders.userId);
    for (const s of sums) used.set(s.userId, s.used);
  }
  return {
    total,
    data: rows.map((r) => {
      const c = toCustomer(r, shiftRows);
      return {
        id: c.id,
        name: c.firstName,
        email: c.email,
        phone: c.phone,
        location: c.location ? { id: c.location.id, title: c.location.title } : null,
        shifts: c.shifts,
        userData: presentUserData(c, used.get(c.id) ?? 0),
        budget: opts.menuId !== undefined ? presentBudget(budgets.get(c.id) ?? null) : undefined,
        disable_cash: c.location?.disableCash ?? false,
        avoid_allergens: c.avoidedAllergens,
        diets: c.diets,
      };
    }),
  };
}
