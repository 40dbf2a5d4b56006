import { z } from 'zod';
import { text } from './text.js';

/*
 * The one schema for every date or time a caller sends. Years are bounded: PostgreSQL stores
 * year 20 or 9999 happily, but JavaScript reads years 0-99 back as 19xx/20xx or as an invalid
 * Date, and nothing in a lunch service lies outside these years.
 */

/** Earliest and latest year a caller may name. */
export const DATE_YEARS = { min: 2000, max: 2100 } as const;

/** True when the value's written year (its first four digits) is within DATE_YEARS. */
export function inDateYears(value: string): boolean {
  const year = Number(/^(\d{4})-/.exec(value)?.[1]);
  return year >= DATE_YEARS.min && year <= DATE_YEARS.max;
}

/** True for a real calendar day yyyy-mm-dd (no 30 February), whatever its year. */
export function isCalendarDay(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const last = new Date(Date.UTC(2000, mo, 0)); // a leap year: 29 February exists
  last.setUTCFullYear(y, mo, 0); // setUTCFullYear, unlike Date.UTC, takes years below 100 as written
  return d <= last.getUTCDate();
}

/**
 * A date-time: "2026-03-02T08:00", "…T08:00:00", "…T08:00Z", "…T08:00+02:00", "…T08:00:00.000Z".
 * Seconds are optional with or without an offset (zod's iso.datetime wants them whenever there is
 * an offset, so the two datetime patterns are joined). Without an offset the server reads it in
 * the provider's time zone.
 */
const DATE_TIME = new RegExp(
  `${z.regexes.datetime({ offset: true, local: true }).source}|${z.regexes.datetime({ offset: true, precision: -1 }).source}`,
);

/** A date-time a caller sends (see DATE_TIME), its year within DATE_YEARS ('dateOutOfRange' otherwise). */
export const isoDateTime = text()
  .regex(DATE_TIME)
  .refine((v) => !DATE_TIME.test(v) || inDateYears(v), 'dateOutOfRange');

/** A calendar day yyyy-mm-dd a caller sends, its year within DATE_YEARS. */
export const isoDay = text()
  .refine(isCalendarDay, 'invalidValue')
  .refine((v) => !isCalendarDay(v) || inDateYears(v), 'dateOutOfRange');
