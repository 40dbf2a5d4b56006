import { and, count, desc, eq, isNull, or, sql, sum, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DEFAULT_TIMEZONE } from '../../../shared/limits.js';
import { pageOf, type ListQuery, type Paged } from '../../../shared/list-query.js';
import type { LedgerEntryAnswer } from '../../../shared/schemas/ledger.js';
import type { Db } from '../../db/client.js';
import { costCentres, ledgerEntries, locations, orders, users, type LedgerKind } from '../../db/schema/index.js';
import { ledgerTotals } from './ledger-days.service.js';
import { pageOfIds } from '../../lib/page-ids.js';

export type LedgerListQuery = ListQuery<never, { kind: LedgerKind; order_id: number; location_id: number; from: string; to: string }>;

/**
 * What an admin sees: the active provider's entries and those of no provider (corrections not
 * tied to an order); with no provider at all, only the latter. As the audit log (decision 037).
 */
function where(providerId: number | null, q: LedgerListQuery): SQL | undefined {
  const f = q.filter;
  return and(
    providerId === null ? isNull(ledgerEntries.providerId) : or(eq(ledgerEntries.providerId, providerId), isNull(ledgerEntries.providerId)),
    f.kind ? eq(ledgerEntries.kind, f.kind) : undefined,
    f.order_id ? eq(ledgerEntries.orderId, f.order_id) : undefined,
    f.location_id ? eq(ledgerEntries.locationId, f.location_id) : undefined,
    // Days in the service's time zone, the whole of `to` included.
    f.from ? sql`${ledgerEntries.at} >= (${f.from}::date)::timestamp at time zone ${DEFAULT_TIMEZONE}` : undefined,
    f.to ? sql`${ledgerEntries.at} < (${f.to}::date + 1)::timestamp at time zone ${DEFAULT_TIMEZONE}` : undefined,
  );
}

/** GET /app/ledger: newest first, filtered, paged, with the count and sum of all matching entries (decision 054: day sums). */
export async function listLedger(
  db: Db,
  providerId: number | null,
  q: LedgerListQuery,
): Promise<Paged<LedgerEntryAnswer> & { sum_cents: number }> {
  const cond = where(providerId, q);
  const f = q.filter;
  // An order's entries are counted (a few, by its index); any other filter adds the day sums to the entries after them.
  const totals = f.order_id
    ? (
        await db
          .select({ total: count(), sum: sum(ledgerEntries.amountCents).mapWith(Number) })
          .from(ledgerEntries)
          .where(cond)
      )[0]
    : await ledgerTotals(db, { providerId, kind: f.kind, locationId: f.location_id, from: f.from, to: f.to }, cond);
  const eater = alias(users, 'eater');
  const actor = alias(users, 'actor');
  const newestFirst = [desc(ledgerEntries.at), desc(ledgerEntries.id)];
  // The page's entries first (a deep page walks ledger_at_provider_idx alone), then their names:
  // joined before the OFFSET, every skipped entry had its names looked up (decision 054).
  const ids = db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(cond)
    .orderBy(...newestFirst)
    .$dynamic();
  const pageIds = pageOfIds(ids, q);
  const rows = await db
    .select({
      e: ledgerEntries,
      locationTitle: locations.title,
      eaterName: eater.firstName,
      eaterEmail: eater.email,
      actorName: actor.firstName,
      actorEmail: actor.email,
      costCentre: { id: costCentres.id, code: costCentres.code, title: costCentres.title },
    })
    .from(ledgerEntries)
    .innerJoin(pageIds, eq(pageIds.id, ledgerEntries.id))
    .leftJoin(locations, eq(locations.id, ledgerEntries.locationId))
    .leftJoin(eater, eq(eater.id, ledgerEntries.userId))
    .leftJoin(actor, eq(actor.id, ledgerEntries.actorId))
    // The order's cost centre as it stands (decision 075), for the page's entries only.
    .leftJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .leftJoin(costCentres, eq(costCentres.id, orders.costCentreId))
    .orderBy(...newestFirst);
  const person = (id: number | null, name: string | null, email: string | null) =>
    id === null || (name === null && email === null) ? null : { id, name: name || email || '' };
  const page = pageOf(
    rows.map(({ e, locationTitle, eaterName, eaterEmail, actorName, actorEmail, costCentre }) => ({
      id: e.id,
      at: e.at.toISOString(),
      kind: e.kind,
      amount_cents: e.amountCents,
      reversal: e.reversal,
      order_id: e.orderId,
      menu_id: e.menuId,
      location: e.locationId === null || locationTitle === null ? null : { id: e.locationId, title: locationTitle },
      user: person(e.userId, eaterName, eaterEmail),
      actor: person(e.actorId, actorName, actorEmail),
      reason: e.reason,
      cost_centre: costCentre,
    })),
    totals?.total ?? 0,
    q,
  );
  return { ...page, sum_cents: totals?.sum ?? 0 };
}
