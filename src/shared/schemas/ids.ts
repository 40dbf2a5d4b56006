import { z } from 'zod';

/*
 * Ids of stored rows. Every table key is a PostgreSQL `integer` (int4), so an id above
 * 2147483647 can name nothing; refusing it here answers 422 instead of letting the query fail
 * (PostgreSQL error 22003, numeric value out of range). Use these for every id a caller sends.
 */

/** Largest value of a PostgreSQL integer column. */
export const MAX_DB_ID = 2_147_483_647;

/** An id in a JSON body. */
export const dbId = z.number().int().min(1).max(MAX_DB_ID);

/** An id in a path or query parameter (arrives as a string). */
export const dbIdParam = z.coerce.number().int().min(1).max(MAX_DB_ID);

/** Path parameters `{id}`. */
export const idParams = z.object({ id: dbIdParam });
