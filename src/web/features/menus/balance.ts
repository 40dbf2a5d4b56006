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
