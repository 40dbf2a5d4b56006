/*
 * Away days as other areas read them (decision 061): the reminder sweep and the standing-order
 * sweep leave a user alone on a day they marked away or their location marked closed.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * True when the user is away on the day: their own away day, or their location's closed day.
 * `day` is an SQL date (a parameter or an expression of the outer query).
 */
export function awayOn(user: { id: AnyPgColumn | SQL; locationId: AnyPgColumn | SQL }, day: SQL | string): SQL {
  return sql`exists (select 1 from away_days a where a.day = ${day}::date and (a.user_id = ${user.id} or a.location_id = ${user.locationId}))`;
}
