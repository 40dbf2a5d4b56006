import { z } from 'zod';
import { text } from './text.js';
import { countryCode } from './address.js';
import {
  ADDRESS_MAX,
  CITY_MAX,
  POSTAL_CODE_MAX,
  EMAIL_MAX,
  PHONE_MAX,
  REMINDER_MINUTES_MAX,
  REMINDER_MINUTES_MIN,
  TITLE_MAX,
  WASTE_CO2E_MAX,
  WASTE_SOURCE_MAX,
} from '../limits.js';
import { compactId, isIban, isRegistrationNumber, isVatNumber } from '../business-ids.js';
import { timeOfDay, travelMinutes, windowMinutes } from './lap-plans.js';

/** An optional business identifier: '' clears it; otherwise checked and stored compact. */
export const businessId = (check: (v: string) => boolean) =>
  z.union([
    z.literal(''),
    text()
      .trim()
      .max(40)
      .refine((v) => check(v), { message: 'invalidValue' })
      .transform(compactId),
  ]);

/** A VAT rate in percent with at most two decimals (stored as basis points). */
export const vatRatePercent = z
  .number()
  .min(0)
  .max(100)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { message: 'invalidValue' });

/*
 * Providers (food vendors). The active provider scopes categories, dishes and menus: every call
 * takes ?provider_id=; without it the server uses the first active provider (lowest id).
 * An unknown provider_id is a 422 keyed provider_id.
 */

export const provider = z.object({
  id: z.number(),
  title: z.string(),
  phone: z.string(),
  email: z.string(),
  status: z.boolean(),
  /** IANA zone in which this provider's menu times and deadlines are read. */
  timezone: z.string(),
  /** Minutes before a menu's deadline at which "Remind to make order" reminders go out (1 to 1440). */
  reminder_minutes: z.number(),
  /** Seller details for invoices (issue 16): legal name, registration and VAT numbers, address, IBAN. */
  legal_name: z.string(),
  registration_number: z.string(),
  vat_number: z.string(),
  /** The street line of the address (street, house, flat). */
  address: z.string(),
  /** The address's city, post code ("LV-1010") and country (ISO 3166-1 alpha-2, "LV" when never set); issue 24. */
  city: z.string(),
  postal_code: z.string(),
  country: z.string(),
  iban: z.string(),
  /** VAT rate of the provider's meals in percent (prices include it), e.g. 21 or 12. */
  vat_rate: z.number(),
  /** The waste summary's CO₂e estimate (issue 27, decision 064): grams of CO₂e per kg of food left over, and the factor's source as printed. */
  waste_co2e_grams_per_kg: z.number(),
  waste_co2e_source: z.string(),
  /**
   * Delivery promises (issue 28, decision 067): the departure of a lap without its own time ('HH:MM'
   * in the provider's zone; null: none, and such a lap promises no window), the minutes between
   * stops without their own, and how long a promised window is.
   */
  departs_at: z.string().nullable(),
  stop_minutes: z.number(),
  window_minutes: z.number(),
  /** ISO 8601, UTC. */
  created_at: z.string(),
});
export type Provider = z.infer<typeof provider>;

/**
 * GET /app/providers — any signed-in user; customers see active providers only.
 * Answers { data: Provider[] (by id), active_provider_id: the provider calls are scoped to
 * (the provider_id asked for, else the first active), null when there is none }.
 */
export const providerList = z.object({
  data: z.array(provider),
  active_provider_id: z.number().nullable(),
});
export type ProviderList = z.infer<typeof providerList>;

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** POST /app/providers (admin) — answers 201 with `provider`. Defaults: phone '', email '', status true, Europe/Riga, reminders 60 minutes before the deadline, no departure time, 10 minutes between stops, 15-minute windows. */
export const createProviderInput = z.object({
  title: text().trim().min(1).max(TITLE_MAX),
  phone: text().trim().max(PHONE_MAX).optional(),
  email: z.union([z.literal(''), text().trim().email().max(EMAIL_MAX)]).optional(),
  status: z.boolean().optional(),
  timezone: z
    .string()
    .trim()
    .refine((v) => isTimeZone(v), { message: 'invalidValue' })
    .optional(),
  reminder_minutes: z.number().int().min(REMINDER_MINUTES_MIN).max(REMINDER_MINUTES_MAX).optional(),
  legal_name: text().trim().max(TITLE_MAX).optional(),
  registration_number: businessId(isRegistrationNumber).optional(),
  vat_number: businessId(isVatNumber).optional(),
  address: text().trim().max(ADDRESS_MAX).optional(),
  city: text().trim().max(CITY_MAX).optional(),
  postal_code: text().trim().max(POSTAL_CODE_MAX).optional(),
  country: countryCode.optional(),
  iban: businessId(isIban).optional(),
  vat_rate: vatRatePercent.optional(),
  waste_co2e_grams_per_kg: z.number().int().min(0).max(WASTE_CO2E_MAX).optional(),
  waste_co2e_source: text().trim().min(1).max(WASTE_SOURCE_MAX).optional(),
  departs_at: timeOfDay.optional(),
  stop_minutes: travelMinutes.optional(),
  window_minutes: windowMinutes.optional(),
});
export type CreateProviderInput = z.infer<typeof createProviderInput>;

/** PUT /app/providers/{id} (admin) — only the fields sent change; answers `provider`. */
export const updateProviderInput = createProviderInput.partial();
export type UpdateProviderInput = z.infer<typeof updateProviderInput>;
