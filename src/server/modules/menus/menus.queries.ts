import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { pageOf, pageWindow, type ListQuery, type Paged } from '../../../shared/list-query.js';
import { toEuros } from '../../../shared/money.js';
import type { MenuDetail, MenuSummary } from '../../../shared/schemas/menus.js';
import type { Db, Tx } from '../../db/client.js';
import { categories, dishes, menuComplexPrices, menuDishes, menus, orderItems, orders } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { fullText } from '../catalogue/categories.service.js';
import { likePattern, orderTerms } from '../../lib/list-sql.js';
import { placedOrder } from '../orders/placed.read.js';
import { presentSummary } from './menus.present.js';

export const MENU_SORTS = ['from', 'to', 'title', 'id', 'created_at', 'status'] as const;
export type MenuListQuery = ListQuery<(typeof MENU_SORTS)[number], { status: boolean }>;
/** Page size of the menu list when none is asked for (spec: tables show 20). */
export const MENU_PER_PAGE = 20;
/** Order statuses that hold dishes: pending (1) and placed (2). Failed orders (0) do not. */
const LIVE_STATUSES = [1, 2];

// Outer columns spelled out: drizzle leaves columns unqualified in single-table selects.
const dishesCount = sql<number>`(select count(*) from ${menuDishes} where ${menuDishes.menuId} = "menus"."id")`.mapWith(Number);
const ordersCount = sql<number>`(select count(*) from ${orders} where ${orders.menuId} = "menus"."id" and ${placedOrder()})`.mapWith(
  Number,
);

function summaryColumns() {
  const { id, providerId, title, from, to, status, createdAt } = menus;
  return { id, providerId, title, from, to, status, createdAt, dishesCount, ordersCount };
}

export async function listMenus(db: Db, providerId: number | null, q: MenuListQuery): Promise<Paged<MenuSummary>> {
  if (providerId === null) return pageOf([], 0, q);
  const where = and(
    eq(menus.providerId, providerId),
    q.filter.status === undefined ? undefined : eq(menus.status, q.filter.status),
    q.search ? sql`${menus.title} ilike ${likePattern(q.search)}` : undefined,
  );
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(menus)
    .where(where)) as [{ total: number }];
  const w = pageWindow(total, q.page, q.perPage);
  const order = orderTerms(
    q.sort,
    { from: menus.from, to: menus.to, title: sql`lower(${menus.title})`, id: menus.id, created_at: menus.createdAt, status: menus.status },
    [desc(menus.from), desc(menus.id)],
  );
  let query = db
    .select(summaryColumns())
    .from(menus)
    .where(where)
    .orderBy(...order)
    .$dynamic();
  if (w.limit !== null) query = query.limit(w.limit).offset(w.offset);
  return pageOf((await query).map(presentSummary), total, q);
}

/** Dishes with pending or placed orders on a menu. */
export async function orderedDishIds(db: Db | Tx, menuId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: orderItems.dishId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.menuId, menuId), inArray(orders.status, LIVE_STATUSES)))
    .orderBy(asc(orderItems.dishId));
  return rows.map((r) => r.id);
}

export async function getMenu(db: Db | Tx, providerId: number, id: number): Promise<MenuDetail> {
  const rows = await db
    .select(summaryColumns())
    .from(menus)
    .where(and(eq(menus.id, id), eq(menus.providerId, providerId)));
  const menu = rows[0];
  if (!menu) throw new AppError(404, t.coded('notFound'));
  const [selected, prices, cats, ordered] = await Promise.all([
    db
      .select({ id: menuDishes.dishId, categoryId: menuDishes.categoryId, priceCents: menuDishes.priceCents })
      .from(menuDishes)
      .innerJoin(dishes, eq(dishes.id, menuDishes.dishId))
      .innerJoin(categories, eq(categories.id, menuDishes.categoryId))
      .where(eq(menuDishes.menuId, id))
      .orderBy(asc(categories.position), asc(categories.id), asc(dishes.position), asc(dishes.id)),
    db
      .select()
      .from(menuComplexPrices)
      .where(eq(menuComplexPrices.menuId, id))
      .orderBy(asc(menuComplexPrices.complexDishId), asc(menuComplexPrices.optionDishId)),
    db
      .selectDistinct({
        id: categories.id,
        title: categories.title,
        position: categories.position,
        groupName: categories.groupName,
        simple: categories.simple,
      })
      .from(menuDishes)
      .innerJoin(categories, eq(categories.id, menuDishes.categoryId))
      .where(eq(menuDishes.menuId, id))
      .orderBy(asc(categories.position), asc(categories.id)),
    orderedDishIds(db, id),
  ]);
  return {
    ...presentSummary(menu),
    selectedDishes: selected.map((s) => ({
      id: s.id,
      category_id: s.categoryId,
      price: s.priceCents === null ? null : toEuros(s.priceCents),
      complex: prices
        .filter((p) => p.complexDishId === s.id)
        .map((p) => ({ id: p.optionDishId, price: toEuros(p.priceCents), category_id: p.categoryId })),
    })),
    categories: cats.map((c) => ({ id: c.id, title: fullText(c.title), position: c.position, group_name: c.groupName, simple: c.simple })),
    ordered_dish_ids: ordered,
  };
}

/** The summaries of the given menus, earliest first. */
export async function menuSummaries(db: Db, ids: number[]): Promise<MenuSummary[]> {
  const rows = await db.select(summaryColumns()).from(menus).where(inArray(menus.id, ids)).orderBy(asc(menus.from), asc(menus.id));
  return rows.map(presentSummary);
}
