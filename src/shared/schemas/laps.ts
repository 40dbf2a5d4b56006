import { z } from 'zod';
import { euros } from './catalogue.js';
import { isoDateTime } from './dates.js';
import { dbId, dbIdParam } from './ids.js';
import { kitchenDish, kitchenGroup } from './kitchen.js';
import { dishlistSummary } from './ordering.js';
import { orderTotals } from './orders.js';
import { travelMinutes } from './lap-plans.js';
import { text } from './text.js';
import { TITLE_MAX } from '../limits.js';

/*
 * Delivery laps: ordered groups of locations (a van's route) of the active provider.
 * Staff only (admin, kitchen); customers get 403; another provider's lap or menu answers 404.
 * A location is on at most one lap (of any provider).
 *
 * GET  /app/laps                          -> LapList (laps by position, then id; unassigned locations by title)
 * POST /app/laps          CreateLapInput  -> 201 Lap
 * PUT  /app/laps/{id}     UpdateLapInput  -> Lap
 *      One call may set title, active, position, departs_at ('HH:MM' or null) and either the whole `locations` list or one
 *      step: `add` (appended), `remove`, or `move` (swap with the neighbour `offset` places away,
 *      bounded at the ends), and one stop's `travel` minutes. Unknown locations, or ones on another provider's lap: 422
 *      "Location not found"; on another lap of this provider: 422 naming that lap.
 * GET  /app/laps/report/{lapId}/{menuId}       -> LapReport (placed orders at the lap's locations)
 * GET  /app/laps/print-report/{lapId}/{menuId} -> application/pdf of the same report
 * POST /app/cashbalance/{menuId}  CashBalanceInput -> CashBalanceResult
 *      Records the cash collected at a location for a menu (one amount per menu and location; a
 *      repeat replaces it). Unknown location or one on another provider's lap: 404.
 * Money is euros with two decimals here; integer cents inside the server.
 */

/** A location as laps show it. */
export const lapLocation = z.object({ id: z.number(), title: z.string(), address: z.string(), status: z.boolean() });
export type LapLocation = z.infer<typeof lapLocation>;

/** A stop of a lap: its location and the minutes from the previous stop (null: the provider's `stop_minutes`). */
export const lapStop = lapLocation.extend({ travel_minutes: z.number().int().nullable() });
export type LapStop = z.infer<typeof lapStop>;

export const lap = z.object({
  id: z.number(),
  title: z.string(),
  position: z.number().int(),
  active: z.boolean(),
  /** Planned departure, 'HH:MM' in the provider's time zone on each menu's day; null: none planned. */
  departs_at: z.string().nullable(),
  /** Location ids in delivery order. */
  locations: z.array(z.number()),
  locations_count: z.number().int(),
  /** The same locations with their titles, in delivery order. */
  stops: z.array(lapStop),
});
export type Lap = z.infer<typeof lap>;

export const lapList = z.object({
  data: z.array(lap),
  /** Locations on no lap, by title. */
  unassigned: z.array(lapLocation),
});
export type LapList = z.infer<typeof lapList>;

/** Most locations one lap may hold. */
export const MAX_LAP_LOCATIONS = 500;

const lapTitle = text().trim().min(1).max(TITLE_MAX);
const lapPosition = z.number().int().min(0).max(100_000);
/** A time of day, 'HH:MM' (24 h), or null to clear it. */
const lapDeparture = text()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
  .nullable();
const locationIds = z
  .array(dbId)
  .max(MAX_LAP_LOCATIONS)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'invalidValue' });

/** POST /app/laps. Defaults: active true, position after the last lap, no departure time, no locations. */
export const createLapInput = z.object({
  title: lapTitle,
  active: z.boolean().optional(),
  departs_at: lapDeparture.optional(),
  position: lapPosition.optional(),
  locations: locationIds.optional(),
});
export type CreateLapInput = z.infer<typeof createLapInput>;

/** A move of one location by `offset` places (negative: up, towards the start of the lap). */
export const lapMove = z.object({ location_id: dbId, offset: z.number().int().min(-MAX_LAP_LOCATIONS).max(MAX_LAP_LOCATIONS) });

