import type { Cart } from '../../../../shared/ordering/cart';
import type { StockMap } from '../../../../shared/ordering/stock';
import type { MenuCategory } from '../../../../shared/schemas/ordering';
import { refillCart, type MissingReason, type RefillLine } from './refill';
import type { SavedLine } from './saved-cart';

/** A saved line as the notice names it: its dish with the chosen options. */
function titleOf(line: SavedLine): string {
  const options = Object.values(line.options).filter(Boolean);
  return options.length > 0 ? `${line.title} (${options.join(', ')})` : line.title;
}

/** What changed in a saved cart since it was saved (all empty: it came back as it was). */
export interface RestoredCart {
  cart: Cart;
  /** Lines that could not come back (dish gone from the menu, option gone, sold out). */
  missing: { title: string; reason: MissingReason }[];
  /** Lines that came back with fewer units (the stock left allows no more). */
  fewer: { title: string; quantity: number }[];
  /** Lines whose unit price is not what it was when saved: the new price in cents. */
  repriced: { title: string; priceCents: number }[];
}

/**
 * Puts a saved cart back against the menu as it is now (loaded only when there is a saved cart):
 * the same rules as "Order again" (refill.ts) — today's prices, no more than the stock left, lines
 * whose dish or options are gone dropped — and tells what changed, line by line.
 */
export function restoreSavedCart(saved: readonly SavedLine[], categories: readonly MenuCategory[], stock: StockMap): RestoredCart {
  const lines: RefillLine[] = saved.map((l) => ({
    dishId: l.id,
    title: titleOf(l),
    quantity: l.quantity,
    options: Object.entries(l.selected).flatMap(([group, ids]) =>
      ids.map((dishId) => ({ groupId: Number(group), dishId, title: l.options[dishId] ?? '' })),
    ),
  }));
  const result = refillCart([], categories, stock, lines);
  const savedOf = new Map(lines.map((l, i) => [l, saved[i]!]));
  const repriced: RestoredCart['repriced'] = [];
  // refillCart adds in order; each added line is the cart line at the same place among those added.
  result.added.forEach((a, i) => {
    const line = result.cart[i];
    const before = savedOf.get(a.line);
    if (line && before && line.price !== before.price) repriced.push({ title: a.line.title, priceCents: line.price });
  });
  return {
    cart: result.cart,
    missing: result.missing.map((m) => ({ title: m.line.title, reason: m.reason })),
    fewer: result.added.filter((a) => a.quantity < a.line.quantity).map((a) => ({ title: a.line.title, quantity: a.quantity })),
    repriced,
  };
}
