import { and, asc, eq, gt, gte, inArray, lt } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { pickText, type Lang } from '../../../shared/i18n.js';
import { toEuros } from '../../../shared/money.js';
import { cheapestSelectionCents } from '../../../shared/ordering/complex.js';
import type { BalanceEntry, DishlistSummary, OrderDishlist } from '../../../shared/schemas/ordering.js';
import type { Db, Tx } from '../../db/client.js';
import {
  allergens,
  balances,
  categories,
  complexGroups,
  complexOptions,
  dishAllergens,
  dishes,
  dishImages,
  menuComplexPrices,
  menuDishes,
  menus,
  providers,
} from '../../db/schema/index.js';
import type { Translated } from '../../db/schema/common.js';
import { isoTime } from '../../lib/time.js';

/** An option of a complex group, priced for this menu and complex. */
export interface OptionData {
  id: number;
  title: Translated;
  summary: Translated;
  priceCents: number;
  allergens: number[];
  imageVersion: string | null;
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
  imageVersion: string | null;
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
export function presentSummary(m: { id: number; title: string; from: Date; to: Date; providerId: number; timezone: string }): DishlistSummary {
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
 * Reads a menu with everything needed to show and price it; null when it does not exist.
 * `purpose: 'order'` skips what only the page shows (allergens, images): order placement reads
 * the menu fresh on every order, so it stays as light as pricing allows.
 */
export async function loadMenu(db: Db | Tx, menuId: number, purpose: 'show' | 'order' = 'show'): Promise<MenuData | null> {
  const head = await db
    .select({ menu: menus, provider: providers })
    .from(menus)
    .innerJoin(providers, eq(providers.id, menus.providerId))
    .where(eq(menus.id, menuId));
  const row = head[0];
  if (!row) return null;

  const listed = await db
    .select({
      dish: dishes,
      menuPrice: menuDishes.priceCents,
      categoryId: menuDishes.categoryId,
      category: { id: categories.id, title: categories.title, groupName: categories.groupName, position: categories.position },
    })
    .from(menuDishes)
    .innerJoin(dishes, eq(dishes.id, menuDishes.dishId))
    .innerJoin(categories, eq(categories.id, menuDishes.categoryId))
    .where(and(eq(menuDishes.menuId, menuId), eq(dishes.status, true)))
    .orderBy(asc(categories.position), asc(categories.id), asc(dishes.position), asc(dishes.id));

  const complexIds = listed.filter((l) => l.dish.type !== 'simple').map((l) => l.dish.id);
  const groupRows = complexIds.length
    ? await db
        .select({ group: complexGroups, option: complexOptions, dish: dishes })
        .from(complexGroups)
        .innerJoin(complexOptions, eq(complexOptions.groupId, complexGroups.id))
        .innerJoin(dishes, eq(dishes.id, complexOptions.dishId))
        .where(and(inArray(complexGroups.dishId, complexIds), eq(dishes.status, true)))
        .orderBy(asc(complexGroups.position), asc(complexGroups.id), asc(complexOptions.position), asc(complexOptions.id))
    : [];
  // Groups whose every option is inactive still exist (a mandatory one then cannot be satisfied).
  const emptyGroups = complexIds.length
    ? await db.select().from(complexGroups).where(inArray(complexGroups.dishId, complexIds)).orderBy(asc(complexGroups.position), asc(complexGroups.id))
    : [];
  const overrides = complexIds.length
    ? await db.select().from(menuComplexPrices).where(eq(menuComplexPrices.menuId, menuId))
    : [];
  const override = new Map(overrides.map((o) => [`${o.complexDishId}:${o.optionDishId}`, o.priceCents]));

  const allDishIds = [...new Set([...listed.map((l) => l.dish.id), ...groupRows.map((g) => g.dish.id)])];
  const [allergenRows, imageRows] = allDishIds.length && purpose === 'show'
    ? await Promise.all([
        db
          .select({ dishId: dishAllergens.dishId, id: allergens.id, title: allergens.title })
          .from(dishAllergens)
          .innerJoin(allergens, eq(allergens.id, dishAllergens.allergenId))
          .where(inArray(dishAllergens.dishId, allDishIds))
          .orderBy(asc(allergens.position), asc(allergens.id)),
        db.select({ dishId: dishImages.dishId, etag: dishImages.etag }).from(dishImages).where(inArray(dishImages.dishId, allDishIds)),
      ])
    : [[], []];
  const allergenTitles = new Map<number, Translated>();
  const dishAllergenIds = new Map<number, number[]>();
  for (const a of allergenRows) {
    allergenTitles.set(a.id, a.title);
    const list = dishAllergenIds.get(a.dishId) ?? [];
    list.push(a.id);
    dishAllergenIds.set(a.dishId, list);
  }
  const imageVersion = new Map(imageRows.map((i) => [i.dishId, i.etag]));

  const groupsOf = new Map<number, GroupData[]>();
  const groupById = new Map<number, GroupData>();
  for (const g of emptyGroups) {
    const data: GroupData = { id: g.id, categoryId: g.categoryId, title: g.title, optional: g.optional, dishes: [] };
    groupById.set(g.id, data);
    const list = groupsOf.get(g.dishId) ?? [];
    list.push(data);
    groupsOf.set(g.dishId, list);
  }
  for (const r of groupRows) {
    const group = groupById.get(r.group.id);
    if (!group) continue;
    group.dishes.push({
      id: r.dish.id,
      title: r.dish.title,
      summary: r.dish.summary,
      priceCents: override.get(`${r.group.dishId}:${r.dish.id}`) ?? r.option.priceCents ?? r.dish.priceCents,
      allergens: dishAllergenIds.get(r.dish.id) ?? [],
      imageVersion: imageVersion.get(r.dish.id) ?? null,
    });
  }

  const categoryList: MenuData['categories'] = [];
  const categoryIndex = new Map<number, MenuData['categories'][number]>();
  const dishMap = new Map<number, DishData>();
  for (const l of listed) {
    let cat = categoryIndex.get(l.category.id);
    if (!cat) {
      cat = { id: l.category.id, title: l.category.title, groupName: l.category.groupName, position: l.category.position, dishIds: [] };
      categoryIndex.set(cat.id, cat);
      categoryList.push(cat);
    }
    cat.dishIds.push(l.dish.id);
    dishMap.set(l.dish.id, {
      id: l.dish.id,
      title: l.dish.title,
      summary: l.dish.summary,
      code: l.dish.code,
      categoryId: l.categoryId,
      type: l.dish.type,
      priceCents: l.menuPrice ?? l.dish.priceCents,
      position: l.dish.position,
      allergens: dishAllergenIds.get(l.dish.id) ?? [],
      imageVersion: imageVersion.get(l.dish.id) ?? null,
      groups: l.dish.type === 'simple' ? [] : (groupsOf.get(l.dish.id) ?? []),
    });
  }

  return {
    id: row.menu.id,
    title: row.menu.title,
    from: row.menu.from,
    to: row.menu.to,
    status: row.menu.status,
    providerId: row.menu.providerId,
    provider: {
      timezone: row.provider.timezone,
      cardEnabled: row.provider.cardEnabled,
      cardCommissionCents: row.provider.cardCommissionCents,
      bankCommissionCents: row.provider.bankCommissionCents,
      status: row.provider.status,
    },
    categories: categoryList,
    dishes: dishMap,
    allergenTitles,
  };
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
 * The part of a menu placing an order needs, as one scalar subquery (JSON) of the statement's
 * parameters `menuParam` (the menu id) and `dishIdsParam` (an int[] literal): the menu with its
 * provider and only the named dishes that are on it and active (menu price or the dish's own).
 * Read inside the customer query, so an order reads menu and customer in one round trip.
 * Dishes that are not simple need their groups and options: `orderMenuFrom` then answers
 * 'complex' and the caller reads the menu with `loadMenu(…, 'order')`.
 */
export function orderMenuSql(menuParam: string, dishIdsParam: string): string {
  return `(select json_build_object(
      'id', m.id, 'title', m.title, 'from', floor(extract(epoch from m."from") * 1000)::float8,
      'to', floor(extract(epoch from m."to") * 1000)::float8, 'status', m.status, 'provider_id', m.provider_id,
      'timezone', p.timezone, 'card_enabled', p.card_enabled, 'card_commission_cents', p.card_commission_cents,
      'bank_commission_cents', p.bank_commission_cents, 'provider_status', p.status,
      'dishes', (select json_agg(json_build_array(d.id, d.title, d.summary, d.code, md.category_id, d.type,
                   coalesce(md.price_cents, d.price_cents), d.position))
                 from menu_dishes md join dishes d on d.id = md.dish_id join categories c on c.id = md.category_id
                 where md.menu_id = m.id and d.status and md.dish_id = any(${dishIdsParam}::int[])))
    from menus m join providers p on p.id = m.provider_id where m.id = ${menuParam}::int)`;
}

/** What `orderMenuSql` answers. */
export interface OrderMenuJson {
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
  dishes: [number, Translated, Translated, string, number, DishData['type'], number, number][] | null;
}

/**
 * MenuData from `orderMenuSql` (null: no such menu). It holds only the named dishes, no
 * categories, allergens or images; 'complex' when a named dish needs its groups read.
 */
export function orderMenuFrom(json: OrderMenuJson | null): MenuData | null | 'complex' {
  if (!json) return null;
  const dishMap = new Map<number, DishData>();
  for (const [id, title, summary, code, categoryId, type, priceCents, position] of json.dishes ?? []) {
    if (type !== 'simple') return 'complex';
    dishMap.set(id, { id, title, summary, code, categoryId, type, priceCents, position, allergens: [], imageVersion: null, groups: [] });
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
