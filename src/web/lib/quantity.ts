import { balanceInput } from '../../shared/schemas/menus';

/** A quantity as the request schema takes it (a whole number from 0 to its largest). */
const qtyInput = balanceInput.shape.balance.element.shape.qty;

/**
 * Reads a stock quantity as typed (spec 5; the menu's stock page and the quick stock panel):
 * '' → null (unlimited), a whole number the request schema takes (`balanceInput`) → that
 * number, anything else → undefined (invalid).
 */
export function parseQty(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return qtyInput.safeParse(n).success ? n : undefined;
}
