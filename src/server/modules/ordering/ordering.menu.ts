import { and, asc, eq, gt, gte, inArray, lt } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { DietTag } from '../../../shared/dietary.js';
import { pickText, type Lang } from '../../../shared/i18n.js';
import { toEuros } from '../../../shared/money.js';
import { cheapestSelectionCents } from '../../../shared/ordering/complex.js';
import type { BalanceEntry, DishlistSummary, OrderDishlist } from '../../../shared/schemas/ordering.js';
import type { Db, Tx } from '../../db/client.js';
import { allergens, balances, categories, dishes, dishImages, menus, providers } from '../../db/schema/index.js';
import type { Translated } from '../../db/schema/common.js';
import { isoTime } from '../../lib/time.js';

/** An option of a complex group, priced for this menu and complex. */
export interface OptionData {
  id: number;
  title: Translated;
  summary: Translated;
  priceCents: number;
  allergens: number[];
  diets: DietTag[];
  imageVersion: string | null;
  /** Read for the order page only (loadMenu), not when placing an order. */
  kcal: number | null;
  ingredients: Translated;
  /** Someone saved its allergens (an empty list included); false: unknown. Order page only. */
  allergensConfirmed: boolean;
}

export interface GroupData {
  id: number;
  categoryId: number;
  title: Translated;
  optional: boolean;
  dishes: OptionData[];
}

export interface DishData {
  id: number;
  title: Translated;
  summary: Translated;
  code: string;
  categoryId: number;
  type: 'simple' | 'complex' | 'initial';
  /** Menu price (or the dish's own); for complexes, the base added to the options. */
  priceCents: number;
  position: number;
  allergens: number[];
  diets: DietTag[];
  imageVersion: string | null;
  /** Read for the order page only (loadMenu), not when placing an order. */
  kcal: number | null;
  ingredients: Translated;
  allergensConfirmed: boolean;
  groups: GroupData[];
}

export interface MenuData {
  id: number;
  title: string;
  from: Date;
  to: Date;
  status: boolean;
  providerId: number;
  provider: { timezone: string; cardEnabled: boolean; cardCommissionCents: number; bankCommissionCents: number; status: boolean };
  categories: { id: number; title: Translated; groupName: string; position: number; dishIds: number[] }[];
  dishes: Map<number, DishData>;
  allergenTitles: Map<number, Translated>;
}

/** Stock per dish id on a menu: only dishes with a balance row; null = unlimited. */
export type Balances = Map<number, number | null>;

/** A menu takes orders while published, before its deadline, and while its provider is active. */
export function isOpen(menu: { status: boolean; to: Date; provider?: { status: boolean } }, now: Date): boolean {
  return menu.status && (menu.provider?.status ?? true) && now.getTime() < menu.to.getTime();
}

/** A menu's summary; `timezone` is its provider's. */
export function presentSummary(m: {
  id: number;
  title: string;
  from: Date;
  to: Date;
  providerId: number;
  timezone: string;
}): DishlistSummary {
  return { id: m.id, title: m.title, from: isoTime(m.from), to: isoTime(m.to), provider_id: m.providerId, timezone: m.timezone };
}

/** Columns presentSummary needs (select from menus joined with providers). */
export const summaryColumns = {
  id: menus.id,
  title: menus.title,
  from: menus.from,
  to: menus.to,
  providerId: menus.providerId,
  timezone: providers.timezone,
};

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

/** Balance rows of a menu (of the given dishes only, when listed). */
export async function loadBalances(db: Db | Tx, menuId: number, dishIds?: number[]): Promise<Balances> {
  if (dishIds && dishIds.length === 0) return new Map();
  const rows = await db
    .select({ dishId: balances.dishId, qty: balances.qty })
    .from(balances)
    .where(and(eq(balances.menuId, menuId), dishIds ? inArray(balances.dishId, dishIds) : undefined));
  return new Map(rows.map((r) => [r.dishId, r.qty]));
}

