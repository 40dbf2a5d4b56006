import type { BalanceInput } from '../../../shared/schemas/menus';

/** Edited quantities by dish id; null = unlimited. */
export type BalanceEdits = Record<number, number | null>;

/**
 * Spec 4, balance edits: an edit equal to the stored qty removes the edit; otherwise it is added
 * or updated.
 */
export function editBalance(edits: BalanceEdits, stored: number | null, id: number, qty: number | null): BalanceEdits {
  const next = { ...edits };
  if (qty === stored) delete next[id];
  else next[id] = qty;
  return next;
}

/** Only the edits are posted (others keep their stock). */
export function balancePayload(edits: BalanceEdits): BalanceInput {
  return { balance: Object.entries(edits).map(([id, qty]) => ({ id: Number(id), qty })) };
}

/** Entries grouped by category, keeping the order in which categories first appear. */
export function groupByCategory<T extends { category_id: number }>(entries: T[]): { categoryId: number; items: T[] }[] {
  const groups = new Map<number, T[]>();
  for (const e of entries) {
    const list = groups.get(e.category_id);
    if (list) list.push(e);
    else groups.set(e.category_id, [e]);
  }
  return [...groups].map(([categoryId, items]) => ({ categoryId, items }));
}

/**
 * The stock a suggestion leaves to offer (decision 062): the forecast is the day's portions, the
 * balance what can still be ordered, so the portions already ordered come off (never below 0).
 */
export const suggestedStock = (suggested: number, ordered: number) => Math.max(0, suggested - ordered);

/** "Apply suggestions": every dish with a suggestion gets it as an edit (an edit equal to the stored qty is none). */
export function applySuggestions(
  edits: BalanceEdits,
  entries: { id: number; qty: number | null; ordered: number }[],
  suggested: Map<number, number>,
): BalanceEdits {
  let next = edits;
  for (const e of entries) {
    const s = suggested.get(e.id);
    if (s !== undefined) next = editBalance(next, e.qty, e.id, suggestedStock(s, e.ordered));
  }
  return next;
}
