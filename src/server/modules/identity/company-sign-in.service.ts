import { and, eq, gt, lt, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { CompanySignInError } from '../../../shared/schemas/identity.js';
import type { Lang } from '../../../shared/i18n.js';
import type { Db } from '../../db/client.js';
import { identityProviders, oidcExchangeCodes, oidcLogins, users } from '../../db/schema/index.js';
import { createSession } from '../../lib/auth.js';
import { AppError } from '../../lib/errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { identityText } from './identity.messages.js';

/** How long a started company sign-in may take at the provider before its state expires. */
export const SIGN_IN_TTL_MS = 10 * 60_000;
/** How long the web app has to trade the one-time code from the redirect for its session token. */
export const EXCHANGE_CODE_TTL_MS = 60_000;
/** How long an instance reuses a provider's discovery document (issuer metadata and keys). */
const DISCOVERY_CACHE_MS = 10 * 60_000;

/** The callback path registered at every provider (under PUBLIC_URL). */
export const CALLBACK_PATH = '/app/login/company/callback';

/** A sign-in that ends on the login page with an explanation (`/login#sso_error=...`). */
export class CompanySignInFailure extends Error {
  constructor(
    readonly reason: CompanySignInError,
    detail: string,
  ) {
    super(detail);
  }
}

type ProviderRow = typeof identityProviders.$inferSelect;

function isLoopback(issuer: string): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(issuer).hostname);
}

/** Discovery per provider version, cached briefly; any instance can rebuild it (no sign-in state here). */
export function discoveryCache(box: SecretBox) {
  const cache = new Map<string, { config: Promise<oidc.Configuration>; at: number }>();
  return (row: ProviderRow): Promise<oidc.Configuration> => {
    const key = `${row.id}:${row.updatedAt.getTime()}`;
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < DISCOVERY_CACHE_MS) return hit.config;
    const secret = box.open(row.clientSecretEnc);
    const config = oidc.discovery(new URL(row.issuer), row.clientId, { client_secret: secret }, oidc.ClientSecretBasic(secret), {
      // http is accepted for a provider on this machine only (tests, development); the admin API enforces it.
      execute: isLoopback(row.issuer) ? [oidc.allowInsecureRequests] : [],
      timeout: 10,
    });
    config.catch(() => cache.delete(key));
    cache.set(key, { config, at: Date.now() });
    return config;
  };
}

export interface SignInDeps {
  db: Db;
  now: () => Date;
  redirectUri: string;
  discover: (row: ProviderRow) => Promise<oidc.Configuration>;
}

async function enabledProvider(db: Db, id: number): Promise<ProviderRow | undefined> {
  const [row] = await db
    .select()
    .from(identityProviders)
    .where(and(eq(identityProviders.id, id), eq(identityProviders.enabled, true)));
  return row;
}

/** Starts a sign-in: state, nonce and PKCE verifier kept in PostgreSQL; answers the provider's authorization URL. */
export async function startCompanySignIn(d: SignInDeps, providerId: number, remember: boolean, lang: Lang): Promise<string> {
  const row = await enabledProvider(d.db, providerId);
  if (!row) throw new AppError(404, identityText.coded('codeInvalid'));
  let config: oidc.Configuration;
  try {
    config = await d.discover(row);
  } catch {
    // The provider is down or misconfigured: say so, nothing is stored.
    throw new AppError(502, identityText.coded('providerUnavailable'));
  }
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const now = d.now();
  await d.db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, now));
  await d.db.insert(oidcLogins).values({
    stateHash: hashToken(state),
    providerId: row.id,
    nonce,
    codeVerifier,
    remember,
    expiresAt: new Date(now.getTime() + SIGN_IN_TTL_MS),
  });
  return oidc
    .buildAuthorizationUrl(config, {
      redirect_uri: d.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ui_locales: lang,
    })
    .toString();
}

/**
 * Finishes a sign-in at the callback: takes the state (once), trades the code, checks the e-mail
 * (verified, allowed domain), finds or creates the user, and answers a one-time code for the web app.
 */
