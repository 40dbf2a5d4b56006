import { and, eq, inArray, sql } from 'drizzle-orm';
import { pickText, type Lang } from '../../../shared/i18n.js';
import type { KitchenDish, KitchenGroup } from '../../../shared/schemas/kitchen.js';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { placedOrder } from '../orders/placed.read.js';
import { dayLines } from './kitchen.day.js';

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

type CountRow = {
  departs_at: string | null;
  chosen: boolean | null;
  qty: string | number | null;
  dish_id: number | null;
  title: Record<string, string> | null;
  position: number;
  type: string;
  category_id: number;
  category_title: Record<string, string> | null;
  category_position: number;
};

/**
 * What was ordered for a menu, from its placed orders (only those of `locationIds` when given):
 * plain lines by their qty, and each chosen option of a set meal by the line's qty; the set
 * meals themselves are counted in `initials`.
 */
export async function countDishes(db: Db, menuId: number, lang: Lang, locationIds?: number[]): Promise<DishCounts> {
  const { dishes, initials } = await countDay(db, menuId, lang, { locationIds });
  return { dishes, initials };
}

/**
 * countDishes, and with `departureOf` (the menu's provider) the earliest planned departure
 * ('HH:MM:SS') among its active laps that carry a placed order counted (kitchen.departure.ts'
 * rule), all in one statement: one pass over the menu's orders and lines (kitchen.day.ts).
 */
export async function countDay(
  db: Db,
  menuId: number,
  lang: Lang,
  { locationIds, departureOf }: { locationIds?: number[]; departureOf?: number },
): Promise<DishCounts & { departsAt: string | null }> {
  if (locationIds && locationIds.length === 0) return { dishes: [], initials: [], departsAt: null };
  const placed = and(eq(orders.menuId, menuId), placedOrder(), locationIds ? inArray(orders.locationId, locationIds) : undefined);
  const departure =
    departureOf === undefined
      ? sql`null::time`
      : sql`(select min(la.departs_at) from laps la join lap_locations ll on ll.lap_id = la.id
          where la.provider_id = ${departureOf} and la.active and la.departs_at is not null
            and ll.location_id in (select location_id from o))`;
  const { rows } = await db.execute<CountRow>(sql`
    with ${dayLines(sql`select ${orders.id}, ${orders.locationId} from ${orders} where ${placed}`)},
    counted as (
      select false as chosen, dish_id, sum(qty) as qty from l group by dish_id
      union all
      select true, dish_id, sum(qty) from lo group by dish_id
    )
    select dep.departs_at, c.chosen, c.qty, d.id as dish_id, d.title, d.position, d.type,
      cat.id as category_id, cat.title as category_title, cat.position as category_position
    from (select ${departure} as departs_at) dep
    left join (counted c join dishes d on d.id = c.dish_id join categories cat on cat.id = d.category_id) on true`);
  const counted: (DishRow & { type: string; chosen: boolean })[] = [];
  for (const r of rows) {
    if (r.dish_id === null) continue;
    counted.push({
      dishId: r.dish_id,
      title: r.title,
      position: r.position,
      type: r.type,
      chosen: r.chosen === true,
      categoryId: r.category_id,
      categoryTitle: r.category_title,
      categoryPosition: r.category_position,
      qty: Number(r.qty),
    });
  }
  // Lines by their dish (plain dishes and set meals at once, told apart here), and the options chosen in set meals.
  const lines = counted.filter((c) => !c.chosen);
  const plain = lines.filter((l) => l.type === 'simple');
  const sets = lines
    .filter((l) => l.type === 'complex' || l.type === 'initial')
    .sort((a, b) => a.position - b.position || a.dishId - b.dishId);
  const options = counted.filter((c) => c.chosen);
  return {
    dishes: presentDishes([...plain, ...options], lang),
    initials: sets.map((s) => presentDish(s, lang)),
    departsAt: rows[0]?.departs_at ?? null,
  };
}
