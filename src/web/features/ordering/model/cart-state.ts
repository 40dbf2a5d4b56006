import {
  addToCart,
  changeQuantity,
  menuIndex,
  pruneCart,
  removeLine,
  setQuantityFromInput,
  type Cart,
  type NewCartItem,
} from '../../../../shared/ordering/cart';
import type { StockMap } from '../../../../shared/ordering/stock';
import type { RefillResult } from './refill';

/**
 * The cart as the order page keeps it: the lines (shared cart rules), the menu they belong to,
 * whether the panel is open, and whether lines were dropped because their dish left the menu.
 * Every function returns the same object when nothing changed, so the store does not re-render.
 */
export interface CartState {
  /** Menu the lines were put together from; another menu means another cart. */
  dishlistId: number | null;
  lines: Cart;
  open: boolean;
  /** Some lines were removed because their dish is no longer on the menu ("Dish was removed"). */
  dishRemoved: boolean;
  /**
   * What this cart was refilled from ("again:<orderId>"), so a refill is applied once per cart:
   * a new cart (page entry, another menu) is refilled afresh, a cleared one (order placed) is not.
   */
  refilledFrom: string | null;
  /** What that refill added and could not add (shown until another cart starts or an order is placed). */
  refillResult: RefillResult | null;
}

export const emptyCart: CartState = {
  dishlistId: null,
  lines: [],
  open: false,
  dishRemoved: false,
  refilledFrom: null,
  refillResult: null,
};

/**
 * A menu's data was loaded for showing (page entry or another menu chosen): the cart starts empty
 * for that menu, and the page then puts back the cart kept for it in the tab (`restore`,
 * model/saved-cart.ts; issue 24 changed spec 4's "Loading menu data resets the cart"). Refreshes of the same menu (polling after the deadline, the reload
 * after a failed order) go through `syncWithMenu` instead, which keeps what is still orderable.
 */
export function loadMenu(state: CartState, dishlistId: number | null): CartState {
  if (state.dishlistId === dishlistId) return state;
  return { ...emptyCart, dishlistId };
}

/**
 * The order page was entered: a new cart for refills and notices (an "Order again" link refills
 * afresh), with the lines kept (the page checks them against the menu, use-saved-cart.ts).
 */
export function enterPage(state: CartState): CartState {
  return { ...emptyCart, dishlistId: state.dishlistId, lines: state.lines };
}

/** Fresh menu data for the same menu: lines whose dish (or chosen option) is gone are removed. */
export function syncWithMenu(state: CartState, categories: Parameters<typeof menuIndex>[0]): CartState {
  const lines = pruneCart(state.lines, menuIndex(categories));
  if (lines === state.lines) return state;
  return { ...state, lines, dishRemoved: true };
}

function withLines(state: CartState, lines: Cart): CartState {
  if (lines === state.lines) return state;
  // Closing an emptied panel would hide the "Cart is empty" state the user is looking at, so
  // the panel stays as it is; the notice about removed dishes goes once the cart changes again.
  return { ...state, lines, dishRemoved: false };
}

export function add(state: CartState, stock: StockMap, item: NewCartItem, quantity = 1): CartState {
  return withLines(state, addToCart(state.lines, stock, item, quantity));
}

export function change(state: CartState, key: string, delta: number): CartState {
  return withLines(state, changeQuantity(state.lines, key, delta));
}

export function applyTypedQuantity(state: CartState, key: string, input: string): CartState {
  return withLines(state, setQuantityFromInput(state.lines, key, input));
}

export function remove(state: CartState, key: string): CartState {
  return withLines(state, removeLine(state.lines, key));
}

/** After an order went through, the cart starts again (the same menu stays chosen). */
export function clear(state: CartState): CartState {
  return { ...emptyCart, dishlistId: state.dishlistId, refilledFrom: state.refilledFrom };
}

/**
 * Refills the cart of menu `dishlistId` once per cart and source: `compute` (model/refill.ts
 * `refillCart` with the menu, stock and earlier lines; loaded only when a page refills) gets the
 * lines and answers the new ones, kept with what was missing in `refillResult`. The same state is
 * returned when this cart was already refilled from `source` or belongs to another menu.
 */
export function refill(state: CartState, dishlistId: number, source: string, compute: (lines: Cart) => RefillResult): CartState {
  if (state.dishlistId !== dishlistId || state.refilledFrom === source) return state;
  const result = compute(state.lines);
  return { ...withLines(state, result.cart), refilledFrom: source, refillResult: result };
}

/**
 * Puts back the cart kept for this menu (already checked against the menu as it is now), in place
 * of `before`, the lines when the check started: only into this menu's cart, and only when nothing
 * changed them meanwhile (an "Order again" refill or the user's own additions are not lost).
 */
export function restore(state: CartState, dishlistId: number, before: Cart, lines: Cart): CartState {
  if (state.dishlistId !== dishlistId || state.lines !== before || lines === before) return state;
  return { ...state, lines };
}

export function setOpen(state: CartState, open: boolean): CartState {
  return state.open === open ? state : { ...state, open };
}

export function dismissRemoved(state: CartState): CartState {
  return state.dishRemoved ? { ...state, dishRemoved: false } : state;
}

/** Units in the cart (for the ribbon's accessible label). */
export function unitCount(lines: Cart): number {
  return lines.reduce((n, l) => n + l.quantity, 0);
}
