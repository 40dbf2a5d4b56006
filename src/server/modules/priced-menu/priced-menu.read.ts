/*
 * Menus as priced for a customer, and as the kitchen, laps and history name them: the one owner
 * of reading a menu for ordering (issue 25). Its public file: other modules import from here.
 */
import { and, asc, eq, gt, gte, inArray, lt } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db, Tx } from '../../db/client.js';
import { allergens, balances, categories, dishes, dishImages, menus, providers } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { summaryColumns } from './priced-menu.present.js';
import {
  menuFromJson,
  pricedMenuSql,
  PRICED_MENU_SQL,
  type Balances,
  type MenuData,
  type OptionData,
  type PricedMenuJson,
} from './priced-menu.sql.js';

export { presentBalance, presentOrderDishlist, presentSummary, summaryColumns } from './priced-menu.present.js';
export {
  menuFromJson,
  pricedMenuSql,
  type Balances,
  type DishData,
  type GroupData,
  type MenuData,
  type OptionData,
  type PricedMenuJson,
} from './priced-menu.sql.js';

/** A menu takes orders while published, before its deadline, and while its provider is active. */
export function isOpen(menu: { status: boolean; to: Date; provider?: { status: boolean } }, now: Date): boolean {
  return menu.status && (menu.provider?.status ?? true) && now.getTime() < menu.to.getTime();
}
/** The menu of the provider with what its summary needs, or 404 (a coded error). */
export async function providerMenu(db: Db, providerId: number, menuId: number) {
  const [menu] = await db
    .select(summaryColumns)
    .from(menus)
    .innerJoin(providers, eq(providers.id, menus.providerId))
    .where(and(eq(menus.id, menuId), eq(menus.providerId, providerId)));
  if (!menu) throw new AppError(404, t.coded('notFound'));
  return menu;
}

/**
 * Reads a menu with everything needed to show and price it; null when it does not exist. The
 * menu and its priced dishes come from `pricedMenuSql` (the one reader of menu prices, which the
 * order's customer query uses too, allergen ids and diet tags included); the categories' and
 * allergens' titles and images are only shown.
 * The order page reads it through the read cache (ordering.service.ts).
 */
export async function loadMenu(db: Db, menuId: number): Promise<MenuData | null> {
  const res = await db.$client.query<{ menu: PricedMenuJson | null }>({ name: 'priced-menu', text: PRICED_MENU_SQL, values: [menuId] });
  const menu = menuFromJson(res.rows[0]?.menu ?? null);
  if (!menu) return null;

  const categoryIds = [...new Set([...menu.dishes.values()].map((d) => d.categoryId))];
  const allDishIds = [...new Set([...menu.dishes.values()].flatMap((d) => [d.id, ...d.groups.flatMap((g) => g.dishes.map((o) => o.id))]))];
  // Allergen ids come with the priced menu (the same reader as placing an order); their titles
  // (the 14 of the regulation) are read whole, in the regulation's order.
  const [categoryRows, allergenRows, imageRows, factRows] = allDishIds.length
    ? await Promise.all([
        db
          .select({ id: categories.id, title: categories.title, groupName: categories.groupName, position: categories.position })
          .from(categories)
          .where(inArray(categories.id, categoryIds)),
        db.select({ id: allergens.id, title: allergens.title }).from(allergens).orderBy(asc(allergens.position), asc(allergens.id)),
        db.select({ dishId: dishImages.dishId, etag: dishImages.etag }).from(dishImages).where(inArray(dishImages.dishId, allDishIds)),
        // Energy and ingredients (issue 15): shown on the page, never needed to place an order.
        db
          .select({ id: dishes.id, kcal: dishes.kcal, ingredients: dishes.ingredients, allergensConfirmed: dishes.allergensConfirmed })
          .from(dishes)
          .where(inArray(dishes.id, allDishIds)),
      ])
    : [[], [], [], []];
  const allergenOrder = new Map(allergenRows.map((a, i) => [a.id, i]));
  for (const a of allergenRows) menu.allergenTitles.set(a.id, a.title);
  const imageVersion = new Map(imageRows.map((i) => [i.dishId, i.etag]));
  const factsOf = new Map(factRows.map((f) => [f.id, f]));
  const shown = (d: OptionData) => {
    d.allergens = [...d.allergens].sort((x, y) => (allergenOrder.get(x) ?? 0) - (allergenOrder.get(y) ?? 0));
    d.imageVersion = imageVersion.get(d.id) ?? null;
    const facts = factsOf.get(d.id);
    d.kcal = facts?.kcal ?? null;
    d.ingredients = facts?.ingredients ?? {};
    d.allergensConfirmed = facts?.allergensConfirmed ?? false;
  };
  // Dishes come in menu order (category position, category, dish position), so categories too.
  const categoryById = new Map(categoryRows.map((c) => [c.id, c]));
  const categoryIndex = new Map<number, MenuData['categories'][number]>();
  for (const d of menu.dishes.values()) {
    shown(d);
    for (const g of d.groups) for (const o of g.dishes) shown(o);
    let cat = categoryIndex.get(d.categoryId);
    if (!cat) {
      const c = categoryById.get(d.categoryId)!;
      cat = { id: c.id, title: c.title, groupName: c.groupName, position: c.position, dishIds: [] };
      categoryIndex.set(cat.id, cat);
      menu.categories.push(cat);
    }
    cat.dishIds.push(d.id);
  }
  return menu;
}

