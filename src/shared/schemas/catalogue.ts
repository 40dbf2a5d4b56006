import { DIET_TAGS } from '../dietary.js';
import { z } from 'zod';
import { hasCentPrecision } from '../money.js';
import { dbId } from './ids.js';
import { text } from './text.js';
import {
  CODE_MAX,
  INGREDIENTS_MAX,
  KCAL_MAX,
  NAME_MAX,
  PORTION_GRAMS_MAX,
  SHELF_LIFE_HOURS_MAX,
  SUMMARY_MAX,
  TITLE_MAX,
} from '../limits.js';

/*
 * Catalogue API: categories, dishes, complex dishes, dish images.
 * Money is euros with at most 2 decimals at the API (cents inside the server).
 * Texts are per-language maps {lv, en, ru}; answers always carry all three keys ('' when empty).
 * Who: admin manages; kitchen may read (GET) categories and dishes; customers get 403
 * (except GET /app/dishes/{id}/image, which is public).
 */

// ---------------------------------------------------------------- building blocks

/** Euros, >= 0, at most two decimals (4.5 = 4,50 €). */
export const euros = z
  .number()
  .min(0)
  .max(100_000)
  .refine((v) => hasCentPrecision(v), { message: 'invalidValue' });

/** A per-language text in answers: every language present, '' when not filled. */
export const translatedText = z.object({ lv: z.string(), en: z.string(), ru: z.string() });
export type TranslatedText = z.infer<typeof translatedText>;

/** A per-language title in requests: lv (the default language) is required, en and ru optional. */
export const titleInput = z.object({
  lv: text().trim().min(1).max(TITLE_MAX),
  en: text().trim().max(TITLE_MAX).optional(),
  ru: text().trim().max(TITLE_MAX).optional(),
});
/** A per-language text where every language may be empty (summaries, group titles). */
export const optionalTextInput = (max: number) =>
  z.object({
    lv: text().trim().max(max).optional(),
    en: text().trim().max(max).optional(),
    ru: text().trim().max(max).optional(),
  });

export const DISH_TYPES = ['simple', 'complex', 'initial'] as const;
export type DishType = (typeof DISH_TYPES)[number];
/** Types of a complex (set meal) dish. */
export const COMPLEX_TYPES = ['complex', 'initial'] as const;

// ---------------------------------------------------------------- categories

/** One category as every category call answers it. */
export const category = z.object({
  id: z.number(),
  title: translatedText,
  status: z.boolean(),
  simple: z.boolean(),
  group_name: z.string(),
  position: z.number().int(),
  /** ISO 8601, UTC. */
  created_at: z.string(),
  /** How many dishes use it (a category in use cannot be deleted). */
  dishes_count: z.number().int(),
});
export type Category = z.infer<typeof category>;

/**
 * POST /app/categories?provider_id= — answers 201 with `category`.
 * Omitted fields get defaults: status true, simple false, group_name '', position = last + 1.
 */
export const createCategoryInput = z.object({
  title: titleInput,
  status: z.boolean().optional(),
  simple: z.boolean().optional(),
  group_name: text().trim().max(NAME_MAX).optional(),
  position: z.number().int().min(0).max(1_000_000).optional(),
});
export type CreateCategoryInput = z.infer<typeof createCategoryInput>;

/** PUT /app/categories/{id} — only the fields sent change; answers `category`. */
export const updateCategoryInput = createCategoryInput.partial();
export type UpdateCategoryInput = z.infer<typeof updateCategoryInput>;

/*
 * GET /app/categories?page=&per_page=(50|all)&sort[position|created_at|id|title|status]=asc|desc&filter[status]=1|0&search=
 *   answers Paged<Category> (see list-query.ts); default order: position, then id.
 * DELETE /app/categories/{id} answers { success: true }; 409 with a message naming the dishes when
 *   dishes (or complex groups, or menus) still use the category.
 */

// ---------------------------------------------------------------- dishes

