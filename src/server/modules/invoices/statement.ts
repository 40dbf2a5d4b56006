import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db, Tx } from '../../db/client.js';
import { costCentres, ledgerEntries, locations, menus, orders, providers } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { addOnTime, onTimeRows, ZERO_ON_TIME, type OnTimeCount } from '../laps/ontime.read.js';
import { placedOrder } from '../orders/placed.read.js';
import { invoiceText } from './invoices.messages.js';

/*
 * The month statement of a location or company (issue 16, decision 036): the ONE place that sums
 * orders for invoices and exports, reading orders through the one definition of a placed order
 * (orders/placed.read.ts), so the ledger can be reconciled with it line by line; refunds and
 * corrections are read from the ledger (decision 038). A menu belongs
 * to the month of its day (its `from` in the provider's time zone), as in the team report.
 */

/** Sums in cents. */
export interface Sums {
  orders: number;
  gross: number;
  subsidy: number;
  bonus: number;
  cash: number;
  card: number;
  bank: number;
  refunds: number;
  /** Ledger corrections of the location recorded in the month (decision 038): billed as lines of their own. */
  corrections: number;
  /**
   * What else the employer pays (issue 29, decision 073): the budget part of its people's orders,
   * and its meeting and guest orders (payment type company: their whole amount) and how many.
   * Absent in the snapshots of invoices issued before issue 29.
   */
  budget?: number;
  company?: number;
  companyOrders?: number;
}

/** One ledger correction on the statement (and a line of the invoice). */
export interface StatementCorrection {
  id: number;
  locationId: number;
  at: Date;
  reason: string;
  amountCents: number;
  /** The cost centre of the correction's order, if it has one (decision 075). */
  costCentreId?: number | null;
}

/**
 * A location's sums booked to one cost centre (decision 075); `id` null: its orders without one.
 * Code and title as they were when the statement was made (an invoice's snapshot keeps them).
 */
export interface StatementCostCentre extends Sums {
  id: number | null;
  code: string;
  title: string;
}

export interface StatementLocation extends Sums {
  id: number;
  title: string;
  companyName: string;
  registrationNumber: string;
  vatNumber: string;
  address: string;
  city: string;
  postalCode: string;
  country: string;
  /** Split by cost centre when any of the month's orders (or refunds, corrections) has one; absent otherwise. */
  costCentres?: StatementCostCentre[];
}

export interface Scope {
  locationId?: number;
  company?: string;
}

export interface MonthStatement {
  providerId: number;
  month: string;
  scope: { locationId: number | null; company: string | null; title: string };
  locations: StatementLocation[];
  /** The month's corrections of these locations, oldest first. */
  corrections: StatementCorrection[];
  totals: Sums;
  /**
   * The month's delivered stops at these locations, on time or late against their promised window
   * and without one (decision 071); absent in the snapshots of invoices issued before issue 28.
   */
  onTime?: OnTimeCount;
}

const ZERO: Sums = {
  orders: 0,
  gross: 0,
  subsidy: 0,
  bonus: 0,
  cash: 0,
  card: 0,
  bank: 0,
  refunds: 0,
  corrections: 0,
  budget: 0,
  company: 0,
  companyOrders: 0,
};

export function addSums(a: Sums, b: Sums): Sums {
  return {
    orders: a.orders + b.orders,
    gross: a.gross + b.gross,
    subsidy: a.subsidy + b.subsidy,
    bonus: a.bonus + b.bonus,
    cash: a.cash + b.cash,
    card: a.card + b.card,
    bank: a.bank + b.bank,
    refunds: a.refunds + b.refunds,
    corrections: a.corrections + b.corrections,
    budget: (a.budget ?? 0) + (b.budget ?? 0),
    company: (a.company ?? 0) + (b.company ?? 0),
    companyOrders: (a.companyOrders ?? 0) + (b.companyOrders ?? 0),
  };
}

/** The first instant of `month` and of the month after, in `zone`. */
export function monthBounds(month: string, zone: string): { start: Date; end: Date } {
  const start = DateTime.fromFormat(month, 'yyyy-MM', { zone });
  if (!start.isValid) throw new RangeError(`Not a month: ${month}`);
  return { start: start.toJSDate(), end: start.plus({ months: 1 }).toJSDate() };
}

