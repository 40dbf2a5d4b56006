import { z } from 'zod';
import { dishlistSummary } from './ordering.js';
import { dbIdParam } from './ids.js';
import { text } from './text.js';

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
  /**
   * The earliest planned departure (ISO time) among the provider's active laps that carry a
   * placed order of the menu (each lap's `departs_at` on the menu's day, in the provider's zone);
   * null when none of them has one (decision 041).
   */
  dispatch_at: z.string().nullable(),
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

/** How the tickets are cut: one per delivery lap (locations without a lap get their own), or one per location. */
export const TICKET_GROUPINGS = ['lap', 'location'] as const;
export type TicketGrouping = (typeof TICKET_GROUPINGS)[number];

/** GET /app/kitchen/{menuId}/tickets?by=lap|location (default lap). */
export const ticketsQuery = z.object({ by: z.enum(TICKET_GROUPINGS).default('lap') });

/** A ticket key: "lap:<id>", "loc:<id>" or "loc:none" (orders without a location). */
export const ticketKey = text()
  .trim()
  .regex(/^(lap:\d{1,10}|loc:(\d{1,10}|none)|meeting:\d{1,10})$/);

/** GET /app/kitchen/{menuId}/tickets/orders?ticket=: one ticket's orders. */
export const ticketOrdersQuery = z.object({ ticket: ticketKey });
/** POST /app/kitchen/{menuId}/tickets/bump and /recall. */
export const ticketInput = z.object({ ticket: ticketKey });
export type TicketInput = z.infer<typeof ticketInput>;

export const ticketLine = z.object({
  title: z.string(),
  qty: z.number(),
  /** The chosen options of a set meal, by title. */
  options: z.array(z.string()),
  /** The line holds an allergen its eater avoids (decision 034). */
  allergen: z.boolean(),
  /** A meeting order's line: the guest it is for ('' unnamed; issue 29). */
  guest_name: z.string().optional(),
});

export const ticketOrder = z.object({
  id: z.number(),
  name: z.string(),
  location: z.string().nullable(),
  comment: z.string(),
  /** When it became an order (paid for card and bank, created for cash). */
  placed_at: z.string(),
  /** Placed, or cancelled, after the menu's deadline (decision 041). */
  late: z.boolean(),
  /** Cancelled (decision 031): shown struck through, not cooked. */
  cancelled: z.boolean(),
  /** Allergens the eater avoids that are in the order, by title. */
  allergens: z.array(z.string()),
  lines: z.array(ticketLine),
  /** A meeting order (issue 29): where to bring it (its host is `name`). */
  meeting: z.object({ delivery_note: z.string() }).optional(),
});
export type TicketOrder = z.infer<typeof ticketOrder>;

/** A dish or set meal of a ticket and how many were ordered. */
export const ticketCount = z.object({
  title: z.string(),
  qty: z.number(),
  /** A set meal's chosen options, counted: "2 × Sorrel soup". */
  options: z.array(z.string()),
});
export type TicketCount = z.infer<typeof ticketCount>;

export const kitchenTicket = z.object({
  key: z.string(),
  /** A meeting order is a ticket of its own (issue 29, decision 076). */
  kind: z.enum(['lap', 'location', 'meeting']),
  /** The lap's or location's title; null for orders without a location. */
  title: z.string().nullable(),
  /** The lap's stops in order (a location ticket: just its own title). */
  stops: z.array(z.string()),
  /**
   * What to cook and pack for it, counted (decision 053: a ticket's size does not grow with the
   * day): each dish and set meal of its placed orders and how many, in catalogue order.
   */
  lines: z.array(ticketCount),
  /** Its placed orders (listed on demand: GET /app/kitchen/{menuId}/tickets/orders?ticket=). */
  order_count: z.number(),
  /** Its cancelled orders (decision 031). */
  cancelled_count: z.number(),
  /** Its placed orders whose eater avoids an allergen they contain (decision 034). */
  allergen_orders: z.number(),
  /** Portions to cook (placed orders only). */
  portions: z.number(),
  /** Some order was placed or cancelled after the deadline. */
  late: z.boolean(),
  /** The last time one of its orders was placed or cancelled. */
  changed_at: z.string(),
  /** Bumped before and shown again because an order changed after the bump. */
  changed_after_bump: z.boolean(),
  /** When its lap leaves (the location's lap in the per-location view); null: no lap or no time planned. */
  dispatch_at: z.string().nullable(),
  /** A meeting ticket: the order, its host and where to bring it. */
  meeting: z.object({ order_id: z.number(), host: z.string(), delivery_note: z.string() }).optional(),
});
export type KitchenTicket = z.infer<typeof kitchenTicket>;

/**
 * GET /app/kitchen/{menuId}/tickets: the open tickets in delivery order and the last bumped ones
 * (newest first, at most 20) that can be recalled.
 */
