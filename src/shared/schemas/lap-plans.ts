import { z } from 'zod';
import { dbId } from './ids.js';
import { text } from './text.js';

/*
 * Promised delivery times (issue 28, decision 067). Staff only (admin, kitchen); customers get 403;
 * another provider's lap or menu answers 404.
 *
 * GET /app/laps/plans/{menuId}                 -> DayPlan: the active laps on the menu's day with
 *      their departure, driver and each stop's promised window, and the staff who may drive.
 * PUT /app/laps/{lapId}/runs/{menuId}  LapRunInput -> LapDayPlan: the day's own departure ('HH:MM'
 *      on the menu's day in the provider's zone; null: the lap's or the provider's time) and driver
 *      (an active staff member; null: nobody). Only the fields sent change.
 *
 * A lap's departure is the day's, else the lap's time, else the provider's; stop k's window starts
 * at the departure plus the travel minutes of stops 1..k and lasts the provider's window minutes.
 */

/** A time of day, 'HH:MM' (24 h), or null to clear it. */
export const timeOfDay = text()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
  .nullable();

/** Minutes between two stops (the kitchen and the first stop for the first). */
export const TRAVEL_MINUTES_MAX = 240;
/** The defaults of a new provider (migration 0024). */
export const STOP_MINUTES_DEFAULT = 10;
export const WINDOW_MINUTES_DEFAULT = 15;
export const travelMinutes = z.number().int().min(0).max(TRAVEL_MINUTES_MAX);
/** How long a promised window is. */
export const WINDOW_MINUTES_MIN = 5;
export const WINDOW_MINUTES_MAX = 240;
export const windowMinutes = z.number().int().min(WINDOW_MINUTES_MIN).max(WINDOW_MINUTES_MAX);

/** A stop on a menu's day. Times are ISO instants. */
export const stopPlan = z.object({
  location_id: z.number(),
  title: z.string(),
  /** 1-based position on the lap. */
  stop: z.number().int(),
  /** Minutes from the previous stop (the stop's own, else the provider's). */
  travel_minutes: z.number().int(),
  /** The promised window; null when the lap has no departure. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** A new expected arrival given with a problem mark; null: none. */
  estimate_at: z.string().nullable(),
  /** Minutes delivered after the window promised at that moment (0: on time); null: not delivered or no window. */
  late_minutes: z.number().int().nullable(),
});
export type StopPlan = z.infer<typeof stopPlan>;

export const lapDayPlan = z.object({
  id: z.number(),
  title: z.string(),
  /** The effective departure (ISO); null: none. */
  departs_at: z.string().nullable(),
  /** The day's own departure ('HH:MM' in the provider's zone) when it overrides the lap's; null: none. */
  day_departs_at: z.string().nullable(),
  /** The lap's (else the provider's) time of day, 'HH:MM'; null: none. */
  usual_departs_at: z.string().nullable(),
  driver: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** When the lap actually left and how many minutes after its departure; null: not yet. */
  departed_at: z.string().nullable(),
  late_minutes: z.number().int().nullable(),
  stops: z.array(stopPlan),
});
export type LapDayPlan = z.infer<typeof lapDayPlan>;

export const dayPlan = z.object({
  /** The provider's time zone, in which times of day are read and shown. */
  timezone: z.string(),
  laps: z.array(lapDayPlan),
  /** Active staff members who may drive a lap, by name. */
  drivers: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type DayPlan = z.infer<typeof dayPlan>;

/** PUT /app/laps/{lapId}/runs/{menuId}. */
export const lapRunInput = z.object({
  departs_at: timeOfDay.optional(),
  driver_id: dbId.nullable().optional(),
});
export type LapRunInput = z.infer<typeof lapRunInput>;
