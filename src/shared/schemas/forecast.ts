import { z } from 'zod';

/** Weeks back the forecast reads (decision 062). */
export const FORECAST_WEEKS = 6;

/** One dish's suggested quantity for a menu and its parts (decision 062). */
export const forecastEntry = z.object({
  /** Dish id, as in the menu's balance (its dishes and the options of its set meals). */
  id: z.number(),
  /**
   * Portions to prepare for the day: round((average − away_portions) × rating_factor) + standing; null
   * when the dish was on none of the reference menus (no history: no suggestion, Apply skips it).
   */
  suggested: z.number().int().nullable(),
  /** Portions ordered per week, people's own orders on the same weekday, over `weeks` weeks (one decimal). */
  average: z.number(),
  /** Weeks of the last FORECAST_WEEKS whose menus of the same weekday had the dish. */
  weeks: z.number().int(),
  /** Portions of the standing orders that apply to the menu's day. */
  standing: z.number().int(),
  /** People away that day who ordered the dish themselves on that weekday in those weeks. */
  away_people: z.number().int(),
  /** Their share of the average: their portions in those weeks / `weeks` (one decimal). */
  away_portions: z.number(),
  /**
   * The ratings' nudge (decision 080): 1 + 0.05 × (the dish's average − the provider's average),
   * both over the last 90 days, within 0.9..1.1; 1 when the dish has fewer than 5 ratings.
   */
  rating_factor: z.number(),
  /** The dish's average rating over the last 90 days; null when it has none. */
  rating_average: z.number().nullable(),
});
export type ForecastEntry = z.infer<typeof forecastEntry>;

/** GET /app/dishlists/{id}/forecast. */
export const menuForecast = z.object({
  /** The menu's day (its start in the provider's time zone) and ISO weekday (1 = Monday). */
  day: z.string(),
  weekday: z.number().int().min(1).max(7),
  /** FORECAST_WEEKS. */
  weeks: z.number().int(),
  forecast: z.array(forecastEntry),
});
export type MenuForecast = z.infer<typeof menuForecast>;
