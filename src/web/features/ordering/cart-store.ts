import { create } from 'zustand';
import type { NewCartItem } from '../../../shared/ordering/cart';
import type { StockMap } from '../../../shared/ordering/stock';
import type { MenuCategory } from '../../../shared/schemas/ordering';
import * as rules from './model/cart-state';
import type { RefillResult } from './model/refill';
import type { Cart } from '../../../shared/ordering/cart';

/** Cart actions; each one applies a pure rule from model/cart-state.ts. */
export interface CartActions {
  loadMenu(dishlistId: number | null): void;
  enterPage(): void;
  syncWithMenu(categories: readonly MenuCategory[]): void;
  add(stock: StockMap, item: NewCartItem, quantity?: number): void;
  change(key: string, delta: number): void;
  applyTypedQuantity(key: string, input: string): void;
  remove(key: string): void;
  clear(): void;
  setOpen(open: boolean): void;
  dismissRemoved(): void;
  /**
   * Adds earlier order lines still on this menu ("Order again", "Change order"), once per cart and
   * source (e.g. "again:<orderId>"); what was added and what is missing lands in `refillResult`.
   */
  refill(dishlistId: number, source: string, compute: (lines: Cart) => RefillResult): void;
  /** Puts back the cart kept in the tab for this menu, checked against the menu (use-saved-cart.ts). */
  restore(dishlistId: number, before: Cart, lines: Cart): void;
}

export type CartStore = rules.CartState & CartActions;

/**
 * The order page's cart of the chosen menu. Each menu's cart is also kept in the tab's session
 * storage by the page (use-saved-cart.ts), so navigation, a reload or another menu and back put it
 * back, checked against the menu as it is then.
 */
export const useCart = create<CartStore>()((set) => {
  const apply = (fn: (s: rules.CartState) => rules.CartState) =>
    set((s) => {
      const next = fn(s);
      return next === s ? s : next;
    });
  return {
    ...rules.emptyCart,
    loadMenu: (id) => apply((s) => rules.loadMenu(s, id)),
    enterPage: () => apply(rules.enterPage),
    syncWithMenu: (categories) => apply((s) => rules.syncWithMenu(s, categories)),
    add: (stock, item, quantity) => apply((s) => rules.add(s, stock, item, quantity)),
    change: (key, delta) => apply((s) => rules.change(s, key, delta)),
    applyTypedQuantity: (key, input) => apply((s) => rules.applyTypedQuantity(s, key, input)),
    remove: (key) => apply((s) => rules.remove(s, key)),
    clear: () => apply(rules.clear),
    setOpen: (open) => apply((s) => rules.setOpen(s, open)),
    dismissRemoved: () => apply(rules.dismissRemoved),
    refill: (dishlistId, source, compute) => apply((s) => rules.refill(s, dishlistId, source, compute)),
    restore: (dishlistId, before, lines) => apply((s) => rules.restore(s, dishlistId, before, lines)),
  };
});