/**
 * The menu with only the named dishes priced (the reader placing an order uses: `pricedMenuSql`),
 * read afresh, never cached; null when the menu does not exist. Meeting and guest orders price with it.
 */
export async function loadPricedDishes(db: Db, menuId: number, dishIds: number[]): Promise<MenuData | null> {
  const res = await db.$client.query<{ menu: PricedMenuJson | null }>({
    name: 'priced-menu-dishes',
    text: `select ${pricedMenuSql('$1', '$2')} as menu`,
    values: [menuId, `{${dishIds.filter((id) => Number.isSafeInteger(id)).join(',')}}`],
  });
  return menuFromJson(res.rows[0]?.menu ?? null);
}

/** Balance rows of a menu (of the given dishes only, when listed). */
export async function loadBalances(db: Db | Tx, menuId: number, dishIds?: number[]): Promise<Balances> {
  if (dishIds && dishIds.length === 0) return new Map();
  const rows = await db
    .select({ dishId: balances.dishId, qty: balances.qty })
    .from(balances)
    .where(and(eq(balances.menuId, menuId), dishIds ? inArray(balances.dishId, dishIds) : undefined));
  return new Map(rows.map((r) => [r.dishId, r.qty]));
}
/** Open menus of a provider, soonest deadline first. */
export async function openMenus(db: Db | Tx, providerId: number, now: Date) {
  return db
    .select(summaryColumns)
    .from(menus)
    .innerJoin(providers, eq(providers.id, menus.providerId))
    .where(and(eq(menus.providerId, providerId), eq(menus.status, true), gt(menus.to, now)))
    .orderBy(asc(menus.to), asc(menus.id))
    .limit(50);
}

/** Today's published menu of a provider (its `from` falls on today in the provider's zone). */
export async function todaysMenuId(db: Db | Tx, providerId: number, timezone: string, now: Date): Promise<number | null> {
  const today = DateTime.fromJSDate(now).setZone(timezone).startOf('day');
  const start = today.toJSDate();
  const end = today.plus({ days: 1 }).toJSDate();
  const rows = await db
    .select({ id: menus.id })
    .from(menus)
    .where(and(eq(menus.providerId, providerId), eq(menus.status, true), gte(menus.from, start), lt(menus.from, end)))
    .orderBy(asc(menus.from), asc(menus.id))
    .limit(1);
  return rows[0]?.id ?? null;
}
