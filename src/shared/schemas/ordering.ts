import { DIET_TAGS, PROFILE_DIETS } from '../dietary.js';
import { z } from 'zod';
import { dbId, dbIdParam } from './ids.js';
import { text } from './text.js';
import { listQuerySchema } from '../list-query.js';
import { ORDER_COMMENT_MAX } from '../limits.js';

/*
 * Ordering API: the order page and placing an order (request schemas and answers). Staff's
 * incoming orders are in schemas/orders.ts, the history in schemas/history.ts.
 *
 * Money at this edge is euros with two decimals (numbers); inside the server it is integer cents.
 * Dates are ISO 8601 strings (UTC, e.g. "2025-03-01T10:00:00.000Z").
 * Every call also accepts ?provider_id=, ?lang= and ?a= (ignored where irrelevant).
 *
 * GET  /app/order/dishlists              (signed in)  -> DishlistsResult
 *      Menus open for ordering of the active provider (?provider_id=, else the first active
 *      provider): status true and `to` (the order deadline) still in the future, soonest first.
 *      Tomorrow's menu is listed as soon as it is published (pre-ordering is allowed until `to`).
 * GET  /app/order/create/{id}            (signed in)  -> OrderPageData for that menu
 *      (404 when the menu does not exist, or is unpublished and the caller a customer; a closed
 *      menu is returned with open=false, so the page can show it after the deadline and poll).
 *      `dishlists` then lists the open menus of that menu's provider. Menu and stock may be up
 *      to 1 s old (per-instance read cache); placing an order never uses that cache: status,
 *      deadline, dishes, prices and stock are read afresh.
 * GET  /app/order/create?dishlist_id=    (signed in)  -> OrderPageData (the given menu, else the
 *      first open one; dishlist null when none is open: "No menu available for today").
 * GET  /app/demo-dishlists               (public)     -> DemoDishlistResult: today's menu of the
 *      provider (status true, its `from` falls on today in the provider's time zone), display only.
 * POST /app/order/create                 (customer)   body CreateOrderInput      -> CreateOrderResult
 * POST /app/order/create-for-user        (admin, kitchen) body CreateOrderForUserInput -> CreateOrderResult
 *      Idempotency: header `Idempotency-Key` or body `idempotency_key` (header wins). A repeat
 *      with the same key by the same user answers the first order's CreateOrderResult and creates
 *      nothing (even when the payload differs), unless that order failed (payment declined,
 *      expired or not started): its key is then free and the repeat places a new order.
 *      Card/bank with something to pay: { success, order_id, payment_link } -> send the browser
 *      to payment_link. Cash, or nothing to pay (subsidy/bonus cover it): { success, order_id }.
 *      Failures: 422 { message, errors } with keys dishlist_id, items.N.id ("Dish was removed"),
 *      items.N.complex, balance.<dishId> (out of stock; every short dish is listed),
 *      payment_type, bank, shift_id, terms, user_id, items (total too large), cost_centre_id,
 *      budget (a blocking budget cannot cover what the order needs of it; the text names what is left).
 * GET  /app/users/list?search=&page=&per_page=&dishlist_id= (admin, kitchen) -> Paged<SelectableUser>
 * GET  /app/payments/sandbox/{reference}?lang=       -> the sandbox gateway's HTML page
 * POST /app/payments/notify/sandbox                  -> signed notification (see payments module)
 *      (both only with PAYMENT_GATEWAY=sandbox; with none, card and bank are not offered)
 *
 * Pricing rules (server = shared/ordering): line = unit price x qty; a complex's unit price is
 * its base (menu price of the complex dish, usually 0) + its chosen options' prices; an option's
 * price is the menu's complex override, else the complex option's price, else the dish's own
 * price; a plain dish costs its menu price, else its own price. Subsidy is granted per user per
 * menu (the location's amount less what the user's pending/placed orders on that menu used);
 * the employer's budget (issue 29, decision 073) comes after the subsidy and before bonus (at most
 * its cap per order, at most what is left in its period; a blocking one refuses an order it cannot
 * cover); subsidy is used before bonus; commission only when something is left to pay; cash refused
 * with disable_cash only when something is left to pay, and only for customers' own orders
 * (staff orders are cash). Inactive providers take no orders. A failed or expired order gives its stock
 * and bonus back.
 *
 * Order status: 0 failed, 1 pending (waiting for card/bank payment), 2 accepted (placed).
 * `accepted` 0/1 is the kitchen's acknowledgement of a placed order.
 * payment_type on a stored order: cash | card | bank | subsidy (nothing to pay thanks to subsidy)
 * | bonus (nothing to pay, bonus covered the rest) | budget (nothing to pay, the budget covered part of it)
 * | company (a meeting or guest order).
 */

const id = dbId;
const euros = z.number();
const isoDate = z.string();

/** A chosen option of a complex line: the option dish `dish_id` inside group `group_id`. */
export const complexChoice = z.object({ group_id: id, dish_id: id });
export type ComplexChoice = z.infer<typeof complexChoice>;

