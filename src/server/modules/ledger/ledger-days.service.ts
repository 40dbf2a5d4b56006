import { eq, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_TIMEZONE } from '../../../shared/limits.js';
import type { Db } from '../../db/client.js';
import { ledgerDaySums, ledgerEntries, ledgerRolledUp } from '../../db/schema/index.js';

/*
 * The ledger's sums per day (decision 054). The ledger page's totals (how many entries match and
 * their sum) counted every matching entry: 4 s a page at a year of a big caterer. The entries are
 * append-only, so their sums per day, provider, location and kind never change once written:
 * rollUpLedger adds the entries after the last roll-up to `ledger_day_sums` (a nightly job), and
 * the page adds the sums of the days it asks for to a count of the entries after the last roll-up.
 * The roll-up goes by entry id, not by day, so an entry written later with an earlier `at` (a
 * clock in tests, a late transaction) is counted by the page until the next roll-up adds it to
 * its day. Nothing is written in the order's transaction: the rush pays nothing for it.
 */

/** Days are the service's (as the page's from/to filters). */
const dayOf = sql`(${ledgerEntries.at} at time zone ${DEFAULT_TIMEZONE})::date`;

/**
 * Adds the entries written since the last roll-up to the day sums; answers how many it added.
 * The id up to which every entry is written is read under a lock that waits for the writers in
 * progress (an id is drawn before its entry commits, so a higher id may be visible while a lower
 * one is still being written); the lock is held only for that read, and gives up after 2 s.
 */
export async function rollUpLedger(db: Db): Promise<number> {
  const upTo = await db.transaction(async (tx) => {
    await tx.execute(sql`set local lock_timeout = '2s'`);
    await tx.execute(sql`lock table ${ledgerEntries} in share row exclusive mode`);
    const res = await tx.execute<{ id: string | null }>(sql`select max(id)::text as id from ${ledgerEntries}`);
    return Number(res.rows[0]?.id ?? 0);
  });
  return db.transaction(async (tx) => {
    await tx.execute(sql`insert into ${ledgerRolledUp} (id, through_id) values (1, 0) on conflict (id) do nothing`);
    const res = await tx.execute<{ through: string }>(
      sql`select through_id::text as through from ${ledgerRolledUp} where id = 1 for update`,
    );
    const through = Number(res.rows[0]!.through);
    if (upTo <= through) return 0;
    const range = sql`${ledgerEntries.id} > ${through} and ${ledgerEntries.id} <= ${upTo}`;
    for (const [scope, location] of [
      [0, sql`null::int`],
      [1, sql`${ledgerEntries.locationId}`],
    ] as const) {
      await tx.execute(sql`
        insert into ${ledgerDaySums} (day, scope, provider_id, location_id, kind, entries, cents, rolled_to)
        select ${dayOf}, ${scope}, ${ledgerEntries.providerId}, ${location}, ${ledgerEntries.kind}, count(*), sum(${ledgerEntries.amountCents}), ${upTo}::bigint
        from ${ledgerEntries}
        where ${range}${scope === 1 ? sql` and ${ledgerEntries.locationId} is not null` : sql``}
        group by 1, 3, 4, 5`);
    }
    await tx.execute(sql`update ${ledgerRolledUp} set through_id = ${upTo} where id = 1`);
    const added = await tx.execute<{ n: number }>(sql`select count(*)::int as n from ${ledgerEntries} where ${range}`);
    return added.rows[0]!.n;
  });
}

export interface LedgerTotalsFilter {
  /** null: the entries of no provider only; else the provider's and those of no provider. */
  providerId: number | null;
  kind?: string;
  locationId?: number;
  /** Days (yyyy-mm-dd) in the service's zone, both included. */
  from?: string;
  to?: string;
}

/**
 * How many entries match and their sum: the day sums of the matching days written by the roll-ups
 * up to the id last rolled up, plus the matching entries after that id (`live`: the page's own
 * condition on ledger_entries). A roll-up committing in between writes rows with a higher
 * `rolled_to`, which this reading leaves out, so nothing is counted twice or missed. The id is
 * given as a value so the planner sees how few entries follow it.
 */
export async function ledgerTotals(db: Db, f: LedgerTotalsFilter, live: SQL | undefined): Promise<{ total: number; sum: number }> {
  const d = ledgerDaySums;
  const [rolled] = await db.select({ through: ledgerRolledUp.throughId }).from(ledgerRolledUp).where(eq(ledgerRolledUp.id, 1));
  const through = rolled?.through ?? 0;
  const summed = sql.join(
    [
      sql`${d.rolledTo} <= ${through}`,
      sql`${d.scope} = ${f.locationId === undefined ? 0 : 1}`,
      f.locationId === undefined ? sql`true` : sql`${d.locationId} = ${f.locationId}`,
      f.providerId === null ? sql`${d.providerId} is null` : sql`(${d.providerId} = ${f.providerId} or ${d.providerId} is null)`,
      f.kind ? sql`${d.kind} = ${f.kind}` : sql`true`,
      f.from ? sql`${d.day} >= ${f.from}::date` : sql`true`,
      f.to ? sql`${d.day} <= ${f.to}::date` : sql`true`,
    ],
    sql` and `,
  );
  const res = await db.execute<{ total: string; sum: string }>(sql`
    with s as (select coalesce(sum(${d.entries}), 0) as n, coalesce(sum(${d.cents}), 0) as c from ${d} where ${summed}),
      l as (select count(*) as n, coalesce(sum(${ledgerEntries.amountCents}), 0) as c from ${ledgerEntries}
        where ${ledgerEntries.id} > ${through}::bigint${live ? sql` and ${live}` : sql``})
    select ((select n from s) + (select n from l))::text as total, ((select c from s) + (select c from l))::text as sum`);
  return { total: Number(res.rows[0]!.total), sum: Number(res.rows[0]!.sum) };
}
