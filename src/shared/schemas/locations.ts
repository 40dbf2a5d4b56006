import { z } from 'zod';
import { euros } from './catalogue.js';
import { dbId } from './ids.js';
import { text } from './text.js';
import { businessId } from './providers.js';
import { isRegistrationNumber, isVatNumber } from '../business-ids.js';
import { countryCode } from './address.js';
import { ADDRESS_MAX, CITY_MAX, POSTAL_CODE_MAX, EMAIL_MAX, NAME_MAX, PHONE_MAX, TITLE_MAX } from '../limits.js';

/*
 * Locations (customer sites). Admin manages; kitchen may read; customers get 403.
 * subsidy is euros per order; with full_subsidy the whole order is paid and subsidy is ignored.
 */

export const shift = z.object({ id: z.number(), title: z.string() });
export type Shift = z.infer<typeof shift>;

/** One location as every location call answers it to admins (kitchen staff: see `staffLocation`). */
export const location = z.object({
  id: z.number(),
  title: z.string(),
  /** The street line of the address (street, house, flat). */
  address: z.string(),
  /** The address's city, post code ("LV-1010") and country (ISO 3166-1 alpha-2, "LV" when never set); issue 24. */
  city: z.string(),
  postal_code: z.string(),
  country: z.string(),
  contact_name: z.string(),
  contact_email: z.string(),
  contact_phone: z.string(),
  profit: z.boolean(),
  full_subsidy: z.boolean(),
  /** Euros. */
  subsidy: z.number(),
  status: z.boolean(),
  /** True until staff reconfirm the location (GET /app/locations/{id}/reconfirm). */
  unconfirmed: z.boolean(),
  /** Cash payment not offered at this location. */
  disable_cash: z.boolean(),
  /** Euros: the most one meeting or visitor order of the location may cost (issue 29); null: it orders none. */
  meeting_limit: z.number().nullable(),
  /** The employer billed for the location (issue 16); locations with one registration number form a company. */
  company_name: z.string(),
  registration_number: z.string(),
  vat_number: z.string(),
  /**
   * Invite-link token (24 random bytes, base64url), shown for copying: /user/register-invited/{token}.
   * Admins only; PUT with `regenerate_token: true` replaces it (the old link stops working).
   */
  token: z.string(),
  /** The sign-up address built from the token and the server's PUBLIC_URL (admins only), to copy. */
  invite_url: z.string(),
  /** In position order. */
  shifts: z.array(shift),
  /** Team members (users) at the location. */
  users_count: z.number().int(),
  /** ISO 8601, UTC. */
  created_at: z.string(),
});
export type Location = z.infer<typeof location>;

/** A location as kitchen staff get it: without the invite-link `token` and `invite_url`. */
export const staffLocation = location.omit({ token: true, invite_url: true });
export type StaffLocation = z.infer<typeof staffLocation>;

/** What the location calls answer: `location` for admins, `staffLocation` (no token) for kitchen staff. */
export const locationAnswer = location.extend({ token: location.shape.token.optional(), invite_url: location.shape.invite_url.optional() });
export type LocationAnswer = z.infer<typeof locationAnswer>;

/** Shifts in requests: keep `id` to rename a shift; shifts left out are deleted; order = position. */
export const shiftInput = z.object({ id: dbId.optional(), title: text().trim().min(1).max(NAME_MAX) });

/**
 * POST /app/locations — answers 201 with `location` (token generated).
 * Defaults: '' texts, profit true, full_subsidy false, subsidy 0, status true, unconfirmed false,
 * disable_cash false, shifts [].
 */
export const createLocationInput = z.object({
  title: text().trim().min(1).max(TITLE_MAX),
  address: text().trim().max(ADDRESS_MAX).optional(),
  city: text().trim().max(CITY_MAX).optional(),
  postal_code: text().trim().max(POSTAL_CODE_MAX).optional(),
  country: countryCode.optional(),
  contact_name: text().trim().max(TITLE_MAX).optional(),
  contact_email: z.union([z.literal(''), text().trim().email().max(EMAIL_MAX)]).optional(),
  contact_phone: text().trim().max(PHONE_MAX).optional(),
  profit: z.boolean().optional(),
  full_subsidy: z.boolean().optional(),
  subsidy: euros.optional(),
  status: z.boolean().optional(),
  unconfirmed: z.boolean().optional(),
  disable_cash: z.boolean().optional(),
  /** Euros, more than 0; null: the location orders no meetings or visitors. */
  meeting_limit: euros
    .refine((v) => v > 0, { message: 'invalidValue' })
    .nullable()
    .optional(),
  company_name: text().trim().max(TITLE_MAX).optional(),
  registration_number: businessId(isRegistrationNumber).optional(),
  vat_number: businessId(isVatNumber).optional(),
  shifts: z.array(shiftInput).max(20).optional(),
});
export type CreateLocationInput = z.infer<typeof createLocationInput>;

/**
 * PUT /app/locations/{id} — only the fields sent change (`shifts`, when sent, is the full list); answers `location`.
 * `regenerate_token: true` gives the location a new invite-link token; links with the old one stop working
 * (the "New link" button; it may be sent alone).
 */
export const updateLocationInput = createLocationInput.partial().extend({ regenerate_token: z.boolean().optional() });
export type UpdateLocationInput = z.infer<typeof updateLocationInput>;

/*
 * Kitchen staff may read (list, GET one) and get `staffLocation`s; admins get `location`s.
 * GET /app/locations?page=&per_page=(50|all)&sort[title|id|created_at|address|status|unconfirmed]=asc|desc
 *     &filter[status]=1|0&filter[unconfirmed]=1|0&search=
 *   answers Paged<Location>; search: title, address, contact name/e-mail/phone, case-insensitive.
 *   Default order: title, then id.
 * GET /app/locations/{id} answers `location`.
 * GET /app/locations/{id}/reconfirm — marks it confirmed (unconfirmed false); idempotent; answers `location`.
 */

/** GET /app/locations/token/{hash} — public; 404 for an unknown token or an inactive location. */
export const locationByToken = z.object({ id: z.number(), title: z.string() });
export type LocationByToken = z.infer<typeof locationByToken>;
