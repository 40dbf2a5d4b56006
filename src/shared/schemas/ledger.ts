import { z } from 'zod';
import { idFilter } from '../list-query.js';
import { isoDay } from './dates.js';
import { dbId } from './ids.js';
import { text } from './text.js';

/** Largest correction, in cents (100,000.00 either way): a typo of a few digits is refused. */
export const MAX_CORRECTION_CENTS = 10_000_000;

/**
 * POST /app/ledger/corrections (admin): a manual correction of the ledger, in cents (positive: money
 * in, negative: money out; decision 038), with its reason, optionally for an order (then its user,
 * location, menu and provider are copied) or a location.
 */
export const correctionInput = z.object({
  amount_cents: z.number().int().min(-MAX_CORRECTION_CENTS).max(MAX_CORRECTION_CENTS),
  reason: text().trim().min(1).max(500),
  order_id: dbId.optional(),
  location_id: dbId.optional(),
});
export type CorrectionInput = z.infer<typeof correctionInput>;

export const correctionResult = z.object({
  id: z.number().int(),
  amount_cents: z.number().int(),
  order_id: z.number().int().nullable(),
});

/** The kinds of money movement (decision 038), in the order the ledger page lists them. */
export const LEDGER_KIND_NAMES = [
  'payment_cash',
  'payment_card',
  'payment_bank',
  'subsidy',
  'bonus',
  'budget',
  'company',
  'refund',
  'lap_cash',
  'correction',
] as const;

/** Filters of GET /app/ledger: filter[kind], filter[order_id], filter[location_id], filter[from], filter[to] (days, Riga). */
export const ledgerFilters = {
  kind: z.enum(LEDGER_KIND_NAMES),
  order_id: idFilter,
  location_id: idFilter,
  from: isoDay,
  to: isoDay,
};

/** One entry of GET /app/ledger (admins): newest first. */
export const ledgerEntryAnswer = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: z.enum(LEDGER_KIND_NAMES),
  amount_cents: z.number().int(),
  reversal: z.boolean(),
  order_id: z.number().int().nullable(),
  menu_id: z.number().int().nullable(),
  location: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  reason: z.string().nullable(),
  /**
   * The cost centre of the entry's order as it stands now (decision 075): an order's cost centre
   * may change until it is invoiced, and its entries show the change. Null without an order or one.
   */
  cost_centre: z.object({ id: z.number().int(), code: z.string(), title: z.string() }).nullable(),
});
export type LedgerEntryAnswer = z.infer<typeof ledgerEntryAnswer>;

/** GET /app/ledger: a page of entries and the sum of every entry the filters match. */
export function ledgerPage<T extends z.ZodType>(paged: T) {
  return z.intersection(paged, z.object({ sum_cents: z.number().int() }));
}
