import { sql } from 'drizzle-orm';
import { LEDGER_KIND_NAMES } from '../../../shared/schemas/ledger.js';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** The kinds of money movement (decision 038), named once in the shared schema. */
export const LEDGER_KINDS = LEDGER_KIND_NAMES;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * The ledger (design.md section 7, decision 038): every money movement in integer cents,
 * append-only (a trigger refuses UPDATE and DELETE), written in the same transaction as the
 * change it records. Sign: positive = money or value that came in for an order (paid by the
 * eater, covered by subsidy or bonus) or cash collected on a lap; negative = given back
 * (a reversal on cancel or release, a refund). No foreign keys: the ledger outlives the rows it
 * names (an order deleted with its menu keeps its entries).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    orderId: integer('order_id'),
    userId: integer('user_id'),
    locationId: integer('location_id'),
    providerId: integer('provider_id'),
    menuId: integer('menu_id'),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** This entry takes back the order's entry of the same kind (cancel, failed or expired payment, delete). */
    reversal: boolean('reversal').notNull().default(false),
    paymentId: integer('payment_id'),
    refundId: integer('refund_id'),
    /** Why (corrections). */
    reason: text('reason'),
    /** Who caused it (the eater, staff, the admin; null: a job or a gateway notification). */
    actorId: integer('actor_id'),
    /**
     * A dish withdrawn from the order's menu took part of the order back (decision 083): negative
     * entries of the order's kinds (subsidy, budget, bonus, company, cash owed), once per
     * withdrawal, order and kind; a later cancel reverses what is left.
     */
    withdrawalId: integer('withdrawal_id'),
  },
  (t) => [
    // An order's entry of a kind, and its reversal, at most once each: nothing counted twice.
    // Refunds are once per refund (below; an order may have several, decision 083), withdrawals
    // once per withdrawal, order and kind.
    uniqueIndex('ledger_order_kind_uq')
      .on(t.orderId, t.kind, t.reversal)
      .where(sql`${t.orderId} is not null and ${t.kind} not in ('correction', 'lap_cash', 'refund') and ${t.withdrawalId} is null`),
    uniqueIndex('ledger_withdrawal_uq')
      .on(t.withdrawalId, t.orderId, t.kind)
      .where(sql`${t.withdrawalId} is not null`),
    uniqueIndex('ledger_refund_uq').on(t.refundId),
    index('ledger_menu_idx').on(t.menuId, t.locationId),
    // The ledger page, newest first, whole or of one location (decision 050; built concurrently);
    // with the provider, so a deep page is found in the index alone (decision 054).
    index('ledger_at_provider_idx').on(t.at, t.id, t.providerId),
    index('ledger_location_at_idx').on(t.locationId, t.at, t.id),
    // The refunds of a menu (the sales dashboard, decision 063): few among many entries; with the
    // location and the amount, so a year of them is read from the index alone (decision 087).
    index('ledger_menu_refund_cover_idx')
      .on(t.menuId, t.locationId, t.amountCents)
      .where(sql`${t.kind} = 'refund'`),
    check('ledger_correction_reason', sql`${t.kind} <> 'correction' or coalesce(length(${t.reason}), 0) > 0`),
  ],
);

/**
 * The ledger's sums per day (decision 054): what the ledger page's totals add instead of counting
 * every entry. Filled by rollUpLedger (modules/ledger/ledger-days.service.ts) from the entries up
 * to `ledger_rolled_up.through_id`; the page adds the entries after it. Append-only like the
 * ledger: each roll-up adds rows for the entries it covers, a day may have rows of several.
 * `scope` 0: all locations (location_id null); 1: one location.
 */
export const ledgerDaySums = pgTable(
  'ledger_day_sums',
  {
    day: date('day').notNull(),
    scope: smallint('scope').notNull(),
    providerId: integer('provider_id'),
    locationId: integer('location_id'),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    entries: integer('entries').notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull(),
    /** The roll-up that wrote the row: the entries up to this id (a reader counts the rows up to the id it read). */
    rolledTo: bigint('rolled_to', { mode: 'number' }).notNull(),
  },
  (t) => [index('ledger_day_sums_idx').on(t.scope, t.locationId, t.day)],
);

/** How far the day sums reach: every entry with an id up to `through_id` is in them (one row). */
export const ledgerRolledUp = pgTable('ledger_rolled_up', {
  id: smallint('id').primaryKey().default(1),
  throughId: bigint('through_id', { mode: 'number' }).notNull(),
});