export async function finishCompanySignIn(d: SignInDeps, query: URLSearchParams): Promise<string> {
  const state = query.get('state');
  if (!state) throw new CompanySignInFailure('expired', 'callback without state');
  const now = d.now();
  // Deleting is taking: a replayed or parallel callback finds nothing.
  const [login] = await d.db
    .delete(oidcLogins)
    .where(eq(oidcLogins.stateHash, hashToken(state)))
    .returning();
  if (!login || login.expiresAt <= now) throw new CompanySignInFailure('expired', 'unknown, used or expired state');
  const row = await enabledProvider(d.db, login.providerId);
  if (!row) throw new CompanySignInFailure('failed', 'provider removed or disabled during sign-in');
  let config: oidc.Configuration;
  try {
    config = await d.discover(row);
  } catch (err) {
    throw new CompanySignInFailure('failed', `discovery failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  const current = new URL(d.redirectUri);
  current.search = query.toString();
  let claims: { sub: string; email?: unknown; email_verified?: unknown; given_name?: unknown; name?: unknown };
  try {
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: login.codeVerifier,
      expectedState: state,
      expectedNonce: login.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims()!;
    claims = idClaims;
    // Many providers put e-mail only into userinfo (scope claims stay out of the ID token).
    if (typeof idClaims.email !== 'string')
      claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)), sub: idClaims.sub };
  } catch (err) {
    throw new CompanySignInFailure('failed', `token exchange failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  const domain = email.includes('@') ? email.slice(email.lastIndexOf('@') + 1) : '';
  if (!domain || !row.allowedDomains.includes(domain))
    throw new CompanySignInFailure('domain', `e-mail domain not allowed: ${domain || '(none)'}`);
  if (claims.email_verified !== true) throw new CompanySignInFailure('unverified', 'the provider does not vouch for the e-mail');

  const userId = await findOrCreateUser(d.db, email, row.locationId, claims);
  const code = newToken();
  await d.db.delete(oidcExchangeCodes).where(lt(oidcExchangeCodes.expiresAt, now));
  await d.db
    .insert(oidcExchangeCodes)
    .values({ codeHash: hashToken(code), userId, remember: login.remember, expiresAt: new Date(now.getTime() + EXCHANGE_CODE_TTL_MS) });
  return code;
}

async function findOrCreateUser(
  db: Db,
  email: string,
  locationId: number,
  claims: { given_name?: unknown; name?: unknown },
): Promise<number> {
  const find = async () =>
    (
      await db
        .select({ id: users.id, active: users.active })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
        .limit(1)
    )[0];
  let user = await find();
  if (!user) {
    const first = typeof claims.given_name === 'string' ? claims.given_name : typeof claims.name === 'string' ? claims.name : '';
    // A parallel first sign-in of the same person may win the insert; then we read theirs.
    await db
      .insert(users)
      .values({ email, firstName: first.trim().slice(0, 100), role: 'customer', locationId, passwordHash: null })
      .onConflictDoNothing();
    user = await find();
  }
  if (!user) throw new CompanySignInFailure('failed', 'user could not be created');
  if (!user.active) throw new CompanySignInFailure('inactive', 'the account is deactivated');
  return user.id;
}

/** Trades the one-time code (once, within a minute) for a session token, as a password login answers. */
export async function exchangeCompanySignInCode(db: Db, code: string, now: Date): Promise<string> {
  const [row] = await db
    .delete(oidcExchangeCodes)
    .where(and(eq(oidcExchangeCodes.codeHash, hashToken(code)), gt(oidcExchangeCodes.expiresAt, now)))
    .returning();
  const invalid = () => new AppError(422, identityText.coded('codeInvalid'), { code: [identityText.coded('codeInvalid')] });
  if (!row) throw invalid();
  const [user] = await db.select({ active: users.active }).from(users).where(eq(users.id, row.userId));
  if (!user?.active) throw invalid();
  return createSession(db, row.userId, row.remember, now);
}
