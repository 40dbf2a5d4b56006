/* The menu as the order page and every menu list present it. */
import { pickText, type Lang } from '../../../shared/i18n.js';
import { toEuros } from '../../../shared/money.js';
import { cheapestSelectionCents } from '../../../shared/ordering/complex.js';
import type { BalanceEntry, DishlistSummary, OrderDishlist } from '../../../shared/schemas/ordering.js';
import { menus, providers } from '../../db/schema/index.js';
import { isoTime } from '../../lib/time.js';
import type { Balances, MenuData } from './priced-menu.sql.js';

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
