/**
 * The ledger (design.md section 7, decision 038): every money movement as an append-only entry
 * in integer cents, written in the same transaction as the change it records. The order
 * statement writes the placing entries itself (ordering.statement.ts, as CTEs of its one
 * statement); everything else writes through the helpers here. `ledgerDifferences` reconciles
 * the ledger with orders, payments, refunds and lap cash (`npm run ledger:check`).
 *
 * Sign: positive = money or value that came in for an order (subsidy, bonus, cash owed on
 * delivery, a card or bank payment received) or cash collected on a lap; negative = given back
 * (a reversal when an order is cancelled, released or deleted; a refund sent).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { ledgerEntries, type LedgerKind } from '../db/schema/index.js';

/**
 * The entries placing an order writes (reversed on cancel or release): subsidy, bonus, the
 * employer's budget and company-paid meeting and guest orders (issue 29), and the cash owed.
 */
export const PLACING_KINDS = ['subsidy', 'bonus', 'budget', 'company', 'payment_cash'] as const satisfies readonly LedgerKind[];

/**
 * Writes one entry for an order, copying its user, location, menu and provider. The unique key
 * (order, kind, reversal) refuses a second entry of the same kind: the caller's transaction fails
 * rather than count a movement twice.
 */
export async function orderEntry(
  tx: Tx,
  e: {
    orderId: number;
    kind: 'payment_card' | 'payment_bank' | 'refund';
    amountCents: number;
    at: Date;
    actorId?: number | null;
    paymentId?: number | null;
    refundId?: number | null;
  },
): Promise<void> {
  await tx.execute(sql`
    insert into ${ledgerEntries} (at, order_id, user_id, location_id, provider_id, menu_id, kind, amount_cents, payment_id, refund_id, actor_id)
    select ${e.at}, o.id, o.user_id, o.location_id, m.provider_id, o.menu_id, ${e.kind}, ${e.amountCents}::int,
      ${e.paymentId ?? null}::int, ${e.refundId ?? null}::int, ${e.actorId ?? null}::int
    from orders o join menus m on m.id = o.menu_id
    where o.id = ${e.orderId}`);
}

/**
 * Takes back what placing an order recorded (subsidy, bonus, cash owed): one negative entry per
 * placing entry, at most once (the unique key). Called by every give-back (cancel, failed or
 * expired payment, delete), in its transaction.
 */
export async function reverseOrderEntries(
  tx: Tx,
  orderId: number,
  at: Date,
  actorId: number | null,
  /** Why, when the order's status does not say it alone (an unpaid order released by a new order). */
  reason: string | null = null,
): Promise<void> {
  // One reversal per kind, of what is left of it: placing's entry less what withdrawn dishes took back (decision 083).
  await tx.execute(sql`
    insert into ${ledgerEntries} (at, order_id, user_id, location_id, provider_id, menu_id, kind, amount_cents, reversal, actor_id, reason)
    select ${at}, order_id, min(user_id), min(location_id), min(provider_id), min(menu_id), kind, -sum(amount_cents)::int, true,
      ${actorId}::int, ${reason}::text
    from ${ledgerEntries}
    where order_id = ${orderId} and not reversal and kind in ('subsidy', 'bonus', 'budget', 'company', 'payment_cash')
    group by order_id, kind
    order by min(id)`);
}

/** What a withdrawn dish took back of an order, per placing kind, in cents (positive; written negative). */
export type WithdrawnParts = Partial<Record<'subsidy' | 'budget' | 'bonus' | 'company' | 'payment_cash', number>>;

/**
 * The entries of a dish withdrawn from an order's menu (decision 083): one negative entry per
 * placing kind it took back, copying the order's user, location, menu and provider. Once per
 * withdrawal, order and kind (ledger_withdrawal_uq); a later cancel reverses what is left.
 */
export async function withdrawalEntries(
  tx: Tx,
  e: { orderId: number; withdrawalId: number; at: Date; actorId: number | null; parts: WithdrawnParts },
): Promise<void> {
  for (const [kind, cents] of Object.entries(e.parts)) {
    if (!cents) continue;
    await tx.execute(sql`
      insert into ${ledgerEntries} (at, order_id, user_id, location_id, provider_id, menu_id, kind, amount_cents, actor_id, withdrawal_id)
      select ${e.at}, o.id, o.user_id, o.location_id, m.provider_id, o.menu_id, ${kind}, ${-cents}::int, ${e.actorId}::int,
        ${e.withdrawalId}::int
      from orders o join menus m on m.id = o.menu_id
      where o.id = ${e.orderId}`);
  }
}

