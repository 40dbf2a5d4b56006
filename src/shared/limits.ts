/**
 * Limits and defaults both sides use: the zod schemas (server validation) and the forms'
 * `maxLength` read the same numbers, so a form never lets through what the server refuses.
 * Imports nothing.
 */

/** Titles of things (categories, dishes, complex groups, menus, locations, providers, laps) and contact names. */
export const TITLE_MAX = 200;
/** A person's name, a shift title, a category's group name. */
export const NAME_MAX = 100;
/** Telephone numbers as typed (spaces, +, extensions). */
export const PHONE_MAX = 40;
/** E-mail addresses (RFC 5321 path limit). */
export const EMAIL_MAX = 254;
/** Postal addresses: the street line (street, house, flat). */
export const ADDRESS_MAX = 500;
/** An address's city (or town, parish). */
export const CITY_MAX = 100;
/** An address's post code (LV-1010). */
export const POSTAL_CODE_MAX = 20;
/** The country of an address nobody set: the service runs in Latvia (ISO 3166-1 alpha-2). */
export const DEFAULT_COUNTRY = 'LV';
/** Dish summaries, per language. */
export const SUMMARY_MAX = 2000;
/** A dish's short ingredients text, per language (issue 15). */
export const INGREDIENTS_MAX = 500;
/** A dish's energy per portion, kcal (issue 15). */
export const KCAL_MAX = 10_000;
/** The heaviest portion a dish may name, in grams (dishes_portion_grams_range, migration 0021). */
export const PORTION_GRAMS_MAX = 5000;
/** A dish's shelf life in hours (30 days; the database's check, migration 0024). */
export const SHELF_LIFE_HOURS_MAX = 720;
/** A provider's CO₂e factor, grams per kg of food waste (providers_waste_co2e_range). */
export const WASTE_CO2E_MAX = 100_000;
/** The factor's source as printed on the waste summary. */
export const WASTE_SOURCE_MAX = 200;
/** A new provider's CO₂e factor and its source (the database's defaults, migration 0021; decision 064). */
export const WASTE_CO2E_DEFAULT = 2500;
export const WASTE_CO2E_DEFAULT_SOURCE = 'FAO (2013), Food wastage footprint: 2.5 kg CO2e per kg';
/** Dish codes. */
export const CODE_MAX = 50;
/** The comment of an order. */
export const ORDER_COMMENT_MAX = 500;

/** The time zone of a provider that names none (design 3.6: deadlines in the provider's zone). */
export const DEFAULT_TIMEZONE = 'Europe/Riga';

/** Reminder lead time per provider, minutes before a menu's deadline (decision 033): default, bounds. */
export const REMINDER_MINUTES_DEFAULT = 60;
export const REMINDER_MINUTES_MIN = 1;
export const REMINDER_MINUTES_MAX = 1440;
