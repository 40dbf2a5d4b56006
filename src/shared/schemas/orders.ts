import { z } from 'zod';
import { idFilter, listQuerySchema } from '../list-query.js';
import { dishlistSummary, ORDER_PAYMENT_TYPES, shiftSchema } from './ordering.js';
import { dbId, dbIdParam } from './ids.js';

/*
 * Orders API: staff's incoming orders (list, accept, delete, print) and the order as every
 * call answers it. Money in euros with two decimals, dates ISO 8601 (see schemas/ordering.ts).
 *
 * GET  /app/order/{id}                   (owner, admin, kitchen; others 403)     -> Order
 * GET  /app/order?filter[dishlist_id]=&filter[status]=&filter[accepted]=&full=1 (admin, kitchen)
 *      full=1 -> OrdersByMenuResult (orders of one menu grouped per location, with totals);
 *      otherwise -> Paged<Order> (page, per_page number|'all', newest first).
 * PUT  /app/order/{id}?accepted=0|1      (admin, kitchen) -> Order (409 unless status 2)
 * DELETE /app/order/{id}                 (admin, kitchen) -> { success: true } (stock given back;
 *      409 while a card/bank payment of the order is paid or pending)
 * GET  /app/dishlists/{id}/print-orders[/{locationId}]?accepted=0|1 (admin, kitchen) -> application/pdf
 * POST /app/order/{id}/cancel            (owner while the menu is open; admin, kitchen of the active
 *      provider at any time) -> CancelOrderResult (stock, subsidy and bonus back; a paid card/bank
 *      payment refunded; 409 after the deadline or for a failed order; a repeat answers
 *      already_cancelled: true and gives nothing back again). Decision 031.
 */

/** Order status values (spec 3 and decision 031): 3 is a cancelled order, kept and never counted. */
export const ORDER_STATUSES = { failed: 0, pending: 1, placed: 2, cancelled: 3 } as const;

/** The refund of a cancelled order's card/bank payment: pending, refunded, or failed (retried until refunded). */
export const orderRefund = z.object({
  status: z.enum(['pending', 'refunded', 'failed']),
  amount: z.number(),
  attempts: z.number(),
  /** The gateway's reason of the last failure (staff only; null for customers). */
  last_error: z.string().nullable(),
});
export type OrderRefund = z.infer<typeof orderRefund>;

const euros = z.number();
const isoDate = z.string();

/** An allergen named in the request's language. */
export const namedAllergen = z.object({ id: z.number(), title: z.string() });

export const orderItemOption = z.object({
  group_id: z.number().nullable(),
  dish: z.object({ id: z.number(), title: z.string() }),
  price: euros,
});

export const orderLine = z.object({
  id: z.number(),
  dish: z.object({ id: z.number(), title: z.string() }),
  qty: z.number(),
  /** Unit price including the chosen options. */
  price: euros,
  /** price x qty */
  total: euros,
  /** Chosen options of a complex line (empty otherwise). */
  complex: z.array(orderItemOption),
  /** Allergens of the line (dish and chosen options) as they were when ordered. */
  allergens: z.array(namedAllergen),
});
export type OrderLine = z.infer<typeof orderLine>;

export const order = z.object({
  id: z.number(),
  created_at: isoDate,
  dishlist: dishlistSummary,
  user: z.object({
    id: z.number(),
    first_name: z.string(),
    phone: z.string(),
    location: z.object({ id: z.number(), title: z.string() }).nullable(),
  }),
  /** Staff member who placed it on the user's behalf. */
  created_by: z.object({ id: z.number(), first_name: z.string() }).nullable(),
  items: z.array(orderLine),
  /**
   * Allergens the eater avoids (profile) that are in what they ordered, as of ordering: they
   * chose it after the warning, so the kitchen sees a flag. Empty: nothing to flag.
   */
  allergen_warnings: z.array(namedAllergen),
  comment: z.string(),
  /** Sum of the lines. */
  amount: euros,
  subsidy: euros,
  /** The part the employer's budget covered (issue 29; after the subsidy, before the bonus). */
  budget: euros,
  bonus: euros,
  /** Card or bank commission included in amount_to_pay. */
  commission: euros,
  amount_to_pay: euros,
  payment_type: z.enum(ORDER_PAYMENT_TYPES),
  bank: z.string().nullable(),
  status: z.number(),
  accepted: z.number(),
  shift: shiftSchema.nullable(),
  paid_at: isoDate.nullable(),
  /** Pending card/bank orders: where to pay (null otherwise). */
  payment_link: z.string().nullable(),
  /** Cancelled orders (status 3): when. */
  cancelled_at: isoDate.nullable(),
  /** The refund of a cancelled paid order (null: none). */
  refund: orderRefund.nullable(),
  /** The cost centre the order is booked to (decision 075; null: none). */
  cost_centre_id: z.number().nullable(),
});
export type Order = z.infer<typeof order>;