/** Cash collected on a lap at a location for a menu (the change of the recorded amount). */
export async function lapCashEntry(
  tx: Tx,
  e: { menuId: number; locationId: number; providerId: number; amountCents: number; at: Date; actorId: number },
): Promise<void> {
  if (e.amountCents === 0) return;
  await tx.insert(ledgerEntries).values({
    at: e.at,
    menuId: e.menuId,
    locationId: e.locationId,
    providerId: e.providerId,
    kind: 'lap_cash',
    amountCents: e.amountCents,
    actorId: e.actorId,
  });
}

export interface Correction {
  amountCents: number;
  reason: string;
  orderId: number | null;
  userId: number | null;
  locationId: number | null;
  providerId: number | null;
  menuId: number | null;
}

/**
 * Key of the transaction lock (with the provider id as second key) that issuing or crediting an
 * invoice takes exclusively and recording a correction takes shared: a correction's month (its
 * `at`, which puts it on that month's statement and invoice) is read once the lock is held, so a
 * correction never lands in a month whose invoice is being issued at that moment.
 */
export const BILLING_LOCK = 727036;

/**
 * A manual correction by an admin, with its reason, written in the caller's transaction (with its
 * audit entry, decision 037). Answers the entry's id. Its time is taken from `now` after the
 * billing lock of its provider is held (see BILLING_LOCK).
 */
export async function writeCorrection(tx: Tx, c: Correction, actorId: number, now: () => Date): Promise<number> {
  if (c.providerId !== null) await tx.execute(sql`select pg_advisory_xact_lock_shared(${BILLING_LOCK}, ${c.providerId})`);
  const [row] = await tx
    .insert(ledgerEntries)
    .values({ ...c, at: now(), kind: 'correction', actorId })
    .returning({ id: ledgerEntries.id });
  return row!.id;
}

/** One difference between the ledger and what it records. */
export interface LedgerDifference {
  /** What disagrees: an order's amount of a kind, a lap's cash, or an entry written twice. */
  what: 'order' | 'lap_cash' | 'duplicate';
  orderId: number | null;
  menuId: number | null;
  locationId: number | null;
  kind: string;
  /** In cents (for 'duplicate': 1, the number of entries expected). */
  expected: number;
  actual: number;
}

/**
 * Reconciles the ledger: for every order, each amount (subsidy, budget and bonus of a pending or
 * placed order, the whole amount of a company-paid meeting or guest order, the cash owed by a placed cash order, what was paid by card and by bank, what was
 * refunded) equals the sum of its entries of that kind; the cash collected on each lap (menu and
 * location) equals its lap_cash entries; no order has two entries of one kind (or two
 * reversals) besides those of withdrawn dishes (decision 083), no refund two entries. Corrections are movements of their own and not counted
 * against an order. Answers every difference (none: the ledger holds).
 *
 * `since` bounds the check (decision 050): only the menus open for ordering from that time on,
 * their orders, their entries and their lap cash; the work then grows with the days checked, not
 * with the years the ledger holds. Without it, everything.
 */
