/*
 * The one reader of menu prices (decision 025): the menu, its provider and its priced dishes as
 * one SQL scalar subquery (JSON), and the menu data built from its answer. The order's customer
 * query reads the named dishes with it, the order page (loadMenu) all of them.
 */
import type { DietTag } from '../../../shared/dietary.js';
import type { Translated } from '../../db/schema/common.js';

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

export const PRICED_MENU_SQL = `select ${pricedMenuSql('$1', null)} as menu`;

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