/** One option of a complex group as answers show it. */
export const complexOption = z.object({
  /** The option's dish id. */
  id: z.number(),
  /** Price override inside this complex, euros; null = the dish's own price (`base_price`). */
  price: z.number().nullable(),
  /** The option dish's own price, euros. */
  base_price: z.number(),
  title: translatedText,
  status: z.boolean(),
});
export type ComplexOption = z.infer<typeof complexOption>;

export const complexGroup = z.object({
  id: z.number(),
  category_id: z.number(),
  title: translatedText,
  /** Optional groups may be skipped by the customer (checkboxes); others need exactly one choice. */
  optional: z.boolean(),
  position: z.number().int(),
  dishes: z.array(complexOption),
});
export type ComplexGroup = z.infer<typeof complexGroup>;

/** One dish as every dish call answers it. */
export const dish = z.object({
  id: z.number(),
  title: translatedText,
  summary: translatedText,
  code: z.string(),
  category_id: z.number(),
  category: z.object({ id: z.number(), title: translatedText }),
  /** Allergen ids (GET /app/allergens gives their titles). */
  allergens: z.array(z.number()),
  /** Diet tags (shared/dietary.ts). */
  diets: z.array(z.enum(DIET_TAGS)),
  /** The allergens were saved at least once (an empty list too): the list warns until then. */
  allergens_confirmed: z.boolean(),
  /** Energy per portion, kcal; null: not given. */
  kcal: z.number().nullable(),
  /** Weight of one portion in grams (issue 27: the waste summary's kilograms); null: not set. */
  portion_grams: z.number().nullable(),
  /** A short ingredients text per language ('' where not given). */
  ingredients: translatedText,
  /** Hours a portion keeps once cooked: its label's use-by is the menu's deadline plus these (decision 070); null: the end of the menu's day. */
  shelf_life_hours: z.number().nullable(),
  /** "May contain" traces (allergen ids, decision 070): printed on the labels, apart from the allergens it contains. */
  traces: z.array(z.number()),
  /** Euros. For a complex: a base added to the chosen options (usually 0). */
  price: z.number(),
  /** Euros: the price for a simple dish; for a complex, the cheapest full choice (cheapestSelectionCents in shared/ordering/complex.ts). */
  priceFrom: z.number(),
  status: z.boolean(),
  position: z.number().int(),
  type: z.enum(DISH_TYPES),
  has_image: z.boolean(),
  /**
   * Changes whenever the image changes; null without an image. Put it in the image URL
   * (`/app/dishes/{id}/image?width=64&height=64&format=webp&v={image_version}`) to get a
   * year-long immutable cache; without `v` the browser revalidates (ETag, 304).
   */
  image_version: z.string().nullable(),
  /** ISO 8601, UTC. */
  created_at: z.string(),
  /** Groups of a complex/initial dish, in position order; [] for simple dishes. */
  complex: z.array(complexGroup),
});
export type Dish = z.infer<typeof dish>;

/** A complex group in requests. Keep `id` of an existing group to keep it (its order history stays linked). */
export const complexGroupInput = z.object({
  id: dbId.optional(),
  category_id: dbId,
  title: optionalTextInput(TITLE_MAX).optional(),
  optional: z.boolean().optional(),
  /** Defaults to the group's index in the list. */
  position: z.number().int().min(0).optional(),
  /** At least one option; each must be an existing simple dish of the group's category. */
  dishes: z
    .array(z.object({ id: dbId, price: euros.nullable().optional() }))
    .min(1)
    .max(100),
});
export type ComplexGroupInput = z.infer<typeof complexGroupInput>;

/**
 * POST /app/dishes?provider_id= — answers 201 with `dish`.
 * Defaults: summary '', code '', allergens [], price 0, status true, position last + 1, type simple.
 * type complex/initial needs `complex` with >= 1 group; a simple dish must not send groups.
 * Business errors (422) are keyed like zod's: category_id, allergens.2, complex.0.dishes.1.id, ...
 */
