import { remainingForItem, type Cart, type NewCartItem } from '../../../../shared/ordering/cart';
import { isSelectionComplete, selectionPriceCents, type ComplexSelection } from '../../../../shared/ordering/complex';
import { isSoldOut, type StockMap } from '../../../../shared/ordering/stock';
import { toCents } from '../../../../shared/money';
import type { MenuCategory, MenuDish, MenuComplexGroup } from '../../../../shared/schemas/ordering';
import type { MenuExpandMode } from '../../../lib/ui-store';

/** Spec 9: the menu thumbnail and the full view. */
export const THUMB_SIZE = 64;
export const FULL_IMAGE_WIDTH = 760;

/** Stock of a dish: the balance list wins (it is refreshed with the order data), else the dish's own qty. */
export function stockOf(stock: StockMap, dish: { id: number; qty: number | null }): number | null {
  return dish.id in stock ? (stock[dish.id] ?? null) : dish.qty;
}

/** Categories with the dishes that can be shown: qty 0 or lower is hidden; empty categories go too. */
export function visibleCategories(categories: readonly MenuCategory[], stock: StockMap): MenuCategory[] {
  return categories
    .map((c) => ({ ...c, dishes: c.dishes.filter((d) => !isSoldOut(stockOf(stock, d))) }))
    .filter((c) => c.dishes.length > 0);
}

/**
 * Address of a dish image (spec 7): WebP, resized by the server; `v` changes when the image does,
 * so the browser can cache each version for long.
 */
export function dishImageUrl(dish: { id: number; image_version: string | null }, size: { width: number; height?: number }): string {
  const params = new URLSearchParams({ width: String(size.width) });
  if (size.height) params.set('height', String(size.height));
  params.set('format', 'webp');
  if (dish.image_version) params.set('v', dish.image_version);
  return `/app/dishes/${dish.id}/image?${params.toString()}`;
}

/** A plain dish as a cart item (price in cents). */
export function simpleItem(dish: MenuDish): NewCartItem {
  return { id: dish.id, category: dish.category_id, type: dish.type, selected: {}, price: toCents(dish.price) };
}

function groupsInCents(groups: readonly MenuComplexGroup[]) {
  return groups.map((g) => ({ id: g.id, dishes: g.dishes.map((d) => ({ id: d.id, priceCents: toCents(d.price) })) }));
}

/** Unit price of a complex with these options: its base price plus the chosen options. */
export function complexPriceCents(dish: MenuDish, selected: ComplexSelection): number {
  return selectionPriceCents(groupsInCents(dish.complex), selected, toCents(dish.price));
}

/** A complex with its chosen options as a cart item; only the groups that have a choice are kept. */
export function complexItem(dish: MenuDish, selected: ComplexSelection): NewCartItem {
  const kept: ComplexSelection = {};
  for (const [group, ids] of Object.entries(selected)) if (ids.length > 0) kept[Number(group)] = [...ids];
  return { id: dish.id, category: dish.category_id, type: dish.type, selected: kept, price: complexPriceCents(dish, kept) };
}

/** How many more units of a dish (with these options) the stock allows, given the cart. */
export function remaining(cart: Cart, stock: StockMap, dishId: number, selected: ComplexSelection = {}): number {
  return remainingForItem(cart, stock, { id: dishId, selected });
}

/** Add To Order on a complex: every mandatory group chosen and one more unit in stock. */
export function canAddComplex(cart: Cart, stock: StockMap, dish: MenuDish, selected: ComplexSelection): boolean {
  return isSelectionComplete(dish.complex, selected) && remaining(cart, stock, dish.id, selected) >= 1;
}

/** Categories the user opened or closed by hand, on top of the expand mode. */
export interface CategoryToggles {
  /** In 'all' mode: categories closed one by one. */
  collapsed: readonly number[];
  /** In 'one' mode: the single open category. */
  open: number | null;
}

export const noToggles: CategoryToggles = { collapsed: [], open: null };

/**
 * Spec 4, Persistence: the menu is expanded "all" (every category open, each can still be
 * closed) or "one at a time" (every category closed; opening one closes the previous).
 */
export function isCategoryOpen(mode: MenuExpandMode, toggles: CategoryToggles, id: number): boolean {
  return mode === 'all' ? !toggles.collapsed.includes(id) : toggles.open === id;
}

export function toggleCategory(mode: MenuExpandMode, toggles: CategoryToggles, id: number): CategoryToggles {
  if (mode === 'all') {
    const collapsed = toggles.collapsed.includes(id) ? toggles.collapsed.filter((c) => c !== id) : [...toggles.collapsed, id];
    return { ...toggles, collapsed };
  }
  return { ...toggles, open: toggles.open === id ? null : id };
}

/** Titles the cart shows for its lines: dishes and complex options by id. */
export interface MenuTitles {
  dish(id: number): string | undefined;
  option(id: number): string | undefined;
}

export function menuTitles(categories: readonly MenuCategory[]): MenuTitles {
  const dishes = new Map<number, string>();
  const options = new Map<number, string>();
  for (const c of categories) {
    for (const d of c.dishes) {
      dishes.set(d.id, d.title);
      for (const g of d.complex) for (const o of g.dishes) options.set(o.id, o.title);
    }
  }
  return { dish: (id) => dishes.get(id), option: (id) => options.get(id) };
}
