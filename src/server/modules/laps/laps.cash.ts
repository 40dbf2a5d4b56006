import { and, asc, eq, sql } from 'drizzle-orm';
import type { Lang } from '../../../shared/i18n.js';
import { toCents, toEuros } from '../../../shared/money.js';
import type { CashBalanceInput, CashBalanceResult, DayCash } from '../../../shared/schemas/laps.js';
import type { Db } from '../../db/client.js';
import type { UserContext } from '../../lib/context.js';
import { cashBalances, lapLocations, lapStopStatuses, laps, ledgerEntries, locations, orders } from '../../db/schema/index.js';
import { recordAudit, type AuditWho } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { lapCashEntry } from '../../lib/ledger.js';
import { t } from '../../lib/messages.js';
import { placedOrder } from '../orders/placed.read.js';
import { presentSummary, providerMenu } from '../priced-menu/priced-menu.read.js';
import { lapText } from './laps.messages.js';

/** POST /app/cashbalance/{menuId}: records (replaces) the cash collected at a location. */
export async function recordCashBalance(
  ctx: UserContext,
  { menuId, input, who }: { menuId: number; input: CashBalanceInput; who: AuditWho },
): Promise<CashBalanceResult> {
  const { db, now } = ctx;
  const userId = ctx.user.id;
  const providerId = await ctx.provider();
  await providerMenu(db, providerId, menuId);
  const [loc] = await db
    .select({ id: locations.id, lapProvider: laps.providerId })
    .from(locations)
    .leftJoin(lapLocations, eq(lapLocations.locationId, locations.id))
    .leftJoin(laps, eq(laps.id, lapLocations.lapId))
    .where(eq(locations.id, input.location_id));
  if (!loc || (loc.lapProvider !== null && loc.lapProvider !== providerId)) {
    throw new AppError(404, t.coded('notFound'), { location_id: [lapText.coded('locationNotFound')] });
  }
  const amountCents = toCents(input.amount);
  const row = await db.transaction(async (tx) => {
    const key = and(eq(cashBalances.menuId, menuId), eq(cashBalances.locationId, input.location_id));
    const [old] = await tx.select({ amount_cents: cashBalances.amountCents }).from(cashBalances).where(key).for('update');
    const [row] = await tx
      .insert(cashBalances)
      .values({ menuId, locationId: input.location_id, amountCents, createdById: userId, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [cashBalances.menuId, cashBalances.locationId],
        set: { amountCents, createdById: userId, updatedAt: now },
      })
      .returning({ amount: cashBalances.amountCents });
    const [before, after] = [old ?? null, { amount_cents: amountCents }];
    const entityId = `${menuId}:${input.location_id}`;
    await recordAudit(tx, who, { action: 'lap.cash', entityType: 'cash_balance', entityId, providerId, before, after });
    // The ledger gets the change (decision 038). The row's lock (taken above) makes a parallel
    // recording wait and then read this one's entry: the entries always sum to the amount.
    const [sum] = await tx
      .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)`.mapWith(Number) })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.kind, 'lap_cash'), eq(ledgerEntries.menuId, menuId), eq(ledgerEntries.locationId, input.location_id)));
    await lapCashEntry(tx, {
      menuId,
      locationId: input.location_id,
      providerId,
      amountCents: row!.amount - sum!.sum,
      at: now,
      actorId: userId,
    });
    return row!;
  });
  return { amount: toEuros(row.amount) };
}

/**
 * GET /app/laps/cash/{menuId}: the day's cash per active lap (lap order) and for the locations
 * with cash orders or recorded cash that are on no active lap: expected (the cash orders' amount
 * to pay), collected (recorded on the lap report), difference (collected less expected) and how
 * many stops with cash to collect have nothing recorded.
 */
export async function dayCash(db: Db, providerId: number, menuId: number, lang: Lang): Promise<DayCash> {
  const menu = await providerMenu(db, providerId, menuId);
  const [expectedRows, collectedRows, stopRows, statusRows] = await Promise.all([
    db
      .select({
        locationId: orders.locationId,
        cents: sql<number>`coalesce(sum(case when ${orders.paymentType} = 'cash' then ${orders.amountToPayCents} else 0 end), 0)`.mapWith(
          Number,
        ),
      })
      .from(orders)
      .where(and(eq(orders.menuId, menuId), placedOrder()))
      .groupBy(orders.locationId),
    db
      .select({ locationId: cashBalances.locationId, cents: cashBalances.amountCents })
      .from(cashBalances)
      .where(eq(cashBalances.menuId, menuId)),
    db
      .select({ lapId: laps.id, title: laps.title, locationId: lapLocations.locationId })
      .from(laps)
      .leftJoin(lapLocations, eq(lapLocations.lapId, laps.id))
      .where(and(eq(laps.providerId, providerId), eq(laps.active, true)))
      .orderBy(asc(laps.position), asc(laps.id), asc(lapLocations.position)),
    db
      .select({ locationId: lapStopStatuses.locationId, status: lapStopStatuses.status })
      .from(lapStopStatuses)
      .where(eq(lapStopStatuses.menuId, menuId)),
  ]);
  const statusOf = new Map(statusRows.map((r) => [r.locationId, r.status]));
  const expected = new Map(expectedRows.map((r) => [r.locationId, r.cents]));
  const collected = new Map(collectedRows.map((r) => [r.locationId, r.cents]));

  type Row = { id: number | null; title: string; stops: number[] };
  const rows: Row[] = [];
  const routed = new Set<number>();
  for (const r of stopRows) {
    let row = rows.at(-1);
    if (!row || row.id !== r.lapId) rows.push((row = { id: r.lapId, title: r.title, stops: [] }));
    if (r.locationId !== null) {
      row.stops.push(r.locationId);
      routed.add(r.locationId);
    }
  }
  const loose = [...new Set([...expected.keys(), ...collected.keys()])].filter(
    (id): id is number => id !== null && !routed.has(id) && ((expected.get(id) ?? 0) > 0 || collected.has(id)),
  );
  if (loose.length > 0) rows.push({ id: null, title: lapText(lang, 'noLap'), stops: loose });

  const sum = (stops: number[]) => {
    let e = 0;
    let c = 0;
    let missing = 0;
    for (const id of stops) {
      const exp = expected.get(id) ?? 0;
      e += exp;
      c += collected.get(id) ?? 0;
      if (exp > 0 && !collected.has(id)) missing++;
    }
    return { e, c, missing };
  };
  const present = (s: ReturnType<typeof sum>) => ({
    expected: toEuros(s.e),
    collected: toEuros(s.c),
    difference: toEuros(s.c - s.e),
    missing: s.missing,
  });
  return {
    dishlist: presentSummary(menu),
    laps: rows.map((r) => {
      const statuses = { loaded: 0, delivered: 0, problem: 0 };
      for (const id of r.stops) {
        const s = statusOf.get(id);
        if (s) statuses[s]++;
      }
      return { id: r.id, title: r.title, stops: r.stops.length, ...present(sum(r.stops)), statuses };
    }),
    totals: present(sum(rows.flatMap((r) => r.stops))),
  };
}
