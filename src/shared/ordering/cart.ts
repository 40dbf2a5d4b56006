import { chosenDishIds, type ComplexSelection } from './complex.js';
import { remainingFor, type ConsumingLine, type StockMap } from './stock.js';
import { computeTotals, sumLines, type Totals, type TotalsBudget } from './totals.js';

/** One line of the cart. Prices in cents. */
export interface CartLine {
  /** Identity of the line: plain dishes share one line per dish, every complex line is new. */
  key: string;
  /** Dish id. */
  id: number;
  category: number;
  type: 'simple' | 'complex' | 'initial';
  /** Complex lines: chosen option ids per group id; {} for plain dishes. */
  selected: ComplexSelection;
  quantity: number;
  /** Unit price, options included. */
  price: number;
}

export type Cart = readonly CartLine[];

export type NewCartItem = Omit<CartLine, 'key' | 'quantity'>;

const isComplex = (type: CartLine['type']) => type !== 'simple';

function consuming(cart: Cart): ConsumingLine[] {
  return cart.map((l) => ({ id: l.id, quantity: l.quantity, options: chosenDishIds(l.selected) }));
}

/** Stock left for one more unit of this dish with these options, given what the cart holds. */
export function remainingForItem(cart: Cart, stock: StockMap, item: Pick<CartLine, 'id' | 'selected'>): number {
  return remainingFor(stock, item.id, chosenDishIds(item.selected), consuming(cart));
}

/** Stock left for a line already in the cart (its own units counted). */
export function lineRemaining(cart: Cart, stock: StockMap, key: string): number {
  const line = cart.find((l) => l.key === key);
  return line ? remainingForItem(cart, stock, line) : Infinity;
}

/** Plus is disabled when nothing more is left. */
export function canIncrease(cart: Cart, stock: StockMap, key: string): boolean {
  return lineRemaining(cart, stock, key) > 0;
}

/** A line is over the limit when the cart takes more than the stock holds. */
export function isOverLimit(cart: Cart, stock: StockMap, key: string): boolean {
  return lineRemaining(cart, stock, key) < 0;
}

function nextComplexKey(cart: Cart, id: number): string {
  let n = 1;
  while (cart.some((l) => l.key === `c${id}-${n}`)) n++;
  return `c${id}-${n}`;
}

/**
 * Adds a dish. Ignored (the same cart is returned) when the stock left is less than the
 * quantity. A plain dish already in the cart gets its quantity raised; a complex is always a
 * new line.
 */
export function addToCart(cart: Cart, stock: StockMap, item: NewCartItem, quantity = 1): Cart {
  if (!Number.isInteger(quantity) || quantity <= 0) return cart;
  if (remainingForItem(cart, stock, item) < quantity) return cart;
  if (!isComplex(item.type)) {
    const existing = cart.find((l) => l.key === `d${item.id}`);
    if (existing) return cart.map((l) => (l === existing ? { ...l, quantity: l.quantity + quantity } : l));
    return [...cart, { ...item, selected: {}, key: `d${item.id}`, quantity }];
  }
  return [...cart, { ...item, key: nextComplexKey(cart, item.id), quantity }];
}

/** Changes a line's quantity by delta; the line goes when the result is 0 or less. */
export function changeQuantity(cart: Cart, key: string, delta: number): Cart {
  const line = cart.find((l) => l.key === key);
  if (!line || !Number.isFinite(delta)) return cart;
  const quantity = line.quantity + Math.trunc(delta);
  if (quantity <= 0) return cart.filter((l) => l !== line);
  return cart.map((l) => (l === line ? { ...l, quantity } : l));
}

/**
 * A quantity typed into the field, applied when leaving it: the difference is applied; 0 or
 * lower removes the line; an empty or invalid entry leaves the cart as it was (the field reverts).
 */
export function setQuantityFromInput(cart: Cart, key: string, input: string): Cart {
  const text = input.trim();
  if (!/^-?\d+$/.test(text)) return cart;
  const line = cart.find((l) => l.key === key);
  if (!line) return cart;
  return changeQuantity(cart, key, Number(text) - line.quantity);
}

export function removeLine(cart: Cart, key: string): Cart {
  return cart.filter((l) => l.key !== key);
}

/** The dishes of a menu as the cart checks them: dish id -> option ids per group. */
export interface MenuIndexLike {
  dishes: ReadonlyMap<number, { groups: ReadonlyMap<number, ReadonlySet<number>> }>;
}

/** Builds the index from the API's categories. */
export function menuIndex(
  categories: readonly { dishes: readonly { id: number; complex: readonly { id: number; dishes: readonly { id: number }[] }[] }[] }[],
): MenuIndexLike {
  const dishes = new Map<number, { groups: Map<number, Set<number>> }>();
  for (const c of categories) {
    for (const d of c.dishes) {
      dishes.set(d.id, { groups: new Map(d.complex.map((g) => [g.id, new Set(g.dishes.map((o) => o.id))])) });
    }
  }
  return { dishes };
}

/**
 * Removes lines whose dish left the menu (or whose chosen options did). Returns the same cart
 * when nothing changed.
 */
export function pruneCart(cart: Cart, menu: MenuIndexLike): Cart {
  const kept = cart.filter((line) => {
    const dish = menu.dishes.get(line.id);
    if (!dish) return false;
    return Object.entries(line.selected).every(([g, ids]) => {
      const options = dish.groups.get(Number(g));
      return options !== undefined && ids.every((id) => options.has(id));
    });
  });
  return kept.length === cart.length ? cart : kept;
}

/** The menu to show: the selected one while still available, else the first, else none. */
export function pickDishlist<T extends { id: number }>(available: readonly T[], selectedId: number | null | undefined): T | null {
  return available.find((d) => d.id === selectedId) ?? available[0] ?? null;
}

/** Totals of the cart for the chosen payment method (commission in cents). */
export function cartTotals(
  cart: Cart,
  user: { bonusCents: number; subsidyCents: number; fullSubsidy: boolean },
  commissionCents: number,
  /** The employer's budget for the eater (issue 29; null: none). */
  budget: TotalsBudget | null = null,
): Totals {
  return computeTotals({
    budget,
    linesCents: sumLines(cart.map((l) => ({ unitPriceCents: l.price, qty: l.quantity }))),
    bonusCents: user.bonusCents,
    subsidyCents: user.subsidyCents,
    fullSubsidy: user.fullSubsidy,
    commissionCents,
  });
}
