import type { Cart, CartLine } from '../../../../shared/ordering/cart';
import type { ComplexSelection } from '../../../../shared/ordering/complex';

/**
 * The order page's cart and chosen menu kept in the tab's session storage (issue 24), so going to
 * history and back, a reload or another menu and back keeps them. One cart per menu; each saved
 * line keeps the titles it showed, so a line that cannot come back can still be named. The saved
 * cart is only a wish list: on load it is checked against the menu as it is now (restore.ts).
 */

/** A saved cart line: the line with the titles of its dish and chosen options when it was saved. */
export interface SavedLine {
  id: number;
  selected: ComplexSelection;
  quantity: number;
  /** Unit price in cents when saved (a different price now is told). */
  price: number;
  title: string;
  /** Titles of the chosen options by dish id. */
  options: Record<number, string>;
}

/** Anything with sessionStorage's get/set/remove (tests pass a Map-backed one). */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const CART_PREFIX = 'lunch.cart.';
const MENU_KEY = 'lunch.order.menu';

/** The tab's session storage, or null where there is none (private modes, tests without a DOM). */
export function sessionStore(): KeyValueStore | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

function isSavedLine(v: unknown): v is SavedLine {
  if (!v || typeof v !== 'object') return false;
  const l = v as Record<string, unknown>;
  return (
    isId(l.id) &&
    isId(l.quantity) &&
    typeof l.price === 'number' &&
    typeof l.title === 'string' &&
    typeof l.selected === 'object' &&
    l.selected !== null &&
    Object.values(l.selected).every((ids) => Array.isArray(ids) && ids.every(isId)) &&
    typeof l.options === 'object' &&
    l.options !== null
  );
}

/** The saved cart of a menu (empty when none, or when what is stored is not a cart). */
export function readSavedCart(store: KeyValueStore | null, menuId: number): SavedLine[] {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(CART_PREFIX + menuId) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isSavedLine) : [];
  } catch {
    return [];
  }
}

/** Saves a menu's cart (an empty one is forgotten). Storage refusing (full, private mode) is not an error. */
export function writeSavedCart(
  store: KeyValueStore | null,
  menuId: number,
  lines: Cart,
  titles: { dish(id: number): string | undefined; option(id: number): string | undefined },
): void {
  try {
    if (lines.length === 0) {
      store?.removeItem(CART_PREFIX + menuId);
      return;
    }
    const saved: SavedLine[] = lines.map((l: CartLine) => ({
      id: l.id,
      selected: l.selected,
      quantity: l.quantity,
      price: l.price,
      title: titles.dish(l.id) ?? '',
      options: Object.fromEntries(
        Object.values(l.selected)
          .flat()
          .map((id) => [id, titles.option(id) ?? '']),
      ),
    }));
    store?.setItem(CART_PREFIX + menuId, JSON.stringify(saved));
  } catch {
    // Nothing to do: the cart just is not kept.
  }
}

/** Forgets a menu's kept cart (its order was placed). */
export function forgetSavedCart(store: KeyValueStore | null, menuId: number): void {
  try {
    store?.removeItem(CART_PREFIX + menuId);
  } catch {
    // Nothing kept to forget.
  }
}

/** The menu chosen last in this tab (null: none). */
export function readChosenMenu(store: KeyValueStore | null): number | null {
  try {
    const n = Number(store?.getItem(MENU_KEY));
    return isId(n) ? n : null;
  } catch {
    return null;
  }
}

export function writeChosenMenu(store: KeyValueStore | null, menuId: number): void {
  try {
    store?.setItem(MENU_KEY, String(menuId));
  } catch {
    // Not kept; the first menu is shown next time.
  }
}
