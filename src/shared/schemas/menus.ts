import { z } from 'zod';
import { euros, translatedText } from './catalogue.js';
import { isoDateTime, isoDay } from './dates.js';
import { dbId } from './ids.js';
import { text } from './text.js';
import { TITLE_MAX } from '../limits.js';

/*
 * Menus ("dishlists") and their stock ("balance"). Admin and kitchen manage them; customers get 403
 * (customers read menus through the ordering calls). Scoped to the active provider (?provider_id=).
 * Times: ISO 8601. With an offset or Z they are taken as given; without one (e.g. "2026-03-02T10:00"
 * from a datetime-local input) they are read in the provider's time zone. Answers are UTC ("...Z").
 */

/** A menu row in lists. */
export const menuSummary = z.object({
  id: z.number(),
  title: z.string(),
  from: z.string(),
  to: z.string(),
  /** Published (orderable) or not; new menus default to false. */
  status: z.boolean(),
  created_at: z.string(),
  dishes_count: z.number().int(),
  /** Orders that are pending or placed (status 1 or 2). */
  orders_count: z.number().int(),
});
export type MenuSummary = z.infer<typeof menuSummary>;

/** A complex option's price on this menu. */
export const menuComplexPrice = z.object({
  /** Option dish id. */
  id: z.number(),
  /** Euros. */
  price: z.number(),
  category_id: z.number().nullable(),
});

/** A dish on a menu as answers show it. */
export const selectedDish = z.object({
  id: z.number(),
  category_id: z.number(),
  /** Euros on this menu; null = the dish's own price. */
  price: z.number().nullable(),
  /** Per-option prices of a complex on this menu; [] when none are overridden (or not a complex). */
  complex: z.array(menuComplexPrice),
});
export type SelectedDish = z.infer<typeof selectedDish>;

/** GET /app/dishlists/{id}, and the answer of POST (201) and PUT. */
export const menuDetail = menuSummary.extend({
  selectedDishes: z.array(selectedDish),
  /** Categories of the selected dishes, in position order. */
  categories: z.array(
    z.object({ id: z.number(), title: translatedText, position: z.number().int(), group_name: z.string(), simple: z.boolean() }),
  ),
  /** Dishes with pending or placed orders on this menu: they cannot be removed from it. */
  ordered_dish_ids: z.array(z.number()),
});
export type MenuDetail = z.infer<typeof menuDetail>;

/** A menu time: the shared date-time (see dates.ts), years 2000-2100. */
const menuTime = isoDateTime;

/** A dish in a menu request. */
export const selectedDishInput = z.object({
  id: dbId,
  /** Category the dish is shown under on this menu; defaults to the dish's category. */
  category_id: dbId.nullable().optional(),
  /** Euros on this menu; null or absent = the dish's own price. */
  price: euros.nullable().optional(),
  /** Complex only: per-option prices on this menu (id = option dish id). Entries with price null are ignored. */
  complex: z
    .array(z.object({ id: dbId, price: euros.nullable().optional(), category_id: dbId.nullable().optional() }))
    .max(200)
    .optional(),
});
export type SelectedDishInput = z.infer<typeof selectedDishInput>;

/**
 * POST /app/dishlists — answers 201 with `menuDetail`. Defaults: status false, selectedDishes [].
 * `to` must not be before `from` (422 on `to`). Dishes must exist for the provider (422 on
 * `selectedDishes.N.id`); complex option ids must be options of that complex (`selectedDishes.N.complex.M.id`).
 */
export const createMenuInput = z.object({
  title: text().trim().min(1).max(TITLE_MAX),
  from: menuTime,
  to: menuTime,
  status: z.boolean().optional(),
  selectedDishes: z.array(selectedDishInput).max(500).optional(),
});
export type CreateMenuInput = z.infer<typeof createMenuInput>;

/**
 * PUT /app/dishlists/{id} — only the fields sent change; `selectedDishes`, when sent, is the whole list
 * (overrides replaced). Removing a dish that has orders on this menu is a 422 on `selectedDishes`
 * naming the dishes. Answers `menuDetail`.
 */
export const updateMenuInput = createMenuInput.partial();
export type UpdateMenuInput = z.infer<typeof updateMenuInput>;

/*
 * GET /app/dishlists?page=&per_page=(20|all)&sort[from|to|title|id|created_at|status]=asc|desc&filter[status]=1|0&search=
 *   answers Paged<MenuSummary>; default order: from desc, then id desc.
 * DELETE /app/dishlists/{id} — answers { success: true }; 409 when the menu has orders (any status).
 */

/** One line of a menu's stock. */
export const balanceEntry = z.object({
  /** Dish id. */
  id: z.number(),
  /** Stock left; null = unlimited. */
  qty: z.number().int().nullable(),
  category_id: z.number(),
  /** Units on pending or placed orders (for information). */
  ordered: z.number().int(),
  /** false for a dish that is only an option of a complex on the menu (its stock limits the complex). */
  in_menu: z.boolean(),
});
export type BalanceEntry = z.infer<typeof balanceEntry>;

/**
 * GET /app/dishlists/{id}/balance and the answer of POST: every dish of the menu and every option
 * dish of its complexes, in category position / dish position order.
 */
export const menuBalance = z.object({ balance: z.array(balanceEntry) });
export type MenuBalance = z.infer<typeof menuBalance>;

/**
 * POST /app/dishlists/{id}/balance — sets the listed dishes only (others keep their stock).
 * qty: integer >= 0, or null for unlimited. Errors are keyed by index: `balance.3.qty`, and
 * `balance.3.id` for a dish that is not on the menu.
 */
export const balanceInput = z.object({
  balance: z.array(z.object({ id: dbId, qty: z.number().int().min(0).max(1_000_000).nullable() })).max(1000),
});
export type BalanceInput = z.infer<typeof balanceInput>;

/** At most this many copies in one call (every day of next week is 5). */
export const MENU_COPY_MAX = 14;

/**
 * POST /app/dishlists/{id}/copy — copies the menu with its dishes, per-menu prices, set-meal option
 * prices and stock (the quantities set, not what is left) to each day in `dates` (yyyy-mm-dd, the
 * provider's calendar), its times moved by whole days in the provider's zone (so 10:00-14:00 stays
 * 10:00-14:00 across a daylight-saving change). The source's date in its title (dd.mm.yyyy or
 * yyyy-mm-dd) becomes the copy's. `status` defaults to the source's. Answers 201 with the copies
 * in date order. Days listed twice are a 422 on `dates`.
 */
export const copyMenuInput = z.object({
  dates: z.array(isoDay).min(1).max(MENU_COPY_MAX),
  status: z.boolean().optional(),
});
export type CopyMenuInput = z.infer<typeof copyMenuInput>;

export const copyMenuResult = z.object({ data: z.array(menuSummary) });
export type CopyMenuResult = z.infer<typeof copyMenuResult>;
