import { z } from 'zod';
import { loginResult } from '../../../shared/schemas/auth.js';
import { idParams } from '../../../shared/schemas/ids.js';
import {
  companySignInExchangeInput,
  companySignInOptions,
  createIdentityProviderInput,
  identityProvider,
  identityProviderList,
  updateIdentityProviderInput,
} from '../../../shared/schemas/identity.js';
import { asc, eq } from 'drizzle-orm';
import { identityProviders } from '../../db/schema/index.js';
import { publicBaseUrl } from '../../env.js';
import type { App, Deps } from '../../lib/context.js';
import { deploymentSecretBox, type SecretBox } from '../../lib/secret-box.js';
import {
  CALLBACK_PATH,
  CompanySignInFailure,
  discoveryCache,
  exchangeCompanySignInCode,
  finishCompanySignIn,
  startCompanySignIn,
  type SignInDeps,
} from './company-sign-in.service.js';
import {
  createIdentityProvider,
  deleteIdentityProvider,
  listIdentityProviders,
  presentProvider,
  updateIdentityProvider,
} from './identity.service.js';

/** Company sign-in (OpenID Connect) and the administration of its identity providers. Decision 022. */
export async function identityRoutes(app: App, deps: Deps) {
  const db = deps.database.db;
  // Never from the request's Host header: the redirect URI is registered at the provider.
  const redirectUri = `${publicBaseUrl(deps.env)}${CALLBACK_PATH}`;
  let boxPromise: Promise<SecretBox> | null = null;
  const box = () =>
    (boxPromise ??= deploymentSecretBox(db, deps.env.SECRETS_KEY).catch((err: unknown) => {
      boxPromise = null;
      throw err;
    }));
  let discover: ReturnType<typeof discoveryCache> | null = null;
  const signIn = async (): Promise<SignInDeps> => {
    discover ??= discoveryCache(await box());
    return { db, now: deps.now, redirectUri, discover };
  };

  app.get(
    '/login/providers',
    { config: { access: 'public' }, schema: { tags: ['auth'], response: { 200: companySignInOptions } } },
    async () => ({
      data: await db
        .select({ id: identityProviders.id, name: identityProviders.name })
        .from(identityProviders)
        .where(eq(identityProviders.enabled, true))
        .orderBy(asc(identityProviders.id)),
    }),
  );

  // A POST (it stores the sign-in's state); the web app then sends the browser to the answered URL.
  app.post(
    '/login/company/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        params: idParams,
        body: z.object({ remember: z.boolean().optional() }).nullish(),
        response: { 200: z.object({ url: z.string() }) },
      },
    },
    async (req) => ({ url: await startCompanySignIn(await signIn(), req.params.id, req.body?.remember ?? true, req.lang) }),
  );

  // The provider sends the browser here (a GET by the protocol). It answers a redirect into the web
  // app with a one-time code in the fragment (never a session token in a URL), or with the reason.
  app.get(
    CALLBACK_PATH.replace(/^\/app/, ''),
    { config: { access: 'public' }, schema: { tags: ['auth'], hide: true } },
    async (req, reply) => {
      const query = new URLSearchParams(req.raw.url!.split('?')[1] ?? '');
      try {
        const code = await finishCompanySignIn(await signIn(), query);
        return reply.redirect(`/login/company#code=${encodeURIComponent(code)}`, 302);
      } catch (err) {
        if (!(err instanceof CompanySignInFailure)) throw err;
        req.log.warn({ reason: err.reason, detail: err.message }, 'company sign-in refused');
        return reply.redirect(`/login#sso_error=${err.reason}`, 302);
      }
    },
  );

  app.post(
    '/login/company/exchange',
    { config: { access: 'public' }, schema: { tags: ['auth'], body: companySignInExchangeInput, response: { 200: loginResult } } },
    async (req) => ({ token: await exchangeCompanySignInCode(db, req.body.code, deps.now()) }),
  );

  app.get(
    '/admin/identity-providers',
    { config: { access: ['admin'] }, schema: { tags: ['admin'], response: { 200: identityProviderList } } },
    async () => ({ data: (await listIdentityProviders(db)).map((r) => presentProvider(r, redirectUri)), redirect_uri: redirectUri }),
  );
  app.post(
    '/admin/identity-providers',
    { config: { access: ['admin'] }, schema: { tags: ['admin'], body: createIdentityProviderInput, response: { 201: identityProvider } } },
    async (req, reply) =>
      reply.status(201).send(presentProvider(await createIdentityProvider(db, await box(), req.body, req), redirectUri)),
  );
  app.put(
    '/admin/identity-providers/:id',
    {
      config: { access: ['admin'] },
      schema: { tags: ['admin'], params: idParams, body: updateIdentityProviderInput, response: { 200: identityProvider } },
    },
    async (req) => presentProvider(await updateIdentityProvider(db, await box(), req.params.id, req.body, req), redirectUri),
  );
  app.delete(
    '/admin/identity-providers/:id',
    { config: { access: ['admin'] }, schema: { tags: ['admin'], params: idParams, response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (req) => {
      await deleteIdentityProvider(db, req.params.id, req);
      return { ok: true as const };
    },
  );
}
