import { z } from 'zod';
import { dbId, dbIdParam } from './ids.js';
import { CHECKOUT_PAYMENT_TYPES, bankMethod, complexChoice, orderPageData } from './ordering.js';
import { order } from './orders.js';

/*
 * Plan ahead (issue 27): away days and standing orders (decision 061).
 *
 * GET    /app/away-days                      (signed in) -> AwayDaysResult: the caller's own away days and
 *        their location's closed days from today on, and their placed orders on those days that can
 *        still be cancelled (the existing POST /app/order/{id}/cancel does it)
 * POST   /app/away-days                      (signed in) AwayRangeInput -> AwayDaysAdded (one row per day)
 * DELETE /app/away-days/{id}                 (the owner) -> { success }
 * GET    /app/locations/{id}/closed-days     (the location's manager, staff) -> ClosedDaysResult (the location named)
 * POST   /app/locations/{id}/closed-days     (the location's manager, staff) AwayRangeInput -> AwayDaysAdded
 * DELETE /app/locations/{id}/closed-days/{dayId} (the location's manager, staff) -> { success }
 *
 * GET    /app/standing-orders                (signed in) -> StandingOrdersResult (with the latest runs)
 * POST   /app/standing-orders                (customers) StandingOrderInput -> StandingOrder
 * PUT    /app/standing-orders/{id}           (the owner) StandingOrderInput -> StandingOrder
 * DELETE /app/standing-orders/{id}           (the owner) -> { success }
 * GET    /app/standing-orders/prepared       (signed in) ?dishlist_id -> StandingPreparedResult: card and bank days
 *        prepared for the caller to pay, on menus still open where they have not ordered since
 * POST   /app/standing-orders/run            (admins) -> StandingRunResult: the job's sweep, now (as /app/reminders/run)
 */

/** The longest range one request marks away (a year). */
export const AWAY_RANGE_MAX_DAYS = 366;
/** Skip dates one standing order keeps. */
export const SKIP_DATES_MAX = 60;

const isoDay = z.iso.date();

