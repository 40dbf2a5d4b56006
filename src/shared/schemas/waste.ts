import { z } from 'zod';
import { dbId, dbIdParam } from './ids.js';
import { text } from './text.js';

/*
 * Food left over (issue 27, decision 064): portions the kitchen records per menu and dish after
 * the menu's deadline, and the monthly waste summary (kilograms from the dishes' portion weights,
 * CO₂e from the provider's factor).
 */

/** The most portions of one dish that may be recorded as left over on one menu. */
export const LEFTOVER_MAX = 5000;

export const leftoverPortions = z.number().int().min(0).max(LEFTOVER_MAX);

/** One dish the kitchen may record leftovers of: the menu's plain dishes and its set meals' options. */
export const leftoverDish = z.object({
  dish_id: z.number(),
  title: z.string(),
  /** Portions ordered (placed orders). */
  ordered: z.number(),
  /** Portions left over; null: not recorded yet. */
  portions: z.number().nullable(),
  /** The dish's portion weight in grams; null: not set (the summary cannot weigh it). */
  portion_grams: z.number().nullable(),
  /** ISO 8601, UTC; null: not recorded yet. */
  recorded_at: z.string().nullable(),
});
export type LeftoverDish = z.infer<typeof leftoverDish>;

/** GET /app/kitchen/{id}/leftovers (staff). */
export const leftoversResult = z.object({
  menu_id: z.number(),
  /** The menu's deadline (ISO 8601, UTC): leftovers are taken from then on. */
  deadline: z.string(),
  /** True once the deadline has passed: writes before it are refused (409). */
  open: z.boolean(),
  max: z.number(),
  dishes: z.array(leftoverDish),
  updated_at: z.string(),
});
export type LeftoversResult = z.infer<typeof leftoversResult>;

/**
 * The answer of every leftovers write: whether it changed anything, and the menu's recorded
 * leftovers (only what was recorded: a tap's answer does not count the menu's orders again).
 */
export const leftoversWritten = z.object({
  menu_id: z.number(),
  changed: z.boolean(),
  dishes: z.array(leftoverDish.pick({ dish_id: true, portions: true, recorded_at: true })),
});
export type LeftoversWritten = z.infer<typeof leftoversWritten>;

/** PUT /app/kitchen/{id}/leftovers: several dishes' portions at once (each set, not added). */
export const leftoversInput = z.object({
  dishes: z
    .array(z.object({ dish_id: dbId, portions: leftoverPortions }))
    .min(1)
    .max(200)
    .refine((list) => new Set(list.map((d) => d.dish_id)).size === list.length, { message: 'invalidValue' }),
});
export type LeftoversInput = z.infer<typeof leftoversInput>;

export const leftoverParams = z.object({ id: dbIdParam, dishId: dbIdParam });
/** PUT /app/kitchen/{id}/leftovers/{dishId}: one dish's portions (set). */
export const leftoverInput = z.object({ portions: leftoverPortions });
/** POST /app/kitchen/{id}/leftovers/{dishId}/step: one tap, +1 or −1, applied in the database (never lost to a concurrent tap). */
export const leftoverStepInput = z.object({ by: z.union([z.literal(1), z.literal(-1)]) });

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
/** GET /app/waste/summary(.pdf|.csv): a month (yyyy-mm, menus by their day in the provider's zone) and optionally a location. */
export const wasteSummaryQuery = z.object({
  month: text()
    .trim()
    .regex(MONTH, { message: 'invalidValue' })
    .refine((v) => Number(v.slice(0, 4)) >= 2000 && Number(v.slice(0, 4)) <= 2100, { message: 'invalidValue' }),
  location_id: dbIdParam.optional(),
});
export type WasteSummaryQuery = z.infer<typeof wasteSummaryQuery>;

export const wasteSummaryDish = z.object({
  dish_id: z.number(),
  title: z.string(),
  /** Portions left over in the month; for a location its share (decision 064), to two decimals. */
  portions: z.number(),
  portion_grams: z.number().nullable(),
  /** Kilograms (portions × grams / 1000, to two decimals); null when the dish has no portion weight. */
  kg: z.number().nullable(),
});

export const wasteSummary = z.object({
  month: z.string(),
  provider: z.object({ id: z.number(), title: z.string() }),
  /** The location whose share this is; null: the whole provider. */
  location: z.object({ id: z.number(), title: z.string() }).nullable(),
  menus: z.number(),
  dishes: z.array(wasteSummaryDish),
  /** Portions of dishes without a portion weight: listed, never counted as zero kilograms. */
  unweighed_portions: z.number(),
  total_kg: z.number(),
  co2e_grams_per_kg: z.number(),
  co2e_source: z.string(),
  /** total kg × factor, in kg CO₂e to one decimal. */
  co2e_kg: z.number(),
});
export type WasteSummary = z.infer<typeof wasteSummary>;