/** Meeting and guest orders (payment type company, issue 29): their whole amount, or how many. */
const paidByCompany = (what: 'amount' | 'count') =>
  sql<number>`coalesce(sum(case when ${orders.paymentType} = 'company' then ${what === 'amount' ? orders.amountCents : sql`1`} else 0 end), 0)`.mapWith(
    Number,
  );

const paid = (method: 'cash' | 'card' | 'bank') =>
  sql<number>`coalesce(sum(case when ${orders.paymentType} = ${method} then ${orders.amountToPayCents} else 0 end), 0)`.mapWith(Number);

/** The locations of a scope (one location, or every location with the company's registration number). */
export async function scopeLocations(db: Db | Tx, scope: Scope) {
  const rows = await db
    .select({
      id: locations.id,
      title: locations.title,
      companyName: locations.companyName,
      registrationNumber: locations.registrationNumber,
      vatNumber: locations.vatNumber,
      address: locations.address,
      city: locations.city,
      postalCode: locations.postalCode,
      country: locations.country,
    })
    .from(locations)
    .where(scope.locationId !== undefined ? eq(locations.id, scope.locationId) : eq(locations.registrationNumber, scope.company ?? ''))
    .orderBy(asc(locations.title), asc(locations.id));
  if (rows.length === 0) {
    if (scope.locationId !== undefined) throw new AppError(404, t.coded('notFound'));
    throw new AppError(404, invoiceText.coded('unknownCompany'));
  }
  return rows;
}

/** The statement of a location or company for a month, on the provider's menus. */
export async function monthStatement(db: Db | Tx, providerId: number, scope: Scope, month: string): Promise<MonthStatement> {
  const [provider] = await db.select({ timezone: providers.timezone }).from(providers).where(eq(providers.id, providerId));
  if (!provider) throw new AppError(404, t.coded('notFound'));
  const locs = await scopeLocations(db, scope);
  const { start, end } = monthBounds(month, provider.timezone);
  const rows = await db
    .select({
      locationId: orders.locationId,
      costCentreId: orders.costCentreId,
      orders: sql<number>`count(${orders.id})::int`,
      gross: sql<number>`coalesce(sum(${orders.amountCents}), 0)`.mapWith(Number),
      subsidy: sql<number>`coalesce(sum(${orders.subsidyCents}), 0)`.mapWith(Number),
      bonus: sql<number>`coalesce(sum(${orders.bonusCents}), 0)`.mapWith(Number),
      budget: sql<number>`coalesce(sum(${orders.budgetCents}), 0)`.mapWith(Number),
      company: paidByCompany('amount'),
      companyOrders: paidByCompany('count'),
      cash: paid('cash'),
      card: paid('card'),
      bank: paid('bank'),
    })
    .from(orders)
    .innerJoin(menus, eq(menus.id, orders.menuId))
    .where(
      and(
        placedOrder(),
        eq(menus.providerId, providerId),
        gte(menus.from, start),
        lt(menus.from, end),
        inArray(
          orders.locationId,
          locs.map((l) => l.id),
        ),
      ),
    )
    .groupBy(orders.locationId, orders.costCentreId);
  // Refunds are read from the ledger (decision 038): money sent back on the month's menus, as a positive sum.
  const refundRows = await db
    .select({
      locationId: ledgerEntries.locationId,
      costCentreId: orders.costCentreId,
      refunds: sql<number>`coalesce(-sum(${ledgerEntries.amountCents}), 0)`.mapWith(Number),
    })
    .from(ledgerEntries)
    .innerJoin(menus, eq(menus.id, ledgerEntries.menuId))
    .leftJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .where(
      and(
        eq(ledgerEntries.kind, 'refund'),
        eq(menus.providerId, providerId),
        gte(menus.from, start),
        lt(menus.from, end),
        inArray(
          ledgerEntries.locationId,
          locs.map((l) => l.id),
        ),
      ),
    )
    .groupBy(ledgerEntries.locationId, orders.costCentreId);
  // Ledger corrections (POST /app/ledger/corrections) of the provider at these locations, by the
  // month they were recorded in (the provider's zone): a correction reaches the statement and invoice
  // of the month it is recorded in, which has not been invoiced yet (a month is invoiced once ended).
  const corrections = (
    await db
      .select({
        id: ledgerEntries.id,
        locationId: ledgerEntries.locationId,
        at: ledgerEntries.at,
        reason: ledgerEntries.reason,
        amountCents: ledgerEntries.amountCents,
        costCentreId: orders.costCentreId,
      })
      .from(ledgerEntries)
      .leftJoin(orders, eq(orders.id, ledgerEntries.orderId))
      .where(
        and(
          eq(ledgerEntries.kind, 'correction'),
          eq(ledgerEntries.providerId, providerId),
          gte(ledgerEntries.at, start),
          lt(ledgerEntries.at, end),
          inArray(
            ledgerEntries.locationId,
            locs.map((l) => l.id),
          ),
        ),
      )
      .orderBy(asc(ledgerEntries.at), asc(ledgerEntries.id))
  ).map((c) => ({ ...c, locationId: c.locationId!, reason: c.reason ?? '' }));
  // Delivered on time (decision 071): one grouped read of the month's stop statuses at these locations.
  const onTime = (
    await onTimeRows(db, {
      providerId,
      zone: provider.timezone,
      start,
      end,
      locationIds: locs.map((l) => l.id),
    })
  ).reduce<OnTimeCount>((acc, r) => addOnTime(acc, r), ZERO_ON_TIME);
  const list: StatementLocation[] = await splitByCostCentre(db, locs, { rows, refundRows, corrections });
  const first = locs[0]!;
  const title = scope.locationId !== undefined ? first.title : first.companyName || scope.company!;
  return {
    providerId,
    month,
    scope: { locationId: scope.locationId ?? null, company: scope.locationId === undefined ? scope.company! : null, title },
    locations: list,
    corrections,
    totals: list.reduce<Sums>((acc, l) => addSums(acc, l), ZERO),
    onTime,
  };
}

