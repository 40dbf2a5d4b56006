import { text } from './text.js';

/** A country in an address: ISO 3166-1 alpha-2, any case in, upper case stored ("lv" → "LV"). */
export const countryCode = text()
  .trim()
  .refine((v) => /^[A-Za-z]{2}$/.test(v), { message: 'invalidValue' })
  .transform((v) => v.toUpperCase());
