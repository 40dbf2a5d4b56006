import { and, eq } from 'drizzle-orm';
import type { FavouriteResult, FavouritesResult } from '../../../shared/schemas/favourites.js';
import type { Db } from '../../db/client.js';
import { dishes, userFavourites } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { favouritesText } from './favourites.messages.js';

/** The user's favourites among the provider's dishes (none without a provider). */
export async function listFavourites(db: Db, userId: number, providerId: number | null): Promise<FavouritesResult> {
  if (providerId === null) return { dish_ids: [] };
  const rows = await db
    .select({ id: userFavourites.dishId })
    .from(userFavourites)
    .innerJoin(dishes, eq(dishes.id, userFavourites.dishId))
    .where(and(eq(userFavourites.userId, userId), eq(dishes.providerId, providerId)))
    .orderBy(userFavourites.dishId);
  return { dish_ids: rows.map((r) => r.id) };
}

/**
 * Marks an active dish of the request's provider as the user's favourite; another provider's
 * dish is answered like a missing one.
 */
export async function addFavourite(db: Db, userId: number, providerId: number | null, dishId: number): Promise<FavouriteResult> {
  const [dish] =
    providerId === null
      ? []
      : await db
          .select({ id: dishes.id })
          .from(dishes)
          .where(and(eq(dishes.id, dishId), eq(dishes.providerId, providerId), eq(dishes.status, true)))
          .limit(1);
  if (!dish) throw new AppError(404, favouritesText.coded('dishNotFound'));
  await db.insert(userFavourites).values({ userId, dishId }).onConflictDoNothing();
  return { dish_id: dishId, favourite: true };
}

/** Unmarks a favourite (whatever the dish's provider or state now: the row is the user's own). */
export async function removeFavourite(db: Db, userId: number, dishId: number): Promise<FavouriteResult> {
  const [dish] = await db.select({ id: dishes.id }).from(dishes).where(eq(dishes.id, dishId)).limit(1);
  if (!dish) throw new AppError(404, favouritesText.coded('dishNotFound'));
  await db.delete(userFavourites).where(and(eq(userFavourites.userId, userId), eq(userFavourites.dishId, dishId)));
  return { dish_id: dishId, favourite: false };
}