export const orderItemInput = z.object({
  /** Dish id (plain or complex). */
  id,
  qty: z.number().int().min(1).max(100),
  /** For complex dishes: one entry per chosen option (exactly one per mandatory group). */
  complex: z.array(complexChoice).max(50).optional(),
});
export type OrderItemInput = z.infer<typeof orderItemInput>;

export const CHECKOUT_PAYMENT_TYPES = ['cash', 'card', 'bank'] as const;
export type CheckoutPaymentType = (typeof CHECKOUT_PAYMENT_TYPES)[number];
export const ORDER_PAYMENT_TYPES = ['cash', 'card', 'bank', 'subsidy', 'bonus', 'budget', 'company'] as const;
export type OrderPaymentType = (typeof ORDER_PAYMENT_TYPES)[number];

const orderBody = {
  dishlist_id: id,
  items: z.array(orderItemInput).min(1).max(50),
  comment: text().trim().max(ORDER_COMMENT_MAX).nullish(),
  /** Bank code, required when payment_type is bank; one of paymentMethods.banks[].code. */
  bank: text().trim().max(40).nullish(),
  /** Required when the user's location has shifts. */
  shift_id: id.nullish(),
  /**
   * The cost centre the order is booked to (issue 29): an active cost centre of the eater's company
   * (their location's registration number), else 422 on this field. Absent or null: the eater's default.
   */
  cost_centre_id: id.nullish(),
  /** Alternative to the Idempotency-Key header. */
  idempotency_key: text().trim().min(1).max(100).optional(),
};

/** POST /app/order/create (customers, for themselves). `terms` must be true. */
export const createOrderInput = z.object({
  ...orderBody,
  payment_type: z.enum(CHECKOUT_PAYMENT_TYPES),
  /** The customer ticked the terms-of-service agreement. Required (true) for customers. */
  terms: z.boolean().optional(),
});
export type CreateOrderInput = z.infer<typeof createOrderInput>;

/** POST /app/order/create-for-user (staff, on behalf of user_id). Cash only; no terms. */
export const createOrderForUserInput = z.object({
  ...orderBody,
  user_id: id,
  payment_type: z.enum(CHECKOUT_PAYMENT_TYPES).default('cash'),
});
export type CreateOrderForUserInput = z.infer<typeof createOrderForUserInput>;

export const createOrderResult = z.object({
  success: z.literal(true),
  order_id: z.number(),
  /** Present for card/bank orders with something to pay: where to send the browser. */
  payment_link: z.string().optional(),
});
export type CreateOrderResult = z.infer<typeof createOrderResult>;

// ---------------------------------------------------------------- menu for ordering

export const menuAllergen = z.object({ id: z.number(), title: z.string() });

export const dishlistSummary = z.object({
  id: z.number(),
  title: z.string(),
  /** Menu day start. */
  from: isoDate,
  /** Order deadline ("Order until"). */
  to: isoDate,
  provider_id: z.number(),
  /** The provider's IANA time zone: show from/to in it (e.g. "Europe/Riga"). */
  timezone: z.string(),
});
export type DishlistSummary = z.infer<typeof dishlistSummary>;

export const dishlistsResult = z.object({ dishlists: z.array(dishlistSummary) });
export type DishlistsResult = z.infer<typeof dishlistsResult>;

/** An option inside a complex group, priced for this menu and this complex. */
export const complexOptionDish = z.object({
  id: z.number(),
  title: z.string(),
  summary: z.string(),
  price: euros,
  /** Stock left on this menu; null = unlimited. */
  qty: z.number().nullable(),
  allergens: z.array(menuAllergen),
  diets: z.array(z.enum(DIET_TAGS)),
  /** Energy per portion, kcal; null: not given. */
  kcal: z.number().nullable(),
  /** A short ingredients text in the asked language; '' when not given. */
  ingredients: z.string(),
  /** Present (true) when nobody has saved its allergens: the list means "unknown", not "none". Absent otherwise. */
  allergens_unknown: z.literal(true).optional(),
  has_image: z.boolean(),
  /** Put in the image URL as &v= for long caching (see catalogue); null without an image. */
  image_version: z.string().nullable(),
});
export type ComplexOptionDish = z.infer<typeof complexOptionDish>;

export const menuComplexGroup = z.object({
  id: z.number(),
  category_id: z.number(),
  title: z.string(),
  /** Optional groups: any number of options (checkboxes); mandatory: exactly one (radio). */
  optional: z.boolean(),
  dishes: z.array(complexOptionDish),
});
export type MenuComplexGroup = z.infer<typeof menuComplexGroup>;

