/**
 * A stored time as the API writes it ("2026-03-02T06:00:00.000Z"). A value JavaScript cannot
 * read back (the driver turns year 20 into an invalid Date) becomes "" instead of failing the
 * whole answer: one bad row must not take a list, the order page or the kitchen down. The
 * schemas refuse such values on the way in (shared/schemas/dates.ts); this guards rows written
 * before or around them.
 */
export function isoTime(value: Date | string): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? '' : d.toISOString();
}