export const awayRangeInput = z
  .object({
    from: isoDay,
    /** The last day away (inclusive); the same as `from` for one day. */
    to: isoDay,
    note: z.string().trim().max(200).default(''),
  })
  .refine((v) => v.to >= v.from, { path: ['to'], message: 'invalidValue' })
  .refine((v) => (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 < AWAY_RANGE_MAX_DAYS, { path: ['to'], message: 'invalidValue' });
export type AwayRangeInput = z.input<typeof awayRangeInput>;

export const awayDay = z.object({
  id: z.number(),
  day: z.string(),
  note: z.string(),
  /** Marked by the user (`user`) or by their location's manager (`location`, office closed). */
  kind: z.enum(['user', 'location']),
});
export type AwayDay = z.infer<typeof awayDay>;

/** A placed order on an away day whose menu is still open: offered for cancellation. */
export const awayOrder = z.object({
  order_id: z.number(),
  day: z.string(),
  menu_title: z.string(),
  /** The menu's deadline (ISO): cancelling is possible until then. */
  deadline: z.string(),
});
export type AwayOrder = z.infer<typeof awayOrder>;

export const awayDaysResult = z.object({ data: z.array(awayDay), orders: z.array(awayOrder) });
export type AwayDaysResult = z.infer<typeof awayDaysResult>;

/** GET /app/locations/{id}/closed-days: the location's closed days from today on, and the location they are of. */
export const closedDaysResult = awayDaysResult.extend({ location: z.object({ id: z.number(), title: z.string() }) });
export type ClosedDaysResult = z.infer<typeof closedDaysResult>;

export const awayDaysAdded = z.object({ added: z.number() });
export type AwayDaysAdded = z.infer<typeof awayDaysAdded>;

export const closedDayParams = z.object({ id: dbIdParam, dayId: dbIdParam });

/** ISO weekdays: 1 Monday … 7 Sunday. */
export const weekday = z.number().int().min(1).max(7);

export const standingOrderInput = z.object({
  /** The dish or set meal (complex dish) to order. */
  dish_id: dbId,
  /** For a set meal: one chosen option per group. */
  complex: z.array(complexChoice).max(50).default([]),
  qty: z.number().int().min(1).max(10),
  weekdays: z.array(weekday).min(1).max(7),
  /** The last day it orders for (inclusive); null: until stopped. */
  ends_on: isoDay.nullable().default(null),
  skip_dates: z.array(isoDay).max(SKIP_DATES_MAX).default([]),
  payment_type: z.enum(CHECKOUT_PAYMENT_TYPES),
  bank: z.string().trim().max(40).nullable().default(null),
  shift_id: dbId.nullable().default(null),
  active: z.boolean().default(true),
  /** The customer accepts the terms of service for the orders placed for them. */
  terms: z.literal(true),
});
export type StandingOrderInput = z.input<typeof standingOrderInput>;

export const STANDING_OUTCOMES = ['placed', 'prepared', 'refused'] as const;
export const STANDING_REASONS = ['stock', 'notOnMenu', 'alreadyOrdered', 'invalid'] as const;

export const standingRun = z.object({
  day: z.string(),
  menu_id: z.number(),
  outcome: z.enum(STANDING_OUTCOMES),
  reason: z.enum(STANDING_REASONS).nullable(),
  order_id: z.number().nullable(),
});
export type StandingRun = z.infer<typeof standingRun>;

export const standingOrder = z.object({
  id: z.number(),
  dish_id: z.number(),
  dish_title: z.string(),
  complex: z.array(complexChoice),
  qty: z.number(),
  weekdays: z.array(z.number()),
  ends_on: z.string().nullable(),
  skip_dates: z.array(z.string()),
  payment_type: z.enum(CHECKOUT_PAYMENT_TYPES),
  bank: z.string().nullable(),
  shift_id: z.number().nullable(),
  active: z.boolean(),
  /** The latest days it ran for, newest first. */
  runs: z.array(standingRun),
});
export type StandingOrder = z.infer<typeof standingOrder>;

export const standingOrdersResult = z.object({ data: z.array(standingOrder) });

/** A set meal's group of options as the standing-order form offers it: one option per group, a mandatory one must be chosen. */
export const standingGroup = z.object({
  id: z.number(),
  title: z.string(),
  optional: z.boolean(),
  options: z.array(z.object({ id: z.number(), title: z.string() })),
});
export type StandingGroup = z.infer<typeof standingGroup>;

/**
 * GET /app/standing-orders/dishes: the dishes a standing order may name (the dishes and set meals
 * the provider serves lately or soon; a set meal with its groups of options), the card and banks
 * the provider offers (as the order page's payment methods), and the shifts of the caller's location.
 */
export const standingDishesResult = z.object({
  data: z.array(z.object({ id: z.number(), title: z.string(), groups: z.array(standingGroup) })),
  payment: z.object({ card: z.boolean(), banks: z.array(bankMethod), bankConsent: z.string() }),
  /** The shifts of the caller's location: when there are any, a standing order names one (as an order does). */
  shifts: z.array(z.object({ id: z.number(), title: z.string() })),
});
export type StandingDishesResult = z.infer<typeof standingDishesResult>;
export type StandingOrdersResult = z.infer<typeof standingOrdersResult>;

export const successResult = z.object({ success: z.literal(true) });

export const standingRunResult = z.object({ placed: z.number(), prepared: z.number(), refused: z.number() });
export type StandingRunResult = z.infer<typeof standingRunResult>;

export const standingPreparedQuery = z.object({ dishlist_id: dbIdParam.optional() });

/**
 * A day a card or bank standing order prepared and the caller has not paid yet (decision 061):
 * the order page offers it in the cart with a notice to pay; nothing is ordered or charged until then.
 */
export const standingPrepared = z.object({
  standing_order_id: z.number(),
  day: z.string(),
  menu_id: z.number(),
  /** The menu's deadline (ISO): paying is possible until then. */
  deadline: z.string(),
  dish: z.object({ id: z.number(), title: z.string() }),
  qty: z.number(),
  complex: z.array(z.object({ group_id: z.number(), dish: z.object({ id: z.number(), title: z.string() }) })),
  payment_type: z.enum(CHECKOUT_PAYMENT_TYPES),
  bank: z.string().nullable(),
});
export type StandingPrepared = z.infer<typeof standingPrepared>;
export const standingPreparedResult = z.object({ data: z.array(standingPrepared) });
export type StandingPreparedResult = z.infer<typeof standingPreparedResult>;

/**
 * GET /app/order/week (signed in): the week view in one call (issue 27): the order page's answer for
 * each open menu of the request's provider, soonest deadline first (as GET /app/order/create/{id}
 * answers it), and a customer's own orders on those menus (as their history lists them, oldest
 * first; staff: none).
 */
export const weekResult = z.object({ days: z.array(orderPageData), orders: z.array(order) });
export type WeekResult = z.infer<typeof weekResult>;