/** The menu as the order page shows it, in one language. */
export function presentOrderDishlist(menu: MenuData, stock: Balances, lang: Lang): OrderDishlist {
  const qty = (id: number) => stock.get(id) ?? null;
  const allergenList = (ids: number[]) => ids.map((id) => ({ id, title: pickText(menu.allergenTitles.get(id), lang) }));
  return {
    ...presentSummary({ ...menu, timezone: menu.provider.timezone }),
    categories: menu.categories.map((c) => ({
      id: c.id,
      title: pickText(c.title, lang),
      group_name: c.groupName,
      position: c.position,
      dishes: c.dishIds.map((id) => {
        const d = menu.dishes.get(id)!;
        const from = d.type === 'simple' ? d.priceCents : cheapestSelectionCents(d.groups, d.priceCents);
        return {
          id: d.id,
          title: pickText(d.title, lang),
          summary: pickText(d.summary, lang),
          code: d.code,
          category_id: d.categoryId,
          type: d.type,
          price: toEuros(d.priceCents),
          priceFrom: toEuros(from),
          qty: qty(d.id),
          has_image: d.imageVersion !== null,
          image_version: d.imageVersion,
          allergens: allergenList(d.allergens),
          diets: d.diets,
          kcal: d.kcal,
          ingredients: pickText(d.ingredients, lang),
          // Only a plain dish's own flag is shown: a set meal's options carry what it contains.
          ...(d.allergensConfirmed || d.type !== 'simple' ? {} : { allergens_unknown: true as const }),
          complex: d.groups.map((g) => ({
            id: g.id,
            category_id: g.categoryId,
            title: pickText(g.title, lang),
            optional: g.optional,
            dishes: g.dishes.map((o) => ({
              id: o.id,
              title: pickText(o.title, lang),
              summary: pickText(o.summary, lang),
              price: toEuros(o.priceCents),
              qty: qty(o.id),
              allergens: allergenList(o.allergens),
              diets: o.diets,
              kcal: o.kcal,
              ingredients: pickText(o.ingredients, lang),
              ...(o.allergensConfirmed ? {} : { allergens_unknown: true as const }),
              has_image: o.imageVersion !== null,
              image_version: o.imageVersion,
            })),
          })),
        };
      }),
    })),
  };
}

