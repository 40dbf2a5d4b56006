import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { Lang } from '../../../shared/i18n.js';
import { pageOf, pageWindow, type ListQuery, type Paged } from '../../../shared/list-query.js';
import { type Dish, type DishType } from '../../../shared/schemas/catalogue.js';
import type { Db, Tx } from '../../db/client.js';
import { complexGroups, complexOptions, dishes } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { textMatches } from './categories.service.js';
import { jsonText, likePattern, orderTerms } from '../../lib/list-sql.js';
import { presentDishes, type DishRow } from './dishes.present.js';

export const DISH_SORTS = ['position', 'created_at', 'id', 'title', 'code', 'price', 'status', 'category'] as const;
export type DishListQuery = ListQuery<(typeof DISH_SORTS)[number], { status: boolean; category_id: number; type: DishType }>;

/**
 * The price a dish is shown with (`priceFrom`), in SQL for sorting: a set meal's own price plus the
 * cheapest option of each mandatory group (the rule of cheapestSelectionCents), a plain dish's price.
 */
const shownPriceCents = sql`(${dishes.priceCents} + case when ${dishes.type} = 'simple' then 0 else coalesce((
  select sum(cheapest) from (
    select min(coalesce(o.price_cents, od.price_cents)) as cheapest
    from ${complexGroups} g
    join ${complexOptions} o on o.group_id = g.id
    join ${dishes} od on od.id = o.dish_id
    where g.dish_id = "dishes"."id" and not g.optional
    group by g.id
  ) as mandatory_groups
), 0) end)`;

export async function listDishes(
  db: Db,
  providerId: number | null,
  q: DishListQuery,
  initial: boolean | undefined,
  lang: Lang,
): Promise<Paged<Dish>> {
  if (providerId === null) return pageOf([], 0, q);
  const pattern = q.search ? likePattern(q.search) : null;
  const where = and(
    eq(dishes.providerId, providerId),
    q.filter.status === undefined ? undefined : eq(dishes.status, q.filter.status),
    q.filter.category_id === undefined ? undefined : eq(dishes.categoryId, q.filter.category_id),
    q.filter.type === undefined ? undefined : eq(dishes.type, q.filter.type),
    initial === undefined ? undefined : initial ? ne(dishes.type, 'simple') : eq(dishes.type, 'simple'),
    pattern ? or(textMatches(dishes.title, pattern), sql`${dishes.code} ilike ${pattern}`) : undefined,
  );
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(dishes)
    .where(where)) as [{ total: number }];
  const w = pageWindow(total, q.page, q.perPage);
  const order = orderTerms(
    q.sort,
    {
      position: dishes.position,
      created_at: dishes.createdAt,
      id: dishes.id,
      title: sql`lower(${jsonText(dishes.title, lang)})`,
      code: dishes.code,
      price: shownPriceCents,
      status: dishes.status,
      // Category order (the categories' positions, then their ids), as the menu builder lists them.
      category: sql.raw('((select c.position from categories c where c.id = "dishes"."category_id"), "dishes"."category_id")'),
    },
    [asc(dishes.position), asc(dishes.id)],
  );
  let query = db
    .select()
    .from(dishes)
    .where(where)
    .orderBy(...order)
    .$dynamic();
  if (w.limit !== null) query = query.limit(w.limit).offset(w.offset);
  const rows = await query;
  return pageOf(await presentDishes(db, rows), total, q);
}

/** The dish row of a provider, or 404. */
export async function dishRow(db: Db | Tx, providerId: number, id: number): Promise<DishRow> {
  const rows = await db
    .select()
    .from(dishes)
    .where(and(eq(dishes.id, id), eq(dishes.providerId, providerId)));
  if (!rows[0]) throw new AppError(404, t.coded('notFound'));
  return rows[0];
}

export async function getDish(db: Db | Tx, providerId: number, id: number): Promise<Dish> {
  return (await presentDishes(db, [await dishRow(db, providerId, id)]))[0]!;
}
