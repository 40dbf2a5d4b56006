import { z } from 'zod';

/*
 * The eater's delivery status (issue 28, decision 068).
 * GET /app/orders/{id}/delivery     -> OrderDelivery: the order's timeline (its owner, or staff of its provider; 404 otherwise).
 * GET /app/order/delivery/{menuId}  -> MenuDelivery: "delivery expected" on the order page for the caller's location,
 *      with the timeline of the caller's latest order on the menu (one read per page, not per order).
 */

export const DELIVERY_STEPS = ['accepted', 'cooking', 'on_the_way', 'delivered'] as const;
export type DeliveryStep = (typeof DELIVERY_STEPS)[number];

export const deliveryWindow = z.object({ from: z.string(), to: z.string() });
export type DeliveryWindow = z.infer<typeof deliveryWindow>;

export const deliveryTimeline = z.object({
  /** Every step in order; `at` is when it happened (ISO), null while it has not. */
  steps: z.array(z.object({ step: z.enum(DELIVERY_STEPS), at: z.string().nullable() })),
  /** The promised window of the order's stop; null without a planned departure. */
  window: deliveryWindow.nullable(),
  /** A new expected arrival given for the stop (a delay); null: none. */
  estimate_at: z.string().nullable(),
  /** Minutes late: the stop's when delivered after its window, else the lap's late departure; null: not late or unknown. */
  late_minutes: z.number().int().nullable(),
});
export type DeliveryTimeline = z.infer<typeof deliveryTimeline>;

export const orderDelivery = deliveryTimeline.extend({ order_id: z.number() });
export type OrderDelivery = z.infer<typeof orderDelivery>;

export const menuDelivery = z.object({
  /** The caller's location (of their latest order on the menu, else their profile's); null: none. */
  location_id: z.number().nullable(),
  /** "Delivery expected" for that location; null: no window. */
  window: deliveryWindow.nullable(),
  /** The caller's latest placed order on the menu with its timeline; null: none. */
  order: orderDelivery.nullable(),
});
export type MenuDelivery = z.infer<typeof menuDelivery>;