/** Stock of every dish shown on the menu (options included); null = unlimited. */
export function presentBalance(menu: MenuData, stock: Balances): BalanceEntry[] {
  const ids = new Set<number>();
  for (const d of menu.dishes.values()) {
    ids.add(d.id);
    for (const g of d.groups) for (const o of g.dishes) ids.add(o.id);
  }
  return [...ids].sort((a, b) => a - b).map((id) => ({ id, qty: stock.get(id) ?? null }));
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

/**
 * The menu with its provider and priced dishes, as one scalar subquery (JSON) of the statement's
 * parameter `menuParam` (the menu id); with `dishIdsParam` (an int[] literal) only the named
 * dishes. Only active dishes on the menu, in menu order. Prices: a dish's menu price, else its
 * own; a set meal's option: the menu's price for it in that set meal, else the option's price in
 * the set meal, else the option dish's own. Groups whose every option is inactive are kept (a
 * mandatory one then cannot be satisfied). Groups are read only for dishes that have them (the
 * CASE evaluates its subquery only then), so a plain order reads no more than the dishes. The
 * one reader of menu prices: `loadMenu` (the order page, cached) reads every dish with it, the
 * customer query (placing an order) the named ones.
 */
export function pricedMenuSql(menuParam: string, dishIdsParam: string | null): string {
  return `(select json_build_object(
      'id', m.id, 'title', m.title, 'from', floor(extract(epoch from m."from") * 1000)::float8,
      'to', floor(extract(epoch from m."to") * 1000)::float8, 'status', m.status, 'provider_id', m.provider_id,
      'timezone', p.timezone, 'card_enabled', p.card_enabled, 'card_commission_cents', p.card_commission_cents,
      'bank_commission_cents', p.bank_commission_cents, 'provider_status', p.status,
      'dishes', (select json_agg(json_build_array(d.id, d.title, d.summary, d.code, md.category_id, d.type,
                   coalesce(md.price_cents, d.price_cents), d.position,
                   case when d.type <> 'simple' then (
                     select json_agg(json_build_array(g.id, g.category_id, g.title, g.optional, coalesce((
                         select json_agg(json_build_array(od.id, od.title, od.summary,
                                  coalesce(mcp.price_cents, co.price_cents, od.price_cents),
                                  (select array_agg(oda.allergen_id) from dish_allergens oda where oda.dish_id = od.id),
                                  od.diets) order by co.position, co.id)
                         from complex_options co join dishes od on od.id = co.dish_id
                           left join menu_complex_prices mcp
                             on mcp.menu_id = md.menu_id and mcp.complex_dish_id = d.id and mcp.option_dish_id = od.id
                         where co.group_id = g.id and od.status), '[]'::json)) order by g.position, g.id)
                     from complex_groups g where g.dish_id = d.id) end,
                   (select array_agg(da.allergen_id) from dish_allergens da where da.dish_id = d.id), d.diets)
                   order by c.position, c.id, d.position, d.id)
                 from menu_dishes md join dishes d on d.id = md.dish_id join categories c on c.id = md.category_id
                 where md.menu_id = m.id and d.status${dishIdsParam ? ` and md.dish_id = any(${dishIdsParam}::int[])` : ''}))
    from menus m join providers p on p.id = m.provider_id where m.id = ${menuParam}::int)`;
}

const PRICED_MENU_SQL = `select ${pricedMenuSql('$1', null)} as menu`;

type OptionJson = [number, Translated, Translated, number, number[] | null, DietTag[]];
type GroupJson = [number, number, Translated, boolean, OptionJson[]];

/** What `pricedMenuSql` answers. */
export interface PricedMenuJson {
  id: number;
  title: string;
  from: number;
  to: number;
  status: boolean;
  provider_id: number;
  timezone: string;
  card_enabled: boolean;
  card_commission_cents: number;
  bank_commission_cents: number;
  provider_status: boolean;
  dishes:
    | [number, Translated, Translated, string, number, DishData['type'], number, number, GroupJson[] | null, number[] | null, DietTag[]][]
    | null;
}

/**
 * MenuData from `pricedMenuSql` (null: no such menu): the menu, its provider and its priced
 * dishes with their allergen ids and diet tags, without categories, allergen titles or images
 * (loadMenu adds those for the page).
 */
export function menuFromJson(json: PricedMenuJson | null): MenuData | null {
  if (!json) return null;
  const dishMap = new Map<number, DishData>();
  for (const [id, title, summary, code, categoryId, type, priceCents, position, groups, allergenIds, diets] of json.dishes ?? []) {
    dishMap.set(id, {
      id,
      title,
      summary,
      code,
      categoryId,
      type,
      priceCents,
      position,
      allergens: allergenIds ?? [],
      diets,
      imageVersion: null,
      kcal: null,
      ingredients: {},
      allergensConfirmed: false,
      groups: (groups ?? []).map(([gid, groupCategoryId, groupTitle, optional, options]) => ({
        id: gid,
        categoryId: groupCategoryId,
        title: groupTitle,
        optional,
        dishes: options.map(([oid, optionTitle, optionSummary, optionPrice, optionAllergens, optionDiets]) => ({
          id: oid,
          title: optionTitle,
          summary: optionSummary,
          priceCents: optionPrice,
          allergens: optionAllergens ?? [],
          diets: optionDiets,
          imageVersion: null,
          kcal: null,
          ingredients: {},
          allergensConfirmed: false,
        })),
      })),
    });
  }
  return {
    id: json.id,
    title: json.title,
    from: new Date(json.from),
    to: new Date(json.to),
    status: json.status,
    providerId: json.provider_id,
    provider: {
      timezone: json.timezone,
      cardEnabled: json.card_enabled,
      cardCommissionCents: json.card_commission_cents,
      bankCommissionCents: json.bank_commission_cents,
      status: json.provider_status,
    },
    categories: [],
    dishes: dishMap,
    allergenTitles: new Map(),
  };
}
