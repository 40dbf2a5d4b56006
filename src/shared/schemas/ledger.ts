import { z } from 'zod';
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
