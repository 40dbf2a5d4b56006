import { sql, type SQL } from 'drizzle-orm';
import { pickText } from '../../../shared/i18n.js';
import type { AudienceChoices } from '../../../shared/schemas/announcements.js';
import type { Db, Tx } from '../../db/client.js';
import type { RequestContext } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';

/*
 * Who an announcement reaches (decision 081). One SQL per audience kind, each answering the ids of
 * active users; deactivated users are never reached. Where people are (all, locations, laps):
 * customers whose location it is. What people ordered (menu, dish, shift): whoever placed such an
 * order (a shift or a dish: within the last RECENT_DAYS days). `users`: the given ids (system
 * announcements). A provider's announcement ('all') reaches the customers of the locations on the
 * provider's laps; an administrator's (no provider) every active customer.
 */

export const RECENT_DAYS = 30;
const PLACED = 2; // ORDER_STATUS.placed (orders/placed.read.ts)

export interface Audience {
  kind: string;
  ids: number[];
}

/** A Postgres int[] parameter from validated ids. */
const intArray = (ids: readonly number[]) => sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[]`;

const providerLocations = (providerId: number) =>
  sql`(select ll.location_id from lap_locations ll join laps l on l.id = ll.lap_id where l.provider_id = ${providerId})`;

/** The condition on `u` (users) for one audience. */
function condition(audience: Audience, providerId: number | null, now: Date): SQL {
  const ids = intArray(audience.ids);
  const since = new Date(now.getTime() - RECENT_DAYS * 86_400_000).toISOString();
  switch (audience.kind) {
    case 'all':
      return providerId === null
        ? sql`u.role = 'customer'`
        : sql`u.role = 'customer' and u.location_id in ${providerLocations(providerId)}`;
    case 'locations':
      return sql`u.role = 'customer' and u.location_id = any(${ids})`;
    case 'laps':
      return sql`u.role = 'customer' and u.location_id in (select location_id from lap_locations where lap_id = any(${ids}))`;
    case 'shifts':
      return sql`u.id in (select o.user_id from orders o where o.shift_id = any(${ids}) and o.status = ${PLACED}
        and o.created_at >= ${since}::timestamptz)`;
    case 'menu':
      return sql`u.id in (select o.user_id from orders o where o.menu_id = any(${ids}) and o.status = ${PLACED})`;
    case 'dish':
      return sql`u.id in (select o.user_id from orders o join order_items i on i.order_id = o.id
        where i.dish_id = any(${ids}) and o.status = ${PLACED} and o.created_at >= ${since}::timestamptz)`;
    case 'users':
      return sql`u.id = any(${ids})`;
    default:
      return sql`false`;
  }
}

/** `select u.id from users u where ...`: the audience's active users, as a subquery. */
export function audienceQuery(audience: Audience, providerId: number | null, now: Date): SQL {
  return sql`select u.id from users u where u.active and ${condition(audience, providerId, now)}`;
}

/** The ids of the users the audience reaches now, ascending. */
export async function resolveAudience(db: Db | Tx, audience: Audience, providerId: number | null, now: Date): Promise<number[]> {
  const res = await db.execute<{ id: number }>(sql`${audienceQuery(audience, providerId, now)} order by u.id`);
  return res.rows.map((r) => Number(r.id));
}

/** The ids a writer may name per kind: a provider's own (staff), any existing one (administrator). */
function ownedIds(kind: string, providerId: number | null): SQL | null {
  const own = providerId !== null;
  switch (kind) {
    case 'locations':
      return own
        ? sql`select location_id as id from lap_locations ll join laps l on l.id = ll.lap_id where l.provider_id = ${providerId}`
        : sql`select id from locations`;
    case 'shifts':
      return own ? sql`select id from shifts where location_id in ${providerLocations(providerId)}` : sql`select id from shifts`;
    case 'laps':
      return own ? sql`select id from laps where provider_id = ${providerId}` : sql`select id from laps`;
    case 'menu':
      return own ? sql`select id from menus where provider_id = ${providerId}` : sql`select id from menus`;
    case 'dish':
      return own ? sql`select id from dishes where provider_id = ${providerId}` : sql`select id from dishes`;
    default:
      return null;
  }
}

/** 404 when an id of the audience is not one the writer may name (another provider's, or none). */
export async function checkAudience(db: Db, audience: Audience, providerId: number | null): Promise<void> {
  const owned = ownedIds(audience.kind, providerId);
  if (!owned || audience.ids.length === 0) return;
  const res = await db.execute<{ n: number }>(
    sql`select count(distinct x.id)::int as n from (${owned}) x where x.id = any(${intArray(audience.ids)})`,
  );
  if (Number(res.rows[0]?.n ?? 0) !== new Set(audience.ids).size) throw new AppError(404, t.coded('notFound'));
}

/** What the audience picker offers the writer (decision 081): their provider's, or all for an administrator. */
export async function audienceChoices(
  ctx: Pick<RequestContext, 'db' | 'now' | 'lang'>,
  scope: { providerId: number | null; menusOf: number | null },
): Promise<AudienceChoices> {
  const { db, now, lang } = ctx;
  const rows = async (q: SQL) =>
    (await db.execute<{ id: number; title: string }>(q)).rows.map((r) => ({ id: Number(r.id), title: r.title }));
  const p = scope.providerId;
  const m = scope.menusOf;
  const since = new Date(now.getTime() - RECENT_DAYS * 86_400_000).toISOString();
  const [locations, shifts, laps, menus, dishRows] = await Promise.all([
    rows(sql`select id, title from locations where id in (${ownedIds('locations', p)!}) order by title, id`),
    rows(sql`select s.id, l.title || ' · ' || s.title as title from shifts s join locations l on l.id = s.location_id
      where s.id in (${ownedIds('shifts', p)!}) order by l.title, s.position, s.id`),
    m === null ? [] : rows(sql`select id, title from laps where provider_id = ${m} order by position, id`),
    m === null
      ? []
      : rows(sql`select id, title || ' (' || to_char("from", 'YYYY-MM-DD') || ')' as title from menus
        where provider_id = ${m} and "to" >= ${since}::timestamptz order by "from" desc, id desc limit 60`),
    m === null
      ? []
      : (
          await db.execute<{ id: number; title: Record<string, string> }>(
            sql`select id, title from dishes where provider_id = ${m} and status order by position, id`,
          )
        ).rows,
  ]);
  const dishes = dishRows.map((d) => ({ id: Number(d.id), title: pickText(d.title, lang) }));
  return { locations, shifts, laps, menus, dishes };
}