/** PUT /app/laps/{id}: every field optional; at most one of locations, add, remove, move. */
export const updateLapInput = z
  .object({
    title: lapTitle.optional(),
    active: z.boolean().optional(),
    departs_at: lapDeparture.optional(),
    position: lapPosition.optional(),
    locations: locationIds.optional(),
    add: dbId.optional(),
    remove: dbId.optional(),
    move: lapMove.optional(),
    /** A stop's travel minutes from the previous stop (null: the provider's default); the stop must be on the lap. */
    travel: z.object({ location_id: dbId, minutes: travelMinutes.nullable() }).optional(),
  })
  .refine((v) => [v.locations, v.add, v.remove, v.move].filter((x) => x !== undefined).length <= 1, {
    message: 'invalidValue',
    path: ['locations'],
  });
export type UpdateLapInput = z.infer<typeof updateLapInput>;

/** Adds a location at the end (no change when it is already there). */
export function addStop(list: readonly number[], id: number): number[] {
  return list.includes(id) ? [...list] : [...list, id];
}

/** Removes a location (no change when it is not there). */
export function removeStop(list: readonly number[], id: number): number[] {
  return list.filter((x) => x !== id);
}

/**
 * Moves the location at `index` by `offset` places, swapping it with the location it lands on;
 * the target is kept inside the list (moving the first one up changes nothing).
 */