export const createDishInput = z.object({
  title: titleInput,
  summary: optionalTextInput(SUMMARY_MAX).optional(),
  code: text().trim().max(CODE_MAX).optional(),
  category_id: dbId,
  allergens: z.array(dbId).max(50).optional(),
  diets: z.array(z.enum(DIET_TAGS)).max(DIET_TAGS.length).optional(),
  /** Energy per portion in kcal; null clears it. */
  kcal: z.number().int().min(0).max(KCAL_MAX).nullable().optional(),
  /** Weight of one portion in grams (1 to 5000); null clears it. */
  portion_grams: z.number().int().min(1).max(PORTION_GRAMS_MAX).nullable().optional(),
  ingredients: optionalTextInput(INGREDIENTS_MAX).optional(),
  /** Hours a portion keeps once cooked, counted from the menu's deadline (1 to 720); null: the end of the menu's day. */
  shelf_life_hours: z.number().int().min(1).max(SHELF_LIFE_HOURS_MAX).nullable().optional(),
  /** "May contain" traces: allergen ids (GET /app/allergens); replaces the list when sent. */
  traces: z.array(dbId).max(50).optional(),
  price: euros.optional(),
  status: z.boolean().optional(),
  position: z.number().int().min(0).max(1_000_000).optional(),
  type: z.enum(DISH_TYPES).optional(),
  complex: z.array(complexGroupInput).max(30).optional(),
});
export type CreateDishInput = z.infer<typeof createDishInput>;

/**
 * PUT /app/dishes/{id} — only the fields sent change; `complex`, when sent, replaces all groups
 * (groups sent with their id are updated in place). Answers `dish`.
 */
export const updateDishInput = createDishInput.partial();
export type UpdateDishInput = z.infer<typeof updateDishInput>;

/*
 * GET /app/dishes?page=&per_page=(50|all)&sort[position|created_at|id|title|code|price|status|category]=asc|desc
 *     &filter[status]=1|0&filter[category_id]=N&filter[type]=simple|complex|initial
 *     &initial=1|0&search=
 *   answers Paged<Dish>. `initial=1`: only complex dishes (types complex and initial);
 *   `initial=0`: only simple dishes; absent: all. `search` matches title in lv/en/ru and code,
 *   case-insensitive substring. Default order: position, then id. `sort[category]`: in category
 *   order (the categories' positions), then as the other keys or the default say.
 * GET /app/dishes/{id} answers `dish` (with the full complex).
 * DELETE /app/dishes/{id} answers { success: true }; 409 when the dish is on a menu, was ordered or is
 *   an option of a complex (the message says which); switch status off instead to hide it.
 */

export const dishListFlags = z.object({ initial: z.enum(['1', '0', 'true', 'false']).optional() });

// ---------------------------------------------------------------- images

/** Image sizes the server makes; any other width/height is a 422. Variants are WebP. */
export const IMAGE_VARIANTS = [
  { width: 64, height: 64 },
  { width: 46, height: 46 },
  { width: 500, height: null },
  { width: 760, height: null },
] as const;
/** Largest accepted upload, bytes. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Largest accepted upload, pixels (width x height). */
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_TYPES = ['image/png', 'image/gif', 'image/jpeg'] as const;

/*
 * POST /app/dishes/{id}/image — multipart/form-data with one file in field `image`
 *   (png, gif or jpeg by content, <= 5 MB, <= 40 megapixels). Replaces any image; answers `dish`.
 *   Errors: 422 { errors: { image: [text] } }.
 * DELETE /app/dishes/{id}/image — answers `dish` (has_image false); fine when there is none.
 * GET /app/dishes/{id}/image?width=64&height=64|width=46&height=46|width=500|width=760 &format=webp &v=
 *   public; the image bytes. No width/height: the re-encoded original (WebP).
 *   ETag + 304 on If-None-Match; Cache-Control immutable for a year when v = image_version.
 */
export const imageQuery = z.object({
  width: z.coerce.number().int().positive().optional(),
  height: z.coerce.number().int().positive().optional(),
  format: z.enum(['webp']).optional(),
  v: text().max(100).optional(),
});

export const success = z.object({ success: z.literal(true) });
