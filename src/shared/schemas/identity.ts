import { z } from 'zod';
import { dbId } from './ids.js';
import { text } from './text.js';

/*
 * Company sign-in (OpenID Connect) through identity providers that administrators manage.
 * The client secret goes in only: answers say whether one is stored, never what it is.
 */

/** The sign-in outcomes the web app explains on the login page (`/login#sso_error=...`). */
export const companySignInErrors = ['domain', 'unverified', 'inactive', 'expired', 'failed'] as const;
export type CompanySignInError = (typeof companySignInErrors)[number];

/** An identity provider as administrators see it (GET/POST/PUT /app/admin/identity-providers). */
export const identityProvider = z.object({
  id: z.number(),
  name: z.string(),
  issuer: z.string(),
  client_id: z.string(),
  /** Always true: a provider cannot be stored without a secret. The secret itself is never sent. */
  has_client_secret: z.boolean(),
  allowed_domains: z.array(z.string()),
  location_id: z.number(),
  enabled: z.boolean(),
  /** The address to register at the provider as the redirect (callback) URI. */
  redirect_uri: z.string(),
});
export type IdentityProvider = z.infer<typeof identityProvider>;

export const identityProviderList = z.object({ data: z.array(identityProvider), redirect_uri: z.string() });
export type IdentityProviderList = z.infer<typeof identityProviderList>;

const domain = text()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, { message: 'invalidValue' });

/** https, or http on this machine only (a test or development provider). */
const issuerUrl = text()
  .trim()
  .max(500)
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);
        return !u.search && !u.hash && (u.protocol === 'https:' || (u.protocol === 'http:' && loopback));
      } catch {
        return false;
      }
    },
    { message: 'invalidValue' },
  );

/** POST /app/admin/identity-providers (admin): answers 201 with `identityProvider`. */
export const createIdentityProviderInput = z.object({
  name: text().trim().min(1).max(100),
  issuer: issuerUrl,
  client_id: text().trim().min(1).max(500),
  client_secret: text().min(1).max(2000),
  allowed_domains: z.array(domain).min(1).max(50),
  location_id: dbId,
  enabled: z.boolean().default(true),
});
export type CreateIdentityProviderInput = z.infer<typeof createIdentityProviderInput>;

/** PUT /app/admin/identity-providers/{id} (admin): only the fields sent change; an omitted secret is kept. */
export const updateIdentityProviderInput = createIdentityProviderInput.partial();
export type UpdateIdentityProviderInput = z.infer<typeof updateIdentityProviderInput>;

/** GET /app/login/providers (public): the enabled providers for the login page's buttons. */
export const companySignInOptions = z.object({ data: z.array(z.object({ id: z.number(), name: z.string() })) });
export type CompanySignInOptions = z.infer<typeof companySignInOptions>;

/** POST /app/login/company/exchange: the one-time code from the redirect, traded for the session token. */
export const companySignInExchangeInput = z.object({ code: text().min(1).max(200) });
export type CompanySignInExchangeInput = z.infer<typeof companySignInExchangeInput>;
