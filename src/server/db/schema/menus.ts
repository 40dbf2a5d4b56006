import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { categories, dishes } from './catalogue.js';
import { createdAt } from './common.js';
import { providers } from './providers.js';

/** A menu ("dishlist"): what can be ordered between from and to. */
export const menus = pgTable(
  'menus',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    from: timestamp('from', { withTimezone: true }).notNull(),
    to: timestamp('to', { withTimezone: true }).notNull(),
    status: boolean('status').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('menus_provider_from_idx').on(t.providerId, t.from), check('menus_to_after_from', sql`${t.to} >= ${t.from}`)],
);

export const menuDishes = pgTable(
  'menu_dishes',
  {
    id: serial('id').primaryKey(),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    dishId: integer('dish_id')
      .notNull()
      .references(() => dishes.id, { onDelete: 'restrict' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    /** Per-menu price; null means the dish's price. */
    priceCents: integer('price_cents'),
  },
  (t) => [
    unique('menu_dishes_menu_dish_uq').on(t.menuId, t.dishId),
    check('menu_dishes_price_nonneg', sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
  ],
);

/** Per-menu price of one option of a complex dish. */
export const menuComplexPrices = pgTable(
  'menu_complex_prices',
  {
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    complexDishId: integer('complex_dish_id')
      .notNull()
      .references(() => dishes.id, { onDelete: 'cascade' }),
    optionDishId: integer('option_dish_id')
      .notNull()
      .references(() => dishes.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.menuId, t.complexDishId, t.optionDishId] }),
    check('menu_complex_prices_nonneg', sql`${t.priceCents} >= 0`),
  ],
);

/** Stock left for a dish on a menu. No row or qty null: unlimited. */
export const balances = pgTable(
  'balances',
  {
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    dishId: integer('dish_id')
      .notNull()
      .references(() => dishes.id, { onDelete: 'cascade' }),
    qty: integer('qty'),
  },
  (t) => [primaryKey({ columns: [t.menuId, t.dishId] }), check('balances_qty_nonneg', sql`${t.qty} is null or ${t.qty} >= 0`)],
);
