import { z } from 'zod';
import { isoDateTime } from './dates.js';
import { dbId } from './ids.js';
import { STOP_NOTE_MAX, STOP_STATUSES } from './laps.js';
import { text } from './text.js';

/*
 * The driver's phone (issue 28, decision 069). Staff only (admin, kitchen); customers get 403.
 *
 * POST /app/laps/{lapId}/runs/{menuId}/depart          -> LapRun: the lap left now; the first
 *      departure is kept (a second answers the recorded one). late_minutes: minutes after (any
 *      part of one counts) the planned departure, 0 on time or early, null without a plan.
 * POST /app/laps/stops/{menuId}/{locationId}/arrive    -> StopArrival: the driver is at the stop
 *      (the first arrival is kept).
 * GET  /app/driver/today                               -> DriverToday: the laps the caller drives
 *      today (lap_runs.driver_id) with their stops in order.
 * POST /app/driver/taps  DriverTap                     -> TapAnswer: one tap of the phone, applied
 *      once per tap id; sending the same id again answers the first answer. 404: the lap, menu or
 *      stop is not the active provider's; 403: the caller does not drive that lap today.
 */

export const lapRun = z.object({
  lap_id: z.number(),
  menu_id: z.number(),
  /** The planned departure (ISO); null: none planned. */
  departs_at: z.string().nullable(),
  departed_at: z.string().nullable(),
  late_minutes: z.number().int().nullable(),
});
export type LapRun = z.infer<typeof lapRun>;

export const stopArrival = z.object({ menu_id: z.number(), location_id: z.number(), arrived_at: z.string() });
export type StopArrival = z.infer<typeof stopArrival>;

export const driverStop = z.object({
  location_id: z.number(),
  /** 1-based position on the lap. */
  stop: z.number().int(),
  title: z.string(),
  address: z.string(),
  /** Who receives the lunches (the lap sheet's contact). */
  contact_name: z.string(),
  contact_phone: z.string(),
  /** The promised window (ISO); null without a planned departure. */
  window_from: z.string().nullable(),
  window_to: z.string().nullable(),
  status: z.enum(STOP_STATUSES).nullable(),
  note: z.string(),
  arrived_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  hand_over: z.array(z.object({ id: z.number(), title: z.string(), qty: z.number().int() })),
  portions: z.number().int(),
  handed_over: z.number().int(),
  /** Cash to collect at the stop (euros); null: none. */
  cash_to_collect: z.number().nullable(),
});
export type DriverStop = z.infer<typeof driverStop>;

export const driverLap = lapRun.extend({
  title: z.string(),
  menu_title: z.string(),
  stops: z.array(driverStop),
});
export type DriverLap = z.infer<typeof driverLap>;

export const driverToday = z.object({ laps: z.array(driverLap) });
export type DriverToday = z.infer<typeof driverToday>;

export const TAP_ACTIONS = ['departed', 'arrived', 'delivered', 'problem'] as const;
export type TapAction = (typeof TAP_ACTIONS)[number];

export const driverTap = z
  .object({
    /** The phone's own id for the tap (a UUID): the same id is applied once. */
    id: z.uuid(),
    action: z.enum(TAP_ACTIONS),
    lapId: dbId,
    menuId: dbId,
    locationId: dbId.optional(),
    note: text().trim().max(STOP_NOTE_MAX).optional(),
    /** With "problem": the new expected arrival. */
    estimate_at: isoDateTime.optional(),
  })
  .refine((v) => v.action === 'departed' || v.locationId !== undefined, { message: 'required', path: ['locationId'] })
  .refine((v) => v.action !== 'problem' || (v.note ?? '').length > 0, { message: 'required', path: ['note'] });
export type DriverTapInput = z.infer<typeof driverTap>;

export const tapAnswer = z.object({
  id: z.string(),
  action: z.enum(TAP_ACTIONS),
  /** When the tap was first applied (a repeat answers the same). */
  applied_at: z.string(),
  run: lapRun.nullable(),
  stop: z.object({ location_id: z.number(), status: z.enum(STOP_STATUSES).nullable(), arrived_at: z.string().nullable() }).nullable(),
});
export type TapAnswer = z.infer<typeof tapAnswer>;
