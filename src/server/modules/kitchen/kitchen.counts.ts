import { sql } from 'drizzle-orm';
import { pickText, type Lang } from '../../../shared/i18n.js';
import type { KitchenDish, KitchenGroup } from '../../../shared/schemas/kitchen.js';
import type { Db } from '../../db/client.js';
import { ORDER_STATUS } from '../orders/placed.read.js';
import { countLines } from './kitchen.day.js';

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

type DishInfo = {
  id: number;
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
 * rule): one pass over the menu's orders and lines (kitchen.day.ts), the departure beside it.
 */
export async function countDay(
  db: Db,
  menuId: number,
  lang: Lang,
  { locationIds, departureOf }: { locationIds?: number[]; departureOf?: number },
): Promise<DishCounts & { departsAt: string | null }> {
  if (locationIds && locationIds.length === 0) return { dishes: [], initials: [], departsAt: null };
  const [groups, departsAt] = await Promise.all([
    countLines(db, { menuId, statuses: [ORDER_STATUS.placed], locationIds }),
    departureOf === undefined ? null : departure(db, menuId, departureOf),
  ]);
  // Lines per dish (plain dishes and set meals at once, told apart below), options chosen per dish.
  const lineQty = new Map<number, number>();
  const chosenQty = new Map<number, number>();
  for (const g of groups) {
    if (g.lines > 0) lineQty.set(g.dish_id, (lineQty.get(g.dish_id) ?? 0) + g.lines);
    if (g.option_id !== null) chosenQty.set(g.option_id, (chosenQty.get(g.option_id) ?? 0) + g.chosen);
  }
  const ids = [...new Set([...lineQty.keys(), ...chosenQty.keys()])];
  const { rows: info } = ids.length
    ? await db.execute<DishInfo>(sql`
        select d.id, d.title, d.position, d.type, cat.id as category_id, cat.title as category_title, cat.position as category_position
        from dishes d join categories cat on cat.id = d.category_id
        where d.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`)
    : { rows: [] as DishInfo[] };
  const plain: DishRow[] = [];
  const sets: DishRow[] = [];
  const options: DishRow[] = [];
  for (const d of info) {
    const row = (qty: number): DishRow => ({
      dishId: d.id,
      title: d.title,
      position: d.position,
      categoryId: d.category_id,
      categoryTitle: d.category_title,
      categoryPosition: d.category_position,
      qty,
    });
    const lines = lineQty.get(d.id);
    if (lines !== undefined && d.type === 'simple') plain.push(row(lines));
    else if (lines !== undefined && (d.type === 'complex' || d.type === 'initial')) sets.push(row(lines));
    const chosen = chosenQty.get(d.id);
    if (chosen !== undefined) options.push(row(chosen));
  }
  sets.sort((a, b) => a.position - b.position || a.dishId - b.dishId);
  return {
    dishes: presentDishes([...plain, ...options], lang),
    initials: sets.map((s) => presentDish(s, lang)),
    departsAt,
  };
}

/**
 * The earliest planned departure ('HH:MM:SS') among the provider's active laps that carry a placed
 * order of the menu (kitchen.departure.ts' rule): each lap stop's location looked up in the menu's
 * orders (orders_location_menu_idx), a few hundred descents at most.
 */
async function departure(db: Db, menuId: number, providerId: number): Promise<string | null> {
  const { rows } = await db.execute<{ departs_at: string | null }>(sql`
    select min(la.departs_at) as departs_at from laps la join lap_locations ll on ll.lap_id = la.id
    where la.provider_id = ${providerId} and la.active and la.departs_at is not null
      and exists (select 1 from orders o where o.location_id = ll.location_id and o.menu_id = ${menuId} and o.status = ${ORDER_STATUS.placed})`);
  return rows[0]?.departs_at ?? null;
}
