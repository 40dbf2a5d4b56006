import http from 'node:http';
import Provider, { type Configuration } from 'oidc-provider';
import { freePort } from '../db/embedded.js';

/** People the test identity provider knows, by account id. */
export const IDP_ACCOUNTS = {
  ilze: { email: 'Ilze.Berzina@acme.lv', email_verified: true, given_name: 'Ilze', name: 'Ilze Bērziņa' },
  outsider: { email: 'eve@elsewhere.lv', email_verified: true, given_name: 'Eve' },
  unverified: { email: 'maris@acme.lv', email_verified: false, given_name: 'Māris' },
} as const;
export type IdpAccount = keyof typeof IDP_ACCOUNTS | string;

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The person who "signs in" at the provider on the next visit (no login form: tests pick). */
  signInAs(account: IdpAccount, claims?: Record<string, unknown>): void;
  /**
   * Follows the provider's redirects from an authorization URL (as a browser would, with its
   * cookies) until it sends the browser back to `redirectPrefix`; answers that URL.
   */
  authorize(url: string, redirectPrefix: string): Promise<URL>;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 for tests: one confidential client, the
 * authorization code flow with PKCE, e-mail claims served through userinfo (as many providers do).
 */
export async function startTestIdp(redirectUris: string[]): Promise<TestIdp> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'lunch-app';
  const clientSecret = 'idp-client-secret-0123456789abcdef';
  const extra = new Map<string, Record<string, unknown>>();
  let next: IdpAccount = 'ilze';
  const config: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name'] },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, ...(IDP_ACCOUNTS[sub as keyof typeof IDP_ACCOUNTS] ?? {}), ...extra.get(sub) }),
    }),
    features: { devInteractions: { enabled: false } },
    // Consent is implied: every sign-in gets a grant for what the client asks.
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    cookies: { keys: ['test-idp-cookie-key'] },
    pkce: { required: () => true },
  };
  const provider = new Provider(issuer, config);
  const handle = provider.callback();
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      provider.interactionFinished(req, res, { login: { accountId: next } }, { mergeWithLastSubmission: false }).catch(() => {
        res.statusCode = 500;
        res.end();
      });
      return;
    }
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(account, claims = {}) {
      next = account;
      extra.set(account, claims);
    },
    async authorize(url, redirectPrefix) {
      const cookies = new Map<string, string>();
      let current = url;
      for (let hop = 0; hop < 10; hop++) {
        if (current.startsWith(redirectPrefix)) return new URL(current);
        const res = await fetch(current, { redirect: 'manual', headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
        for (const c of res.headers.getSetCookie()) {
          const [pair] = c.split(';');
          const eq = pair!.indexOf('=');
          cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`The test provider answered ${res.status} without a redirect: ${(await res.text()).slice(0, 300)}`);
        current = new URL(location, current).toString();
      }
      throw new Error('Too many redirects at the test provider');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
