/** Money is integer cents everywhere inside; the API speaks euros with two decimals. */

/** Euros (number or numeric string, at most 2 decimals) to cents, exactly. */
export function toCents(euros: number | string): number {
  const s = typeof euros === 'number' ? euros.toFixed(2) : euros.trim();
  const m = /^(-?)(\d+)(?:[.,](\d{1,2}))?$/.exec(s);
  if (!m) throw new RangeError(`Not an amount of euros: ${euros}`);
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

/** Cents to euros as a number with two decimals (for JSON answers). */
export function toEuros(cents: number): number {
  return Math.round(cents) / 100;
}

/** True when a number of euros has at most two decimals. */
export function hasCentPrecision(euros: number): boolean {
  return Number.isFinite(euros) && Math.abs(euros * 100 - Math.round(euros * 100)) < 1e-6;
}
