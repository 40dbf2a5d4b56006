import { sql } from 'drizzle-orm';
import { locations } from '../db/schema/index.js';

/**
 * A location's address on one line, in SQL: the same joining as `addressLine` in
 * src/shared/address.ts ("Brīvības iela 40, Rīga, LV-1050"; the country only when not LV), for the
 * lap stops and print-outs that show where to deliver.
 */
export const locationAddressLine = sql<string>`concat_ws(', ', nullif(btrim(${locations.address}), ''), nullif(btrim(${locations.city}), ''), nullif(btrim(${locations.postalCode}), ''), nullif(${locations.country}, 'LV'))`;
