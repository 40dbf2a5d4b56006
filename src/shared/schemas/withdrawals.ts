import { z } from 'zod';
import { dbId, dbIdParam } from './ids.js';

/*
 * A dish withdrawn from a menu after people ordered it (issue 30, decision 083). Money in euros
 * with two decimals, as every answer.
 */

export const WITHDRAWAL_MODES = ['refund', 'substitute'] as const;
export const withdrawalMode = z.enum(WITHDRAWAL_MODES);

/** POST /app/dishlists/{id}/withdrawals: the dish, and refund or the substitute offered (a dish of the same menu). */
export const withdrawDishInput = z
  .object({ dish_id: dbId, mode: withdrawalMode, substitute_dish_id: dbId.nullable().default(null) })
  .refine((v) => v.mode === 'refund' || v.substitute_dish_id !== null, {
    path: ['substitute_dish_id'],
    message: 'Choose the substitute.',
  });
export type WithdrawDishInput = z.infer<typeof withdrawDishInput>;

/** GET /app/dishlists/{id}/withdrawals/preview?dish_id=: what withdrawing it would touch. */
export const withdrawPreviewQuery = z.object({ dish_id: dbIdParam });

export const withdrawPreview = z.object({
  /** Live orders (pending or placed) with the dish. */
  orders: z.number().int(),
  /** Their eaters. */
  eaters: z.number().int(),
  /** Portions of the dish. */
  portions: z.number().int(),
  /** What the portions cost (what a refund gives back). */
  amount: z.number(),
  /** Already withdrawn from this menu. */
  withdrawn: z.boolean(),
});
export type WithdrawPreview = z.infer<typeof withdrawPreview>;

export const withdrawal = z.object({
  id: z.number().int(),
  dish_id: z.number().int(),
  mode: withdrawalMode,
  substitute_dish_id: z.number().int().nullable(),
  orders: z.number().int(),
  /** Orders whose dish was refunded (or cancelled) / given the substitute. */
  refunded: z.number().int(),
  substituted: z.number().int(),
  /** What was given back so far. */
  amount: z.number(),
  created_at: z.string(),
});
export type Withdrawal = z.infer<typeof withdrawal>;

/** Answer of POST .../withdrawals: `changed` false when the dish was withdrawn already (nothing done again). */
export const withdrawResult = z.object({ success: z.literal(true), changed: z.boolean(), withdrawal });
export type WithdrawResult = z.infer<typeof withdrawResult>;

export const withdrawalList = z.object({ data: z.array(withdrawal) });
export type WithdrawalList = z.infer<typeof withdrawalList>;

export const WITHDRAWN_STATUSES = ['refunded', 'cancelled', 'substituted', 'kept'] as const;

/** A withdrawn dish as the eater sees it on their order. */
export const withdrawnNotice = z.object({
  withdrawal_id: z.number().int(),
  dish: z.string(),
  substitute: z.string().nullable(),
  status: z.enum(WITHDRAWN_STATUSES),
  portions: z.number().int(),
  /** The portions' price. */
  amount: z.number(),
  /** Given back: employer's subsidy and budget, bonus, cash no longer owed, sent to the card or bank account. */
  refund: z.object({ subsidy: z.number(), budget: z.number(), bonus: z.number(), company: z.number(), cash: z.number(), paid: z.number() }),
  /** Until when the eater may take the refund instead of the substitute (null: nothing to choose). */
  choose_until: z.string().nullable(),
});
export type WithdrawnNotice = z.infer<typeof withdrawnNotice>;

export const withdrawnNotices = z.object({ data: z.array(withdrawnNotice) });
export type WithdrawnNotices = z.infer<typeof withdrawnNotices>;

export const withdrawnChoiceParams = z.object({ id: dbIdParam, withdrawalId: dbIdParam });

/** POST /app/order/{id}/withdrawn/{withdrawalId}: keep the substitute or take the refund. */
export const withdrawnChoiceInput = z.object({ choice: z.enum(['substitute', 'refund']) });
export type WithdrawnChoiceInput = z.infer<typeof withdrawnChoiceInput>;

export const withdrawnChoiceResult = z.object({ success: z.literal(true), changed: z.boolean(), notice: withdrawnNotice });
export type WithdrawnChoiceResult = z.infer<typeof withdrawnChoiceResult>;