export const ticketsResult = z.object({
  dishlist: dishlistSummary,
  by: z.enum(TICKET_GROUPINGS),
  /**
   * The earliest planned departure among the menu's laps, as in the "all day" answer (decision
   * 041); null when no lap with its orders has a departure time: no time is made up.
   */
  dispatch_at: z.string().nullable(),
  tickets: z.array(kitchenTicket),
  bumped: z.array(kitchenTicket.extend({ bumped_at: z.string() })),
  updated_at: z.string(),
});
export type TicketsResult = z.infer<typeof ticketsResult>;

/**
 * GET /app/kitchen/{menuId}/tickets/orders?ticket=: the orders of one ticket (placed and
 * cancelled), in delivery order, oldest first within a stop.
 */
export const ticketOrdersResult = z.object({ ticket: z.string(), orders: z.array(ticketOrder) });
export type TicketOrdersResult = z.infer<typeof ticketOrdersResult>;

/** Answer of bump and recall: whether this call changed anything (a repeat does not). */
export const ticketActionResult = z.object({ success: z.boolean(), changed: z.boolean(), ticket: z.string() });

// ---------------------------------------------------------------- print-outs (issue 14, decision 040)

/*
 * GET /app/kitchen/{menuId}/production-sheet?lap=&location=  -> application/pdf (A4)
 * GET /app/kitchen/{menuId}/labels?layout=a4|roll&lap=&location=  -> application/pdf
 *      One label per ordered portion with a QR code of its hand-over address.
 * GET /app/handover/{orderId}/{itemId}/{unit}  -> HandoverPortion (writes nothing: the page shows it first)
 * POST /app/handover/{orderId}/{itemId}/{unit}  -> HandoverResult (idempotent: a repeat says when)
 * DELETE /app/handover/{orderId}/{itemId}/{unit}  -> HandoverPortion (undo, within a minute of the mark; 409 after)
 */
export const LABEL_LAYOUTS = ['a4', 'roll'] as const;
export type LabelLayout = (typeof LABEL_LAYOUTS)[number];

export const printScopeQuery = z.object({ lap: dbIdParam.optional(), location: dbIdParam.optional() });
export const labelsQuery = printScopeQuery.extend({ layout: z.enum(LABEL_LAYOUTS).default('a4') });

/*
 * GET /app/kitchen/{menuId}/label-check?layout=a4|roll -> LabelCheck (issue 28, decision 070): before
 * printing, the dishes of the menu (and the dishes a set meal on it offers) whose labels lack what
 * the law asks, and the portions whose label does not fit one label in that layout (it goes on to
 * continued labels). Staff of the menu's provider only.
 */
export const LABEL_PROBLEMS = ['no_ingredients', 'allergens_unconfirmed', 'no_shelf_life'] as const;
export type LabelProblem = (typeof LABEL_PROBLEMS)[number];
export const labelCheckQuery = z.object({ layout: z.enum(LABEL_LAYOUTS).default('a4') });
export const labelCheck = z.object({
  layout: z.enum(LABEL_LAYOUTS),
  /**
   * Dishes with a problem, in the menu's order: no ingredients text in the request's language, allergens
   * never confirmed, no shelf life (their labels say "use by" the end of the menu's day).
   */
  dishes: z.array(z.object({ id: z.number(), title: z.string(), problems: z.array(z.enum(LABEL_PROBLEMS)) })),
  /** Portions whose label continues on more labels (`labels` in all), in printing order. */
  overflowing: z.array(
    z.object({ order_id: z.number(), item_id: z.number(), unit: z.number(), name: z.string(), dish: z.string(), labels: z.number() }),
  ),
  /** Portions the labels print. */
  portions: z.number(),
});
export type LabelCheck = z.infer<typeof labelCheck>;

export const handoverParams = z.object({ orderId: dbIdParam, itemId: dbIdParam, unit: dbIdParam });

/** A portion (one label) as the hand-over page shows it. */
export const handoverPortion = z.object({
  /** When it was handed over, null while it is not. */
  handed_over_at: z.string().nullable(),
  handed_over_by: z.string().nullable(),
  /** Until when the mark can be undone (a minute after it; null when it cannot be any more). */
  undo_until: z.string().nullable(),
  order_id: z.number(),
  menu_id: z.number(),
  /** The lap its location is on, null when on none. */
  lap_id: z.number().nullable(),
  unit: z.number().int(),
  qty: z.number().int(),
  person: z.string(),
  location: z.string().nullable(),
  dish: z.string(),
  options: z.array(z.string()),
});
export type HandoverPortion = z.infer<typeof handoverPortion>;

export const handoverResult = handoverPortion.extend({
  /** False: this call marked it; true: it had been handed over before (at `handed_over_at`). */
  already: z.boolean(),
  handed_over_at: z.string(),
});
export type HandoverResult = z.infer<typeof handoverResult>;
