import { and, eq, sql } from 'drizzle-orm';
import { toCents, toEuros } from '../../../shared/money.js';
import type { CashBalanceInput, CashBalanceResult } from '../../../shared/schemas/laps.js';
import type { UserContext } from '../../lib/context.js';
import { cashBalances, lapLocations, laps, ledgerEntries, locations } from '../../db/schema/index.js';
import { recordAudit, type AuditWho } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { lapCashEntry } from '../../lib/ledger.js';
import { t } from '../../lib/messages.js';
import { providerMenu } from '../priced-menu/priced-menu.read.js';
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