type SumRow = { locationId: number | null; costCentreId: number | null } & Partial<Sums>;

/**
 * The statement's locations from the rows grouped by (location, cost centre): each location's sums,
 * and its split by cost centre when any row of it has one (decision 075). Every sum of a location
 * is the sum of its split, so the statement, its exports and the invoice's lines add up.
 */
async function splitByCostCentre(
  db: Db | Tx,
  locs: Awaited<ReturnType<typeof scopeLocations>>,
  parts: { rows: SumRow[]; refundRows: SumRow[]; corrections: StatementCorrection[] },
): Promise<StatementLocation[]> {
  const all: SumRow[] = [
    ...parts.rows,
    ...parts.refundRows,
    ...parts.corrections.map((c) => ({ locationId: c.locationId, costCentreId: c.costCentreId ?? null, corrections: c.amountCents })),
  ];
  const ids = [...new Set(all.map((r) => r.costCentreId).filter((id): id is number => id !== null))];
  const names = new Map(
    (ids.length
      ? await db
          .select({ id: costCentres.id, code: costCentres.code, title: costCentres.title })
          .from(costCentres)
          .where(inArray(costCentres.id, ids))
      : []
    ).map((c) => [c.id, c]),
  );
  return locs.map((l) => {
    const mine = all.filter((r) => r.locationId === l.id);
    const byCentre = new Map<number | null, Sums>();
    for (const r of mine) byCentre.set(r.costCentreId, addSums(byCentre.get(r.costCentreId) ?? ZERO, { ...ZERO, ...stripKeys(r) }));
    const total = [...byCentre.values()].reduce<Sums>((acc, v) => addSums(acc, v), ZERO);
    if (!mine.some((r) => r.costCentreId !== null)) return { ...l, ...total };
    const split = [...byCentre.entries()].map(([id, v]) => ({
      id,
      code: names.get(id!)?.code ?? '',
      title: names.get(id!)?.title ?? '',
      ...v,
    }));
    // By code; the orders without a cost centre last.
    split.sort((a, b) => (a.id === null ? 1 : b.id === null ? -1 : a.code.localeCompare(b.code) || a.id - b.id));
    return { ...l, ...total, costCentres: split };
  });
}

const stripKeys = ({ locationId: _l, costCentreId: _c, ...sums }: SumRow): Partial<Sums> => sums;
