import { and, eq, inArray, sql } from 'drizzle-orm';
import { pickText, type Lang } from '../../../shared/i18n.js';
import type { KitchenDish, KitchenGroup } from '../../../shared/schemas/kitchen.js';
import type { Db } from '../../db/client.js';
import { categories, dishes, orderItemOptions, orderItems, orders } from '../../db/schema/index.js';
import { placedOrder } from '../orders/placed.read.js';

const qtySum = sql<number>`sum(${orderItems.qty})`.mapWith(Number);

type DishRow = {
  dishId: number;
  title: Record<string, string> | null;
  position: number;
  categoryId: number;
  categoryTitle: Record<string, string> | null;
  categoryPosition: number;
  qty: number;
};

/** Groups counted dishes per category (categories and dishes in catalogue order). */
export function presentDishes(rows: DishRow[], lang: Lang): KitchenGroup[] {
  const byDish = new Map<number, DishRow>();
  for (const r of rows) {
    const seen = byDish.get(r.dishId);
    byDish.set(r.dishId, seen ? { ...seen, qty: seen.qty + r.qty } : r);
  }
  const groups = new Map<number, { row: DishRow; dishes: DishRow[] }>();
  for (const r of byDish.values()) {
    const g = groups.get(r.categoryId) ?? { row: r, dishes: [] };
    g.dishes.push(r);
    groups.set(r.categoryId, g);
  }
  const byPlace = (a: DishRow, b: DishRow, pos: (r: DishRow) => number, id: (r: DishRow) => number) => pos(a) - pos(b) || id(a) - id(b);
  return [...groups.values()]
    .sort((a, b) =>
      byPlace(
        a.row,
        b.row,
        (r) => r.categoryPosition,
        (r) => r.categoryId,
      ),
    )
    .map((g) => ({
      key: g.row.categoryId,
      title: pickText(g.row.categoryTitle, lang),
      data: g.dishes
        .sort((a, b) =>
          byPlace(
            a,
            b,
            (r) => r.position,
            (r) => r.dishId,
          ),
        )
        .map((d) => presentDish(d, lang)),
    }));
}

function presentDish(r: { dishId: number; title: Record<string, string> | null; qty: number }, lang: Lang): KitchenDish {
  return { id: r.dishId, title: pickText(r.title, lang), qty: r.qty };
}

export interface DishCounts {
  /** Plain dishes and chosen set-meal options, per category. */
  dishes: KitchenGroup[];
  /** The set meals themselves. */
  initials: KitchenDish[];
}

/**
 * What was ordered for a menu, from its placed orders (only those of `locationIds` when given):
 * plain lines by their qty, and each chosen option of a set meal by the line's qty; the set
 * meals themselves are counted in `initials`.
 */
export async function countDishes(db: Db, menuId: number, lang: Lang, locationIds?: number[]): Promise<DishCounts> {
  if (locationIds && locationIds.length === 0) return { dishes: [], initials: [] };
  const placed = and(eq(orders.menuId, menuId), placedOrder(), locationIds ? inArray(orders.locationId, locationIds) : undefined);
  const dishColumns = {
    dishId: dishes.id,
    title: dishes.title,
    position: dishes.position,
    categoryId: categories.id,
    categoryTitle: categories.title,
    categoryPosition: categories.position,
    qty: qtySum,
  };
  // Lines by their dish (plain dishes and set meals at once, told apart here), and the options
  // chosen in set meals: two passes over the menu's lines, each by index-only scans per order.
  const [lines, options] = await Promise.all([
    db
      .select({ ...dishColumns, type: dishes.type })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(dishes, eq(dishes.id, orderItems.dishId))
      .innerJoin(categories, eq(categories.id, dishes.categoryId))
      .where(placed)
      .groupBy(dishes.id, categories.id),
    db
      .select(dishColumns)
      .from(orderItemOptions)
      .innerJoin(orderItems, eq(orderItems.id, orderItemOptions.orderItemId))
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(dishes, eq(dishes.id, orderItemOptions.dishId))
      .innerJoin(categories, eq(categories.id, dishes.categoryId))
      .where(placed)
      .groupBy(dishes.id, categories.id),
  ]);
  const plain = lines.filter((l) => l.type === 'simple');
  const sets = lines
    .filter((l) => l.type === 'complex' || l.type === 'initial')
    .sort((a, b) => a.position - b.position || a.dishId - b.dishId);
  return { dishes: presentDishes([...plain, ...options], lang), initials: sets.map((s) => presentDish(s, lang)) };
}
