import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { dishes } from './catalogue.js';
import { createdAt } from './common.js';

/**
 * A user's favourite dishes (plain dishes and set meals alike: both are rows of `dishes`). The
 * dish's provider scopes them; they go with the user or the dish.
 */
export const userFavourites = pgTable(
  'user_favourites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dishId: integer('dish_id')
      .notNull()
      .references(() => dishes.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.dishId] }), index('user_favourites_dish_idx').on(t.dishId)],
);
