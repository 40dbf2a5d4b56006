import { DEFAULT_TIMEZONE } from '../../shared/limits';
import { toCents } from '../../shared/money';

/** Time zone the business runs in (design 3, rule 6); dates display in it whatever the device says. */
export const DEFAULT_ZONE = DEFAULT_TIMEZONE;

/** Spec section 9 date formats. */
export const DATE_FORMATS = {
  time: 'HH:mm',
  date: 'dd.LL.yyyy',
  dateTime: 'dd.LL.yy HH:mm',
  /** The order page's "Order until" deadline. */
  deadline: 'HH:mm dd.LL.yyyy',
  /** A clock with seconds (the kitchen display's "updated at"). */
  clock: 'HH:mm:ss',
} as const;

/**
 * The one place the web formats dates and times (issue 24: "dates in one format"). ESLint forbids
 * toLocaleDateString, toLocaleString, toLocaleTimeString and new Intl.DateTimeFormat elsewhere.
 * Every kind is numeric and the same in each language except the weekday+date's weekday name.
 */

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

export type DateInput = string | number | Date | null | undefined;

// Dates are formatted with the browser's Intl in the business zone, not a date library: the spec's
// patterns are all numeric, and the order page loads first (design section 6 JS budget).
const partFormats = new Map<string, Intl.DateTimeFormat>();
function partsIn(zone: string, ms: number): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> {
  let f = partFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    partFormats.set(zone, f);
  }
  const out = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const p of f.formatToParts(ms)) if (p.type in out) out[p.type as keyof typeof out] = Number(p.value);
  return out;
}

/** The calendar day (YYYY-MM-DD) an instant falls on in `zone`: a menu's day, as away days are kept. */
export function isoDayIn(value: string | number | Date, zone: string = DEFAULT_ZONE): string {
  const p = partsIn(zone, new Date(value).getTime());
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The instant at which the wall clock in `zone` shows the given local time. */
function zonedToEpoch(y: number, mo: number, d: number, h: number, mi: number, s: number, zone: string): number {
  const wanted = Date.UTC(y, mo - 1, d, h, mi, s);
  let guess = wanted;
  // Two corrections settle the zone offset, also across a daylight-saving change.
  for (let i = 0; i < 2; i++) {
    const p = partsIn(zone, guess);
    guess += wanted - Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  }
  return guess;
}

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

/** Epoch millis of ISO strings (with or without offset; without means `zone`), SQL-like strings, millis or Date. */
export function toEpoch(value: DateInput, zone: string = DEFAULT_ZONE): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const local = LOCAL_TIME.exec(value.trim());
  if (local) {
    const [, y, mo, d, h = '0', mi = '0', s = '0'] = local;
    return zonedToEpoch(+y!, +mo!, +d!, +h, +mi, +s, zone);
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

function formatWith(pattern: string, value: DateInput, _lang: string, zone: string): string {
  const ms = toEpoch(value, zone);
  if (ms === null) return '';
  const p = partsIn(zone, ms);
  const tokens: Record<string, string> = {
    yyyy: pad(p.year, 4),
    yy: pad(p.year % 100),
    LL: pad(p.month),
    dd: pad(p.day),
    HH: pad(p.hour),
    mm: pad(p.minute),
    ss: pad(p.second),
  };
  return pattern.replace(/yyyy|yy|LL|dd|HH|mm|ss/g, (t) => tokens[t]!);
}

/** HH:mm */
export const formatTime = (value: DateInput, lang = 'lv', zone = DEFAULT_ZONE) => formatWith(DATE_FORMATS.time, value, lang, zone);
/** dd.LL.yyyy */
export const formatDate = (value: DateInput, lang = 'lv', zone = DEFAULT_ZONE) => formatWith(DATE_FORMATS.date, value, lang, zone);
/** dd.LL.yy HH:mm */
export const formatDateTime = (value: DateInput, lang = 'lv', zone = DEFAULT_ZONE) => formatWith(DATE_FORMATS.dateTime, value, lang, zone);
/** HH:mm dd.LL.yyyy ("Order until") */
export const formatDeadline = (value: DateInput, lang = 'lv', zone = DEFAULT_ZONE) => formatWith(DATE_FORMATS.deadline, value, lang, zone);
/** HH:mm:ss */
export const formatClock = (value: DateInput, lang = 'lv', zone = DEFAULT_ZONE) => formatWith(DATE_FORMATS.clock, value, lang, zone);

const weekdayFormats = new Map<string, Intl.DateTimeFormat>();
/** "Ceturtdiena, 26.11.2026" / "Thursday, 26.11.2026" / "четверг, 26.11.2026": the weekday in the language, then the date. */
export function formatWeekdayDate(value: DateInput, lang = 'lv', zone = DEFAULT_ZONE): string {
  const ms = toEpoch(value, zone);
  if (ms === null) return '';
  const key = `${lang}|${zone}`;
  let f = weekdayFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(localeFor(lang), { timeZone: zone, weekday: 'long' });
    weekdayFormats.set(key, f);
  }
  return `${f.format(ms)}, ${formatDate(ms, lang, zone)}`;
}

/**
 * Makes the formatters the first page will ask for, ahead of it: the first Intl formatter of a
 * language or time zone loads its data (tens of milliseconds on a slow phone), which otherwise
 * happens inside the menu's first render. main.tsx calls it while the texts download (decision 095).
 */
export function warmFormats(lang: string): void {
  moneyFormat(lang).format(0);
  partsIn(DEFAULT_ZONE, 0);
}
