import { z } from 'zod';
import { dbIdParam } from './ids.js';

/*
 * Favourites: the signed-in user's own favourite dishes and set meals, per provider. Kept out of
 * the order page's answer, which is cached and shared between users (decision 032).
 *
 * GET    /app/favourites            (signed in) -> FavouritesResult: the caller's favourites among
 *        the request's provider's dishes (?provider_id=, else the default provider)
 * PUT    /app/favourites/{dishId}   (signed in) -> FavouriteResult (idempotent; 404 unless the dish
 *        exists, is active and belongs to the request's provider)
 * DELETE /app/favourites/{dishId}   (signed in) -> FavouriteResult (idempotent; 404 for a dish that
 *        does not exist)
 */

export const favouritesResult = z.object({ dish_ids: z.array(z.number()) });
export type FavouritesResult = z.infer<typeof favouritesResult>;

export const favouriteResult = z.object({ dish_id: z.number(), favourite: z.boolean() });
export type FavouriteResult = z.infer<typeof favouriteResult>;

export const favouriteParams = z.object({ dishId: dbIdParam });
