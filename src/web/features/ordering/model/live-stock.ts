import type { BalanceEntry } from '../../../../shared/schemas/ordering';

/** What an order event says of the stock: [dish id, qty left] of the limited dishes the order took. */
export type StockLeft = readonly (readonly [number, number])[];

/**
 * The menu's balance list with an order event's stock left applied: each named dish's figure
 * lowered to it, never raised (placing an order only lowers stock, and two orders' events may
 * arrive in another order than their commits; what raises stock, a cancel or a kitchen edit,
 * comes as a refetch). Answers the same list when nothing changed, so nothing re-renders.
 */
export function withStockLeft(balance: readonly BalanceEntry[], left: StockLeft): readonly BalanceEntry[] {
  if (left.length === 0) return balance;
  const lowest = new Map<number, number>();
  for (const [id, qty] of left) lowest.set(id, Math.min(qty, lowest.get(id) ?? qty));
  let changed = false;
  const next = balance.map((entry) => {
    const qty = lowest.get(entry.id);
    if (qty === undefined || (entry.qty !== null && entry.qty <= qty)) return entry;
    changed = true;
    return { id: entry.id, qty };
  });
  return changed ? next : balance;
}

/** How long the stock events of a menu are kept for answers still on their way (a refetch takes far less). */
export const STOCK_LOG_MS = 10_000;

/**
 * The stock events of the last seconds, per menu. A refetch that was already on its way when an
 * event came answers the stock as it was before that event's order; the page applies the events
 * that arrived since the refetch began to its answer, so "N left" does not jump back up.
 */
export class StockLog {
  private readonly byMenu = new Map<number, { at: number; left: StockLeft }[]>();

  record(menuId: number, left: StockLeft, at: number): void {
    const kept = (this.byMenu.get(menuId) ?? []).filter((e) => e.at > at - STOCK_LOG_MS);
    kept.push({ at, left });
    this.byMenu.set(menuId, kept);
  }

  /** The balance list of an answer whose request began at `since`, with the events that arrived from then on. */
  apply(menuId: number, balance: readonly BalanceEntry[], since: number): readonly BalanceEntry[] {
    let next = balance;
    for (const e of this.byMenu.get(menuId) ?? []) if (e.at >= since) next = withStockLeft(next, e.left);
    return next;
  }
}
