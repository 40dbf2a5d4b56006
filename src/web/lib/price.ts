import { toCents, toEuros } from '../../shared/money';

/**
 * Reads a euro amount typed into a number input: '' → null (no value / no override),
 * '4.5' or '4,50' → 4.5, anything else (negative, more than two decimals, text) → undefined.
 * Goes through cents so no float rounding creeps in (design rule 5).
 */
export function eurosFromInput(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  try {
    const cents = toCents(trimmed);
    return cents < 0 ? undefined : toEuros(cents);
  } catch {
    return undefined;
  }
}

/** An API euro amount as an input value ('' for none). */
export function eurosToInput(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}