export const menuDish = z.object({
  id: z.number(),
  title: z.string(),
  summary: z.string(),
  code: z.string(),
  category_id: z.number(),
  type: z.enum(['simple', 'complex', 'initial']),
  /**
   * Unit price on this menu. For complexes: the base added to the chosen options' prices
   * (usually 0); a complex line costs price + the sum of its chosen options.
   */
  price: euros,
  /** Simple: = price. Complex: base + the cheapest option of every mandatory group. */
  priceFrom: euros,
  /** Stock left; null = unlimited. For complexes, the complex's own balance (options have theirs). */
  qty: z.number().nullable(),
  has_image: z.boolean(),
  image_version: z.string().nullable(),
  /** The dish's own allergens (a set meal's options carry theirs: shared/dietary.ts lineDietary). */
  allergens: z.array(menuAllergen),
  diets: z.array(z.enum(DIET_TAGS)),
  /** Energy per portion, kcal; null: not given. */
  kcal: z.number().nullable(),
  /** A short ingredients text in the asked language; '' when not given. */
  ingredients: z.string(),
  /** Present (true) when nobody has saved its allergens: the list means "unknown", not "none". Absent otherwise. */
  allergens_unknown: z.literal(true).optional(),
  /** Option groups of a complex; empty for simple dishes. */
  complex: z.array(menuComplexGroup),
});
export type MenuDish = z.infer<typeof menuDish>;

export const menuCategory = z.object({
  id: z.number(),
  title: z.string(),
  group_name: z.string(),
  position: z.number(),
  dishes: z.array(menuDish),
});
export type MenuCategory = z.infer<typeof menuCategory>;

export const orderDishlist = dishlistSummary.extend({
  categories: z.array(menuCategory),
});
export type OrderDishlist = z.infer<typeof orderDishlist>;

/** Stock of every dish on the menu (complex options included); qty null = unlimited. */
export const balanceEntry = z.object({ id: z.number(), qty: z.number().nullable() });
export type BalanceEntry = z.infer<typeof balanceEntry>;

/** What the caller's order costs them: bonus and subsidy still available for this menu. */
export const userData = z.object({ bonus: euros, subsidy: euros, full_subsidy: z.boolean() });
export type UserData = z.infer<typeof userData>;

export const bankMethod = z.object({ code: z.string(), name: z.string(), imageUrl: z.string() });
export type BankMethod = z.infer<typeof bankMethod>;

/** Card and bank are offered to customers only (staff orders pay cash). */
export const paymentMethods = z.object({
  card: z.boolean(),
  cardCommission: euros,
  /** Consent text shown with the card choice (may be empty). */
  cardConsent: z.string(),
  banks: z.array(bankMethod),
  bankCommission: euros,
  bankConsent: z.string(),
});
export type PaymentMethods = z.infer<typeof paymentMethods>;

export const shiftSchema = z.object({ id: z.number(), title: z.string() });
export const orderSettings = z.object({ shifts: z.array(shiftSchema), disable_cash: z.boolean() });
export type OrderSettings = z.infer<typeof orderSettings>;

/**
 * The employer's budget of the signed-in customer on the menu (issue 29): the rule's period and its
 * days (ISO, inclusive), amount, cap per order (null: the whole order), whether it blocks, what is
 * used in the period and what is left (euros).
 */
export const budgetState = z.object({
  rule_id: z.number(),
  period: z.enum(['day', 'week', 'month']),
  from: isoDate,
  to: isoDate,
  amount: euros,
  cap: euros.nullable(),
  blocking: z.boolean(),
  used: euros,
  left: euros,
});
export type BudgetStateJson = z.infer<typeof budgetState>;

/** GET /app/order/create[/{id}] */
export const orderPageData = z.object({
  /** The chosen menu, or null when nothing is open. */
  dishlist: orderDishlist.nullable(),
  /** True while the chosen menu takes orders (status true and before `to`). */
  open: z.boolean(),
  /** Server time, to count down to the deadline without trusting the device clock. */
  now: isoDate,
  /** Open menus (same as GET /app/order/dishlists). */
  dishlists: z.array(dishlistSummary),
  balance: z.array(balanceEntry),
  userData,
  /** The caller's budget on the menu (null: no rule applies, or no menu). */
  budget: budgetState.nullable(),
  paymentMethods,
  orderSettings,
});
export type OrderPageData = z.infer<typeof orderPageData>;

export const demoDishlistResult = z.object({ dishlist: orderDishlist.nullable() });
export type DemoDishlistResult = z.infer<typeof demoDishlistResult>;

export const orderPageQuery = z.object({
  dishlist_id: dbIdParam.optional(),
  provider_id: dbIdParam.optional(),
});

// ---------------------------------------------------------------- users for staff orders

export const selectableUser = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  location: z.object({ id: z.number(), title: z.string() }).nullable(),
  shifts: z.array(shiftSchema),
  /** Bonus and subsidy of this user (subsidy left on ?dishlist_id= when given). */
  userData,
  disable_cash: z.boolean(),
  /** The user's profile (allergens avoided, diets kept): staff see the same warnings as the user. */
  avoid_allergens: z.array(z.number()),
  diets: z.array(z.enum(PROFILE_DIETS)),
  /** The employer's budget of this user on ?dishlist_id= (null: no rule; absent without it), issue 29. */
  budget: budgetState.nullable().optional(),
});
export type SelectableUser = z.infer<typeof selectableUser>;

/** GET /app/users/list: the shared list query (search up to 100 characters, 50 a page) and ?dishlist_id=. */
export const usersListQuery = listQuerySchema({
  sort: [],
  params: { dishlist_id: dbIdParam.optional() },
  searchMaxLength: 100,
});
