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

const EURO_LOCALES = { lv: 'lv-LV', en: 'en-IE', ru: 'ru-RU' } as const;
const euroFormats = new Map<string, Intl.NumberFormat>();

/**
 * Cents as a euro amount in the language's format, e.g. "4,50 €". The formatter is made once per
 * language: making one costs about 100 times a format (a lap report's PDF of 50 stops spent 80 %
 * of its time making them, decision 060).
 */
export function euroText(cents: number, lang: keyof typeof EURO_LOCALES): string {
  let f = euroFormats.get(lang);
  if (!f) euroFormats.set(lang, (f = new Intl.NumberFormat(EURO_LOCALES[lang], { style: 'currency', currency: 'EUR' })));
  return f.format(cents / 100);
}
