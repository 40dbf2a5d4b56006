import { integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { dishes } from './catalogue.js';
import { createdAt } from './common.js';
import { menus } from './menus.js';

/**
 * The forecast's counts of a past menu (decision 062): per dish whose stock the menu had, the
 * portions people ordered themselves (placed or pending; not cancelled, not placed by a standing
 * order). Written once, the first time a forecast reads the menu as one of its reference weeks
 * (by then its deadline is days past), so a forecast reads a few rows per week, never the orders.
 */
export const forecastMenuDishes = pgTable(
  'forecast_menu_dishes',
  {
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    dishId: integer('dish_id')
      .notNull()
      .references(() => dishes.id, { onDelete: 'cascade' }),
    portions: integer('portions').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.menuId, t.dishId] })],
);
