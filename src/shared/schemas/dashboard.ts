import { z } from 'zod';
import { dbIdParam } from './ids.js';
import { isoDay } from './dates.js';

/*
 * The sales and waste dashboard (issue 27, decision 063): admin and kitchen, one provider (the
 * active one), menu days from..to (inclusive, yyyy-mm-dd in the provider's zone), optionally one
 * location. Money in integer cents; counts as integers.
 */

/** The longest range the dashboard reads (a year and a day): a longer one is a 422. */
export const DASHBOARD_MAX_DAYS = 366;

/** The charts, each downloadable as CSV. */
export const DASHBOARD_CHARTS = ['days', 'dishes', 'locations', 'payments', 'subsidies', 'standing', 'on_time'] as const;
export type DashboardChart = (typeof DASHBOARD_CHARTS)[number];

export const dashboardQuery = z.object({
  from: isoDay,
  to: isoDay,
  location_id: dbIdParam.optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

export const dashboardCsvQuery = dashboardQuery.extend({ chart: z.enum(DASHBOARD_CHARTS) });
export type DashboardCsvQuery = z.infer<typeof dashboardCsvQuery>;

/** One menu's day: portions prepared (stock left + held by orders, dishes with a stock limit), ordered, left over. */
export const dashboardDay = z.object({
  day: z.string(),
  menu_id: z.number(),
  menu_title: z.string(),
  /** Portions prepared of the dishes with a stock limit; null when no dish of the menu had one. */
  prepared: z.number().nullable(),
  /** Dishes of the menu without a stock limit (not in `prepared`). */
  unlimited_dishes: z.number(),
  /** Portions in placed orders (each line's dish and its chosen options, times its quantity). */
  ordered: z.number(),
  /** Portions left over as the kitchen recorded them; null: not recorded (never guessed). */
  left_over: z.number().nullable(),
});
export type DashboardDay = z.infer<typeof dashboardDay>;

export const dashboardDish = z.object({ dish_id: z.number(), title: z.string(), ordered: z.number(), menus: z.number() });
export type DashboardDish = z.infer<typeof dashboardDish>;

/** Placed orders of a location per period (a day, or a week from its Monday when the range is long). */
export const dashboardLocationSeries = z.object({
  /** null: the other locations together. */
  location_id: z.number().nullable(),
  title: z.string(),
  total: z.number(),
  counts: z.array(z.number()),
});
export type DashboardLocationSeries = z.infer<typeof dashboardLocationSeries>;

export const dashboardPayments = z.object({
  /** What eaters paid, per payment type of placed orders (cents). */
  cash: z.number(),
  card: z.number(),
  bank: z.number(),
  /** Covered by the employer's subsidy and by bonus (cents). */
  subsidy: z.number(),
  bonus: z.number(),
  /** Food value of the placed orders (cents), as the statement's gross. */
  gross: z.number(),
  /** Sent back for cancelled card and bank orders (cents, positive; their orders are not in the sums above). */
  refunds: z.number(),
  /** Placed orders. */
  orders: z.number(),
  /** Cancelled orders (not counted in any sum). */
  cancelled: z.number(),
});
export type DashboardPayments = z.infer<typeof dashboardPayments>;

export const dashboardSubsidy = z.object({ location_id: z.number(), title: z.string(), orders: z.number(), subsidy: z.number() });
export type DashboardSubsidy = z.infer<typeof dashboardSubsidy>;

export const dashboardStanding = z.object({ orders: z.number(), standing: z.number() });
export type DashboardStanding = z.infer<typeof dashboardStanding>;

/**
 * Delivered stops (decision 071): within their promised window, after it, and without a window
 * (not counted in the rate); `rate`: whole percent of the counted ones on time, rounded down; null: none counted.
 */
export const dashboardOnTimeCount = z.object({
  on_time: z.number(),
  late: z.number(),
  no_window: z.number(),
  rate: z.number().nullable(),
});
export type DashboardOnTimeCount = z.infer<typeof dashboardOnTimeCount>;

/** Departures of a lap: on time (lap_runs.late_minutes 0), late, without a plan or not marked (not counted). */
export const dashboardDepartures = z.object({ on_time: z.number(), late: z.number(), no_plan: z.number(), rate: z.number().nullable() });

export const dashboardOnTime = z.object({
  total: dashboardOnTimeCount,
  /** Per lap (lap_id null: stops of locations on no lap of the provider), with its departures. */
  laps: z.array(dashboardOnTimeCount.extend({ lap_id: z.number().nullable(), title: z.string(), departures: dashboardDepartures })),
  locations: z.array(dashboardOnTimeCount.extend({ location_id: z.number(), title: z.string() })),
  /** Per month (yyyy-mm) of the range. */
  months: z.array(dashboardOnTimeCount.extend({ month: z.string() })),
});
export type DashboardOnTime = z.infer<typeof dashboardOnTime>;

export const dashboardResult = z.object({
  from: z.string(),
  to: z.string(),
  location_id: z.number().nullable(),
  days: z.array(dashboardDay),
  top_dishes: z.array(dashboardDish),
  bottom_dishes: z.array(dashboardDish),
  /** The periods of `locations`: 'day' or 'week' (a range over 62 days). */
  period: z.enum(['day', 'week']),
  periods: z.array(z.string()),
  locations: z.array(dashboardLocationSeries),
  payments: dashboardPayments,
  subsidies: z.array(dashboardSubsidy),
  standing: dashboardStanding,
  on_time: dashboardOnTime,
});
export type DashboardResult = z.infer<typeof dashboardResult>;