/** Sums over placed orders (status 2). card includes bank payments; total is the food value. */
export const orderTotals = z.object({
  cash: euros,
  card: euros,
  subsidy: euros,
  bonus: euros,
  total: euros,
  count: z.number(),
});
export type OrderTotals = z.infer<typeof orderTotals>;

export const ordersByLocation = z.object({
  location: z.object({ id: z.number(), title: z.string(), address: z.string() }).nullable(),
  totals: orderTotals,
  orders: z.array(order),
});

/** GET /app/order?full=1&filter[dishlist_id]=… */
export const ordersByMenuResult = z.object({
  dishlist: dishlistSummary.nullable(),
  data: z.array(ordersByLocation),
  totals: orderTotals,
});
export type OrdersByMenuResult = z.infer<typeof ordersByMenuResult>;

/** One location's section of the orders page: its sums and how many of its orders are new (decision 056). */
export const orderSection = z.object({
  location: ordersByLocation.shape.location,
  totals: orderTotals,
  new_count: z.number(),
});

/**
 * GET /app/dishlists/{id}/order-sections?accepted=: the orders page's first answer, its size
 * bounded by locations: each location's section totals, the menu's totals and the shifts and
 * payment types its filter offers. A section's orders come on demand (`…/order-sections/orders`).
 */
export const orderSectionsResult = z.object({
  dishlist: dishlistSummary,
  totals: orderTotals,
  new_count: z.number(),
  sections: z.array(orderSection),
  /** The menu's cancelled orders (whatever the tab): listed below the sections, read when shown. */
  cancelled_count: z.number(),
  shifts: z.array(shiftSchema),
  payment_types: z.array(z.enum(ORDER_PAYMENT_TYPES)),
});
export type OrderSectionsResult = z.infer<typeof orderSectionsResult>;

/** ?accepted=0|1: the page's tab (absent: all placed orders). */
export const orderSectionsQuery = z.object({ accepted: z.coerce.number().int().min(0).max(1).optional() });

/** GET /app/dishlists/{id}/order-sections/orders?location=7|none&accepted=: one section's placed orders, as `ordersByMenuResult`. */
export const sectionOrdersQuery = orderSectionsQuery.extend({ location: z.union([z.literal('none'), dbIdParam]) });

/** Staff's orders list: 20 a page unless per_page says otherwise. */
export const ORDERS_PER_PAGE = 20;

/** GET /app/order: the shared list query (filter[...], page, per_page) and ?full=1. */
export const ordersQuery = listQuerySchema({
  sort: [],
  filters: {
    dishlist_id: idFilter,
    status: z.coerce.number().int().min(0).max(3),
    accepted: z.coerce.number().int().min(0).max(1),
    user_id: idFilter,
  },
  params: { full: z.coerce.number().int().min(0).max(1).optional() },
  defaultPerPage: ORDERS_PER_PAGE,
});

export const acceptOrderQuery = z.object({ accepted: z.coerce.number().int().min(0).max(1) });

/** GET /app/dishlists/{id}/print-orders[/{locationId}]: ?accepted=0|1 prints the orders page's tab (absent: all). provider_id and lang pass through. */
export const printOrdersQuery = z.looseObject({ accepted: z.coerce.number().int().min(0).max(1).optional() });

/** POST /app/order/{id}/cancel */
export const cancelOrderResult = z.object({
  success: z.literal(true),
  /** True when the order had been cancelled before (nothing given back this time). */
  already_cancelled: z.boolean(),
  order,
});
export type CancelOrderResult = z.infer<typeof cancelOrderResult>;

/**
 * POST /app/order/accept-all: accepts the new (placed, not yet accepted) orders of a menu, or of
 * one location on it (the orders' own location), in one call. With `order_ids` (what the page
 * showed and the user confirmed) only those of them are accepted; without it, every new order
 * (the older body, kept working).
 */
export const acceptAllInput = z.object({
  dishlist_id: dbId,
  location_id: dbId.optional(),
  order_ids: z.array(dbId).min(1).max(5000).optional(),
});
export type AcceptAllInput = z.infer<typeof acceptAllInput>;
export const acceptAllResult = z.object({
  success: z.literal(true),
  message: z.string(),
  accepted: z.array(z.number()),
  /** New orders of the same menu (and location) that were not in `order_ids`: they stay new. */
  left_new: z.number(),
});
export type AcceptAllResult = z.infer<typeof acceptAllResult>;

/** GET /app/order/new-count: orders not yet accepted on today's and later menus (the navigation's badge). */
export const newOrdersCount = z.object({ count: z.number() });
