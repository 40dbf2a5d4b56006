import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { toEuros } from '../../../shared/money.js';
import type { SelectableUser, UserData } from '../../../shared/schemas/ordering.js';
import type { Db, Tx } from '../../db/client.js';
import { locations, orders, shifts, users } from '../../db/schema/index.js';

/** The person an order is for, with what pricing needs from their location. */
export interface Customer {
  id: number;
  email: string;
  firstName: string;
  phone: string;
  role: 'admin' | 'kitchen' | 'customer';
  active: boolean;
  bonusCents: number;
  location: { id: number; title: string; subsidyCents: number; fullSubsidy: boolean; disableCash: boolean } | null;
  shifts: { id: number; title: string }[];
}

const customerColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  phone: users.phone,
  role: users.role,
  active: users.active,
  bonusCents: users.bonusCents,
  locationId: locations.id,
  locationTitle: locations.title,
  subsidyCents: locations.subsidyCents,
  fullSubsidy: locations.fullSubsidy,
  disableCash: locations.disableCash,
};

type CustomerRow = { [K in keyof typeof customerColumns]: (typeof customerColumns)[K]['_']['data'] | null };

function toCustomer(r: CustomerRow, shiftRows: { id: number; title: string; locationId: number }[]): Customer {
  return {
    id: r.id!,
    email: r.email!,
    firstName: r.firstName!,
    phone: r.phone!,
    role: r.role!,
    active: r.active!,
    bonusCents: r.bonusCents!,
    location:
      r.locationId === null
        ? null
        : { id: r.locationId, title: r.locationTitle!, subsidyCents: r.subsidyCents!, fullSubsidy: r.fullSubsidy!, disableCash: r.disableCash! },
    shifts: shiftRows.filter((s) => s.locationId === r.locationId).map((s) => ({ id: s.id, title: s.title })),
  };
}

async function shiftsOf(db: Db | Tx, locationIds: number[]) {
  if (locationIds.length === 0) return [];
  return db
    .select({ id: shifts.id, title: shifts.title, locationId: shifts.locationId })
    .from(shifts)
    .where(inArray(shifts.locationId, locationIds))
    .orderBy(asc(shifts.position), asc(shifts.id));
}

export async function loadCustomer(db: Db | Tx, userId: number): Promise<Customer | null> {
  const rows = await db.select(customerColumns).from(users).leftJoin(locations, eq(locations.id, users.locationId)).where(eq(users.id, userId));
  const row = rows[0];
  if (!row) return null;
  return toCustomer(row, await shiftsOf(db, row.locationId === null ? [] : [row.locationId]));
}

/** Subsidy the user's pending and placed orders on a menu already use (cents). */
export async function subsidyUsed(db: Db | Tx, userId: number, menuId: number): Promise<number> {
  const rows = await db
    .select({ used: sql<number>`coalesce(sum(${orders.subsidyCents}), 0)::int` })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.menuId, menuId), inArray(orders.status, [1, 2])));
  return rows[0]?.used ?? 0;
}

/**
 * Subsidy is granted per user per menu: the location's amount, less what the user's other
 * pending or placed orders on the same menu already used.
 */
export function subsidyLeft(customer: Customer, usedCents: number): number {
  return Math.max(0, (customer.location?.subsidyCents ?? 0) - usedCents);
}

export function presentUserData(customer: Customer | null, usedCents: number): UserData {
  if (!customer) return { bonus: 0, subsidy: 0, full_subsidy: false };
  return {
    bonus: toEuros(customer.bonusCents),
    subsidy: toEuros(subsidyLeft(customer, usedCents)),
    full_subsidy: customer.location?.fullSubsidy ?? false,
  };
}

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
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(users).where(where);
  const base = db
    .select(customerColumns)
    .from(users)
    .leftJoin(locations, eq(locations.id, users.locationId))
    .where(where)
    .orderBy(asc(users.firstName), asc(users.id));
  const rows = opts.perPage === 'all' ? await base : await base.limit(opts.perPage).offset((opts.page - 1) * opts.perPage);
  const shiftRows = await shiftsOf(db, [...new Set(rows.map((r) => r.locationId).filter((id): id is number => id !== null))]);
  const used = new Map<number, number>();
  if (opts.menuId !== undefined && rows.length > 0) {
    const sums = await db
      .select({ userId: orders.userId, used: sql<number>`coalesce(sum(${orders.subsidyCents}), 0)::int` })
      .from(orders)
      .where(and(eq(orders.menuId, opts.menuId), inArray(orders.status, [1, 2]), inArray(orders.userId, rows.map((r) => r.id!))))
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
        disable_cash: c.location?.disableCash ?? false,
      };
    }),
  };
}