export async function ledgerDifferences(db: Db | Tx, opts: { since?: Date } = {}): Promise<LedgerDifference[]> {
  // Entries copy their order's menu, so one menu filter bounds both sides alike.
  const inScope = (column: SQL) =>
    opts.since ? sql`and ${column} in (select id from menus where "from" >= ${opts.since.toISOString()}::timestamptz)` : sql``;
  const res = await db.execute<{
    what: LedgerDifference['what'];
    order_id: number | null;
    menu_id: number | null;
    location_id: number | null;
    kind: string;
    expected: string;
    actual: string;
  }>(sql`
    with scoped as (
      select o.id, o.menu_id, o.location_id, o.status, o.amount_cents, o.subsidy_cents, o.budget_cents, o.bonus_cents, o.payment_type,
        o.amount_to_pay_cents
      from orders o where true ${inScope(sql`o.menu_id`)}),
    -- What was paid and refunded per order, summed once (joined by hash, not looked up per order).
    paid as (
      select p.order_id, coalesce(sum(p.amount_cents) filter (where p.method = 'card'), 0) as card,
        coalesce(sum(p.amount_cents) filter (where p.method = 'bank'), 0) as bank
      from payments p join scoped o on o.id = p.order_id where p.status = 'paid' group by p.order_id),
    refunded as (
      select r.order_id, sum(r.amount_cents) as amount
      from refunds r join scoped o on o.id = r.order_id where r.status = 'refunded' group by r.order_id),
    expected as (
      select o.id as order_id, o.menu_id, o.location_id, x.kind, x.amount::bigint as amount
      from scoped o left join paid p on p.order_id = o.id left join refunded r on r.order_id = o.id,
        lateral (values
          ('subsidy', case when o.status in (1, 2) then o.subsidy_cents else 0 end),
          ('budget', case when o.status in (1, 2) then o.budget_cents else 0 end),
          -- Meeting and guest orders: the company pays the whole amount (issue 29).
          ('company', case when o.status in (1, 2) and o.payment_type = 'company' then o.amount_cents else 0 end),
          ('bonus', case when o.status in (1, 2) then o.bonus_cents else 0 end),
          ('payment_cash', case when o.status = 2 and o.payment_type = 'cash' then o.amount_to_pay_cents else 0 end),
          ('payment_card', coalesce(p.card, 0)),
          ('payment_bank', coalesce(p.bank, 0)),
          ('refund', -coalesce(r.amount, 0))
        ) as x(kind, amount)),
    actual as (
      select order_id, min(menu_id) as menu_id, min(location_id) as location_id, kind, sum(amount_cents)::bigint as amount
      from ${ledgerEntries} where order_id is not null and kind not in ('correction', 'lap_cash') ${inScope(sql`menu_id`)}
      group by order_id, kind),
    cash_expected as (
      select menu_id, location_id, amount_cents::bigint as amount from cash_balances where true ${inScope(sql`menu_id`)}),
    cash_actual as (
      select menu_id, location_id, sum(amount_cents)::bigint as amount from ${ledgerEntries}
      where kind = 'lap_cash' ${inScope(sql`menu_id`)} group by menu_id, location_id)
    select 'order' as what, coalesce(e.order_id, a.order_id) as order_id, coalesce(e.menu_id, a.menu_id) as menu_id,
      coalesce(e.location_id, a.location_id) as location_id, coalesce(e.kind, a.kind) as kind,
      coalesce(e.amount, 0) as expected, coalesce(a.amount, 0) as actual
    from expected e full join actual a on a.order_id = e.order_id and a.kind = e.kind
    where coalesce(e.amount, 0) <> coalesce(a.amount, 0)
    union all
    select 'lap_cash', null, coalesce(e.menu_id, a.menu_id), coalesce(e.location_id, a.location_id), 'lap_cash',
      coalesce(e.amount, 0), coalesce(a.amount, 0)
    from cash_expected e full join cash_actual a on a.menu_id = e.menu_id and a.location_id = e.location_id
    where coalesce(e.amount, 0) <> coalesce(a.amount, 0)
    union all
    select 'duplicate', order_id, min(menu_id), min(location_id), kind || case when reversal then ' reversal' else '' end, 1, count(*)
    from ${ledgerEntries} where order_id is not null and kind not in ('correction', 'lap_cash', 'refund') and withdrawal_id is null
      ${inScope(sql`menu_id`)}
    group by order_id, kind, reversal having count(*) > 1
    union all
    select 'duplicate', min(order_id), min(menu_id), min(location_id), 'refund ' || refund_id, 1, count(*)
    from ${ledgerEntries} where refund_id is not null ${inScope(sql`menu_id`)}
    group by refund_id having count(*) > 1
    order by 1, 2, 5`);
  return res.rows.map((r) => ({
    what: r.what,
    orderId: r.order_id,
    menuId: r.menu_id,
    locationId: r.location_id,
    kind: r.kind,
    expected: Number(r.expected),
    actual: Number(r.actual),
  }));
}

/** A difference as one line of the check's report. */
export function describeDifference(d: LedgerDifference): string {
  const where = d.orderId !== null ? `order ${d.orderId}` : `menu ${d.menuId} location ${d.locationId}`;
  if (d.what === 'duplicate') return `${where}: ${d.kind} written ${d.actual} times`;
  return `${where}: ${d.kind} is ${d.expected} cents, its entries sum to ${d.actual}`;
}