export function moveStop(list: readonly number[], index: number, offset: number): number[] {
  const next = [...list];
  if (index < 0 || index >= next.length) return next;
  const target = Math.min(next.length - 1, Math.max(0, index + offset));
  if (target === index) return next;
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

export const STOP_STATUSES = ['loaded', 'delivered', 'problem'] as const;
export type StopStatusValue = (typeof STOP_STATUSES)[number];

export const stopStatus = z.object({
  location_id: z.number(),
  status: z.enum(STOP_STATUSES),
  note: z.string(),
  changed_at: z.string(),
  changed_by: z.string().nullable(),
  delivered_at: z.string().nullable(),
  delivered_by: z.string().nullable(),
  /** A new expected arrival given with a problem mark (ISO); null: none (issue 28). */
  estimate_at: z.string().nullable(),
  /** The window promised when the stop was first marked delivered, kept as it was then; null: none. */
  promised_from: z.string().nullable(),
  promised_to: z.string().nullable(),
  /** Whole minutes delivered after promised_to (0: within or before it); null: not delivered or no window. */
  late_minutes: z.number().int().nullable(),
  /** How many customers the "lunch is delivered" e-mail went to (only in the answer that sent it). */
  notified: z.number().int().optional(),
});
export type StopStatus = z.infer<typeof stopStatus>;

// ---------------------------------------------------------------- report

/** One location of a lap in the report, in delivery order. */
export const lapReportLocation = z.object({
  id: z.number(),
  title: z.string(),
  address: z.string(),
  /** Sums of the placed orders of this menu at the location (cash = cash orders' amount to pay). */
  totals: orderTotals,
  /** Cash to collect at delivery: the cash orders' amount to pay (same as totals.cash). */
  cash_to_collect: z.number(),
  /** Cash recorded as collected (POST /app/cashbalance); null when nothing was recorded. */
  cash_balance: z.number().nullable(),
  /** Cash still to collect now: cash_to_collect less cash_balance (negative: more was collected). */
  current_payment: z.number(),
  /** The lap sheet (issue 13): who receives the lunches at the stop. */
  contact_name: z.string(),
  contact_phone: z.string(),
  /** Bags to hand over: one per placed order (each person's lunch is packed on its own). */
  bags: z.number().int(),
  /** What to hand over: the ordered dishes (set meals as themselves) with their quantities. */
  hand_over: z.array(z.object({ id: z.number(), title: z.string(), qty: z.number().int() })),
  /** Portions to hand over at the stop (the quantities of hand_over added up). */
  portions: z.number().int(),
  /** Of them, portions whose label was scanned (POST /app/handover/…): the rest are still to hand over. */
  handed_over: z.number().int(),
  /** The stop's delivery status for this menu (issue 14); null: not marked yet. */
  status: stopStatus.nullable(),
  /**
   * On time (issue 28, decision 071): the window promised when the stop was delivered (null: none)
   * and the minutes after it (0 on time; null: not delivered or no window).
   */
  delivery: z.object({ window_from: z.string().nullable(), window_to: z.string().nullable(), late_minutes: z.number().nullable() }),
});
export type LapReportLocation = z.infer<typeof lapReportLocation>;

export const lapReport = z.object({
  /** departs_at: the lap's departure on the menu's day (ISO; issue 28), null: none or inactive. */
  lap: z.object({ id: z.number(), title: z.string(), active: z.boolean(), departs_at: z.string().nullable() }),
  dishlist: dishlistSummary,
  /** What to load: every dish per category (set-meal options counted as their dishes). */
  dishes: z.array(kitchenGroup),
  /** The set meals themselves. */
  initials: z.array(kitchenDish),
  locations: z.array(lapReportLocation),
  totals: orderTotals.extend({ cash_to_collect: z.number(), cash_balance: z.number(), current_payment: z.number() }),
  /** The day's delivered stops of the lap (decision 071): on time, late, without a window (not counted); rate in whole percent, null: none counted. */
  on_time: z.object({ on_time: z.number(), late: z.number(), no_window: z.number(), rate: z.number().nullable() }),
});
export type LapReport = z.infer<typeof lapReport>;

/** POST /app/cashbalance/{menuId}. */
export const cashBalanceInput = z.object({ location_id: dbId, amount: euros });
export type CashBalanceInput = z.infer<typeof cashBalanceInput>;

export const cashBalanceResult = z.object({ amount: z.number() });
export type CashBalanceResult = z.infer<typeof cashBalanceResult>;

// ---------------------------------------------------------------- the day (issues 13, 14)

/*
 * DELETE /app/laps/{id}                         -> 204; 409 while a stop has orders, cash or a
 *      status for a menu whose day has not ended (its date in the provider's zone is today or later).
 * GET  /app/laps/unrouted?menu_id=              -> UnroutedList: per current menu (or the one named)
 *      the locations with placed orders on no active lap.
 * GET  /app/laps/cash/{menuId}                  -> DayCash: per active lap and for the locations on
 *      no lap, the cash expected, collected and the difference, with totals.
 * PUT  /app/laps/stops/{menuId}/{locationId}  StopStatusInput -> StopStatus
 *      Marks a stop loaded, delivered or a problem (note required, a new estimate allowed). The first
 *      "delivered" records the promised window then and the minutes late (decision 067), and tells
 *      the location's customers who ordered on the menu and asked for it (notify_on_delivery), once (decision 068).
 */

export const STOP_NOTE_MAX = 500;

export const stopStatusInput = z
  .object({
    status: z.enum(STOP_STATUSES),
    note: text().trim().max(STOP_NOTE_MAX).optional(),
    /**
     * With a problem: the new expected arrival (a date-time on the menu's day, not in the past;
     * without an offset read in the provider's zone); null clears it; absent leaves it.
     */
    estimate_at: isoDateTime.nullable().optional(),
  })
  .refine((v) => v.status !== 'problem' || (v.note ?? '').length > 0, { message: 'required', path: ['note'] });
export type StopStatusInput = z.infer<typeof stopStatusInput>;

export const unroutedQuery = z.object({ menu_id: dbIdParam.optional() });

export const unroutedList = z.object({
  data: z.array(
    z.object({
      menu: z.object({ id: z.number(), title: z.string(), from: z.string() }),
      locations: z.array(z.object({ id: z.number(), title: z.string(), orders: z.number().int() })),
    }),
  ),
});
export type UnroutedList = z.infer<typeof unroutedList>;

const cashRow = z.object({ expected: z.number(), collected: z.number(), difference: z.number(), missing: z.number().int() });

export const dayCash = z.object({
  dishlist: dishlistSummary,
  laps: z.array(
    cashRow.extend({
      id: z.number().nullable(),
      title: z.string(),
      stops: z.number().int(),
      /** How many of its stops are marked loaded, delivered, or a problem (issue 14). */
      statuses: z.object({ loaded: z.number().int(), delivered: z.number().int(), problem: z.number().int() }),
    }),
  ),
  totals: cashRow,
});
export type DayCash = z.infer<typeof dayCash>;
