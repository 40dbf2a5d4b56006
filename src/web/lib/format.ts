import { DateTime } from 'luxon';
import { toCents } from '../../shared/money';

/** Time zone the business runs in (design 3, rule 6); dates display in it whatever the device says. */
export const DEFAULT_ZONE = 'Europe/Riga';

/** Spec section 9 date formats. */
export const DATE_FORMATS = {
  time: 'HH:mm',
  date: 'dd.LL.yyyy',
  dateTime: 'dd.LL.yy HH:mm',
  /** The order page's "Order until" deadline. */
  deadline: 'HH:mm dd.LL.yyyy',
} as const;

const NUMBER_LOCALES: Record<string, string> = { lv: 'lv-LV', en: 'en-IE', ru: 'ru-RU' };

/** BCP 47 locale for a UI language code (en uses Irish English: euro, day-first dates). */
export function localeFor(lang: string): string {
  return NUMBER_LOCALES[lang] ?? lang;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();
function moneyFormat(lang: string) {
  let f = moneyFormats.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(localeFor(lang), {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    moneyFormats.set(lang, f);
  }
  return f;
}

/**
 * Formats integer cents as euros for the language, e.g. 1250 → "12,50 €" (lv), "€12.50" (en).
 * Money is integer cents inside (design rule 5); the single division here is display only.
 */
export function formatCents(cents: number, lang: string): string {
  if (!Number.isFinite(cents)) return '';
  return moneyFormat(lang).format(Math.round(cents) / 100);
}

/** Formats an API euro amount (euros with two decimals at the API edge); '' when not an amount. */
export function formatEuros(euros: number | string, lang: string): string {
  try {
    return formatCents(toCents(euros), lang);
  } catch {
    return '';
  }
}

export type DateInput = string | number | Date | DateTime | null | undefined;

/** Parses ISO strings, SQL-like "yyyy-MM-dd HH:mm:ss", epoch millis, Date or DateTime. */
export function toDateTime(value: DateInput, zone: string = DEFAULT_ZONE): DateTime | null {
  if (value === null || value === undefined || value === '') return null;
  let dt: DateTime;
  if (DateTime.isDateTime(value)) dt = value;
  else if (value instanceof Date) dt = DateTime.fromJSDate(value);
  else if (typeof value === 'number') dt = DateTime.fromMillis(value);
  else {
    dt = DateTime.fromISO(value, { zone });
    if (!dt.isValid) dt = DateTime.fromSQL(value, { zone });
  }
  return dt.isValid ? dt.setZone(zone) : null;
}

function formatWith(pattern: string, value: DateInput, lang: string, zone: string): string {
  const dt = toDateTime(value, zone);
  return dt ? dt.setLocale(localeFor(lang)).toFormat(pattern) : '';
}

/** HH:mm */
export const formatTime = (value: DateInput, lang = 'lv', zone = DEFAULT_ZONE) =>
  formatWith(DATE_FORMATS.time, value, lang, zone);
/** dd.LL.yyyy */
export const formatDate = (value: DateInput, lang = 'lv', zone = DEFAULT_ZONE) =>
  formatWith(DATE_FORMATS.date, value, lang, zone);
/** dd.LL.yy HH:mm */
export const formatDateTime = (value: DateInput, lang = 'lv', zone = DEFAULT_ZONE) =>
  formatWith(DATE_FORMATS.dateTime, value, lang, zone);
/** HH:mm dd.LL.yyyy ("Order until") */
export const formatDeadline = (value: DateInput, lang = 'lv', zone = DEFAULT_ZONE) =>
  formatWith(DATE_FORMATS.deadline, value, lang, zone);
