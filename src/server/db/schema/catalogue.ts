import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, pgTable, primaryKey, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { KCAL_MAX } from '../../../shared/limits.js';
import { createdAt, translated } from './common.js';
import { providers } from './providers.js';

export const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

export const allergens = pgTable('allergens', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  title: translated('title'),
  position: integer('position').notNull().default(0),
});

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    title: translated('title'),
    status: boolean('status').notNull().default(true),
    simple: boolean('simple').notNull().default(false),
    groupName: text('group_name').notNull().default(''),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('categories_provider_idx').on(t.providerId)],
);

export const dishes = pgTable(
  'dishes',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    title: translated('title'),
    summary: translated('summary'),
    code: text('code').notNull().default(''),
    priceCents: integer('price_cents').notNull().default(0),
    status: boolean('status').notNull().default(true),
    position: integer('position').notNull().default(0),
    /** simple: a plain dish; complex and initial: set meals built from groups. */
    type: text('type', { enum: ['simple', 'complex', 'initial'] })
      .notNull()
      .default('simple'),
    /** Someone saved the dish's allergens (an empty list included); false: never confirmed. */
    allergensConfirmed: boolean('allergens_confirmed').notNull().default(false),
    /** Diet tags (shared/dietary.ts DIET_TAGS). */
    diets: text('diets')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Energy per portion in kcal; null: not given (issue 15). */
    kcal: integer('kcal'),
    /** A short ingredients text per language (issue 15). */
    ingredients: translated('ingredients'),
    /** Weight of one portion in grams, for the waste summary's kilograms (issue 27); null: not set. */
    portionGrams: integer('portion_grams'),
    /** Hours the dish keeps after it is prepared, for the label's use-by (issue 28); null: the end of the day. */
    shelfLifeHours: integer('shelf_life_hours'),
    createdAt: createdAt(),
  },
  (t) => [
    index('dishes_provider_idx').on(t.providerId),
    check('dishes_kcal_range', sql`${t.kcal} is null or ${t.kcal} between 0 and ${sql.raw(String(KCAL_MAX))}`),
    index('dishes_category_idx').on(t.categoryId),
    check('dishes_price_nonneg', sql`${t.priceCents} >= 0`),
    check('dishes_shelf_life_hours_range', sql`${t.shelfLifeHours} is null or ${t.shelfLifeHours} between 1 and 720`),
    check('dishes_portion_grams_range', sql`${t.portionGrams} is null or ${t.portionGrams} between 1 and 5000`),
    check('dishes_type_valid', sql`${t.type} in ('simple','complex','initial')`),
  ],
);

export const dishAllergens = pgTable(
  'dish_allergens',
  {
    dishId: integer('dish_id')
      .notNull()
      .references(() => dishes.id, { onDelete: 'cascade' }),
    allergenId: integer('allergen_id')
      .notNull()
      .references(() => allergens.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.dishId, t.allergenId] })],
);

/** "May contain" traces the kitchen sets per dish (issue 28): allergens not in the recipe that may reach it. */
export const dishTraces = pgTable(
  'dish_traces',
  {
    dishId: integer('dish_id')
      .notNull()
      .references(() => dishes.id, { onDelete: 'cascade' }),
    allergenId: integer('allergen_id')
      .notNull()
      .references(() => allergens.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.dishId, t.allergenId] })],
);

export const complexGroups = pgTable(
  'complex_groups',
  {
    id: serial('id').primaryKey(),
    dishId: integer('dish_id')
      .notNull()
      .references(() => dishes.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    title: translated('title'),
    optional: boolean('optional').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('complex_groups_dish_idx').on(t.dishId)],
);

export const complexOptions = pgTable(
  'complex_options',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => complexGroups.id, { onDelete: 'cascade' }),
    dishId: integer('dish_id')
      .notNull()
      .references(() => dishes.id, { onDelete: 'cascade' }),
    /** Price of this option inside the complex; null means the dish's own price. */
    priceCents: integer('price_cents'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    unique('complex_options_group_dish_uq').on(t.groupId, t.dishId),
    check('complex_options_price_nonneg', sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
  ],
);

export const dishImages = pgTable('dish_images', {
  dishId: integer('dish_id')
    .primaryKey()
    .references(() => dishes.id, { onDelete: 'cascade' }),
  /** Re-encoded master (PNG or WebP); variants are derived from it. */
  data: bytea('data').notNull(),
  mime: text('mime').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  etag: text('etag').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const dishImageVariants = pgTable(
  'dish_image_variants',
  {
    dishId: integer('dish_id')
      .notNull()
      .references(() => dishes.id, { onDelete: 'cascade' }),
    /** e.g. "64x64.webp", "760x0.webp" */
    variant: text('variant').notNull(),
    data: bytea('data').notNull(),
    mime: text('mime').notNull(),
    etag: text('etag').notNull(),
  },
  (t) => [primaryKey({ columns: [t.dishId, t.variant] })],
);
