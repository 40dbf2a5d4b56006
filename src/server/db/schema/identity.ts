import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { createdAt, updatedAt } from './common.js';
import { locations } from './locations.js';

/** OpenID Connect identity providers ("company sign-in") that administrators manage. */
export const identityProviders = pgTable('identity_providers', {
  id: serial('id').primaryKey(),
  /** Shown on the login button ("Sign in with your company account (Acme)"). */
  name: text('name').notNull(),
  /** Issuer identifier; its /.well-known/openid-configuration is read at sign-in. */
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  /** The client secret, AES-256-GCM encrypted (lib/secret-box.ts); never returned by the API. */
  clientSecretEnc: text('client_secret_enc').notNull(),
  /** Lower-case e-mail domains allowed to sign in ("acme.lv"). */
  allowedDomains: text('allowed_domains').array().notNull(),
  /** Where users created by a first sign-in join (role customer). */
  locationId: integer('location_id')
    .notNull()
    .references(() => locations.id, { onDelete: 'restrict' }),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A company sign-in under way: state (hashed), nonce and PKCE verifier kept server-side so any
 * instance can finish it; deleted when the provider redirects back (single use) or expired.
 */
export const oidcLogins = pgTable(
  'oidc_logins',
  {
    id: serial('id').primaryKey(),
    stateHash: text('state_hash').notNull().unique(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => identityProviders.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('oidc_logins_expires_idx').on(t.expiresAt)],
);

/**
 * One-time codes handed to the web app in the redirect after a company sign-in; the app trades
 * one for its session token with a POST, so no session token ever travels in a URL.
 */
export const oidcExchangeCodes = pgTable('oidc_exchange_codes', {
  id: serial('id').primaryKey(),
  codeHash: text('code_hash').notNull().unique(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  remember: boolean('remember').notNull().default(false),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
