import { z } from 'zod';
import { dishlistSummary } from './ordering.js';

/** One dish to cook and how many. */
export const kitchenDish = z.object({ id: z.number(), title: z.string(), qty: z.number() });
export type KitchenDish = z.infer<typeof kitchenDish>;

/** The dishes of one category (key = category id). */
export const kitchenGroup = z.object({ key: z.number(), title: z.string(), data: z.array(kitchenDish) });
export type KitchenGroup = z.infer<typeof kitchenGroup>;

/**
 * GET /app/kitchen/{menuId}: what the kitchen must cook for a menu, counted from placed orders.
 * `dishes` counts every actual dish (plain lines and the chosen options of set meals);
 * `initials` counts the set meals themselves.
 */
export const kitchenResult = z.object({
  dishlist: dishlistSummary,
  dishes: z.array(kitchenGroup),
  initials: z.array(kitchenDish),
  /**
   * Placed orders whose eater avoids an allergen that is in what they ordered (they chose it
   * after the warning; decision 034): who, where, which dishes and which allergens.
   */
  allergen_alerts: z.array(
    z.object({
      order_id: z.number(),
      name: z.string(),
      location: z.string().nullable(),
      dishes: z.array(z.string()),
      allergens: z.array(z.string()),
    }),
  ),
  updated_at: z.string(),
});
export type KitchenResult = z.infer<typeof kitchenResult>;
