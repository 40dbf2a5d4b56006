import { addToCart, type Cart } from '../../../../shared/ordering/cart';
import { isSelectionComplete, type ComplexSelection } from '../../../../shared/ordering/complex';
import type { StockMap } from '../../../../shared/ordering/stock';
import type { MenuCategory, MenuDish } from '../../../../shared/schemas/ordering';
import { complexItem, remaining, simpleItem, stockOf } from './menu';
import { isSoldOut } from '../../../../shared/ordering/stock';

/**
 * Refilling a cart from earlier order lines against the menu that is open now. "Order again"
 * uses it with a past order's lines, "Change order" (cancel + refill) with the cancelled order's.
 * Pure: the same inputs give the same answer, nothing is read from the page or the clock.
 */

/** A chosen option of an earlier set-meal line. */
export interface RefillOption {
  /** The group it was chosen in; null when the order no longer knows it (the group was deleted). */
  groupId: number | null;
  dishId: number;
  title: string;
}

/** One earlier order line: a dish or a set meal with its options, and how many. */
export interface RefillLine {
  dishId: number;
  /** The title the earlier order shows, to name the line when it cannot be added. */
  title: string;
  quantity: number;
  options: readonly RefillOption[];
}

/**
 * Why a line could not be added:
 * - `notOnMenu`: the dish (or set meal) is not on this menu;
 * - `optionGone`: a chosen option is no longer offered in this set meal;
 * - `incomplete`: the set meal now asks for a choice the earlier line did not make;
 * - `soldOut`: nothing of it is left.
 */
export type MissingReason = 'notOnMenu' | 'optionGone' | 'incomplete' | 'soldOut';

export interface MissingLine {
  line: RefillLine;
  reason: MissingReason;
}

export interface AddedLine {
  line: RefillLine;
  /** Units put in the cart: fewer than asked when the stock left allows no more. */
  quantity: number;
}

export interface RefillResult {
  cart: Cart;
  added: AddedLine[];
  missing: MissingLine[];
}

/** A past order's line as the API answers it (schemas/orders.ts `orderLine`). */
export interface OrderLineLike {
  dish: { id: number; title: string };
  qty: number;
  complex: readonly { group_id: number | null; dish: { id: number; title: string } }[];
}

/** The lines of an order as refill input. */
export function linesFromOrder(items: readonly OrderLineLike[]): RefillLine[] {
  return items.map((l) => ({
    dishId: l.dish.id,
    title: l.dish.title,
    quantity: l.qty,
    options: l.complex.map((o) => ({ groupId: o.group_id, dishId: o.dish.id, title: o.dish.title })),
  }));
}

function dishesById(categories: readonly MenuCategory[]): Map<number, MenuDish> {
  const map = new Map<number, MenuDish>();
  for (const c of categories) for (const d of c.dishes) map.set(d.id, d);
  return map;
}

/**
 * The earlier options as a selection on today's set meal: each option goes to its own group when
 * that group still offers it, else (group unknown) to the one group that offers it. Null when an
 * option is offered nowhere. Mandatory groups with a single option are filled as the dish card
 * preselects them.
 */
function selectionFor(dish: MenuDish, options: readonly RefillOption[]): ComplexSelection | null {
  const selected: ComplexSelection = {};
  for (const o of options) {
    const group =
      dish.complex.find((g) => g.id === o.groupId && g.dishes.some((d) => d.id === o.dishId)) ??
      (o.groupId === null || !dish.complex.some((g) => g.id === o.groupId)
        ? dish.complex.find((g) => g.dishes.some((d) => d.id === o.dishId))
        : undefined);
    if (!group) return null;
    const chosen = selected[group.id] ?? [];
    if (!chosen.includes(o.dishId)) selected[group.id] = [...chosen, o.dishId];
  }
  for (const g of dish.complex) {
    if (!g.optional && g.dishes.length === 1 && !selected[g.id]?.length) selected[g.id] = [g.dishes[0]!.id];
  }
  return selected;
}

/**
 * Adds the lines to the cart against this menu and its stock, in order. A line is added with
 * today's prices, as many units as the stock left allows (never more than asked); a line that
 * cannot be added at all is answered in `missing` with its reason. Lines already in the cart stay.
 */
export function refillCart(cart: Cart, categories: readonly MenuCategory[], stock: StockMap, lines: readonly RefillLine[]): RefillResult {
  const menu = dishesById(categories);
  const added: AddedLine[] = [];
  const missing: MissingLine[] = [];
  let next = cart;
  for (const line of lines) {
    const dish = menu.get(line.dishId);
    if (!dish || line.quantity <= 0) {
      missing.push({ line, reason: 'notOnMenu' });
      continue;
    }
    let item;
    if (dish.type === 'simple') {
      item = simpleItem(dish);
    } else {
      const selected = selectionFor(dish, line.options);
      if (!selected) {
        missing.push({ line, reason: 'optionGone' });
        continue;
      }
      if (!isSelectionComplete(dish.complex, selected)) {
        missing.push({ line, reason: 'incomplete' });
        continue;
      }
      item = complexItem(dish, selected);
    }
    const left = isSoldOut(stockOf(stock, dish)) ? 0 : remaining(next, stock, dish.id, item.selected);
    const quantity = Math.min(line.quantity, Math.max(0, left));
    if (quantity < 1) {
      missing.push({ line, reason: 'soldOut' });
      continue;
    }
    next = addToCart(next, stock, item, quantity);
    added.push({ line, quantity });
  }
  return { cart: next, added, missing };
}
