/**
 * Stock rules. Stock maps a dish id to the quantity left on the menu; a missing entry or null
 * means unlimited. One unit of a complex consumes one unit of the complex dish itself (when it
 * has a balance) and one of every chosen option dish.
 */

export type StockMap = Readonly<Record<number, number | null | undefined>>;

/** What a line consumes: its dish and, for complexes, each chosen option. */
export interface ConsumingLine {
  id: number;
  quantity: number;
  /** Chosen option dish ids (complex lines); a dish chosen twice counts twice. */
  options?: readonly number[];
}

/** Units needed per dish id for a set of lines. */
export function stockNeeds(lines: readonly ConsumingLine[]): Map<number, number> {
  const needs = new Map<number, number>();
  for (const line of lines) {
    for (const dishId of [line.id, ...(line.options ?? [])]) {
      needs.set(dishId, (needs.get(dishId) ?? 0) + line.quantity);
    }
  }
  return needs;
}

/** Stock of one dish minus what the lines already take; Infinity when unlimited. */
export function stockLeft(stock: StockMap, dishId: number, lines: readonly ConsumingLine[]): number {
  const qty = stock[dishId];
  if (qty === null || qty === undefined) return Infinity;
  return qty - (stockNeeds(lines).get(dishId) ?? 0);
}

/**
 * Stock left for one more unit of a dish with the given options: the lowest stock left among
 * the dish itself and every chosen option, after what the lines already take.
 */
export function remainingFor(stock: StockMap, dishId: number, options: readonly number[], lines: readonly ConsumingLine[]): number {
  const needs = stockNeeds(lines);
  // A dish chosen twice within one unit needs two units per added unit.
  const perUnit = stockNeeds([{ id: dishId, quantity: 1, options }]);
  let min = Infinity;
  for (const [d, n] of perUnit) {
    const qty = stock[d];
    if (qty === null || qty === undefined) continue;
    min = Math.min(min, Math.floor((qty - (needs.get(d) ?? 0)) / n));
  }
  return min;
}

/** Dishes the cart takes more of than the stock holds (dish id -> shortfall). */
export function shortages(stock: StockMap, lines: readonly ConsumingLine[]): Map<number, number> {
  const short = new Map<number, number>();
  for (const [d, n] of stockNeeds(lines)) {
    const qty = stock[d];
    if (qty !== null && qty !== undefined && n > qty) short.set(d, n - qty);
  }
  return short;
}

/** A dish with qty 0 or lower is hidden on the order page. */
export function isSoldOut(qty: number | null | undefined): boolean {
  return qty !== null && qty !== undefined && qty <= 0;
}

/** The "N left" tag shows only when 0 < qty < 5. */
export function showsLeftTag(qty: number | null | undefined): qty is number {
  return qty !== null && qty !== undefined && qty > 0 && qty < 5;
}

/** A stock map from the API's balance list. */
export function stockFromBalance(balance: readonly { id: number; qty: number | null }[]): Record<number, number | null> {
  const stock: Record<number, number | null> = {};
  for (const b of balance) stock[b.id] = b.qty;
  return stock;
}
