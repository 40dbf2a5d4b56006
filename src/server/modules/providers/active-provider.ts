import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { STAFF, hasRole } from '../../../shared/roles.js';
import { noProviderError, resolveProviderIdOrNull } from './providers.service.js';

/**
 * The active provider of a request (spec 7: every call carries `provider_id`), resolved once per
 * request and only when a route asks for it, like `req.lang` but lazy: the busiest read (the order
 * page of a known menu) never pays for it. One rule for every route (resolveProviderIdOrNull,
 * decision 026).
 */
declare module 'fastify' {
  interface FastifyRequest {
    /** The active provider's id; a 422 on provider_id when the id is unknown or no provider exists. */
    provider(): Promise<number>;
    /** The active provider's id, or null when no provider exists (lists answer empty); a 422 on provider_id when the id is unknown. */
    providerOrNull(): Promise<number | null>;
    /** The pending or settled resolution, shared by every ask within the request. */
    providerPromise: Promise<number | null> | null;
  }
}

/** `provider_id` as the URL gives it (the first one), read from the raw URL: list routes transform their query. */
export function urlProviderId(url: string): string | undefined {
  const q = url.indexOf('?');
  if (q < 0 || !url.includes('provider_id', q)) return undefined;
  const value = new URLSearchParams(url.slice(q + 1)).get('provider_id');
  return value === null || value === '' ? undefined : value;
}

/** Adds req.provider() and req.providerOrNull() to every request of `app`. */
export function decorateActiveProvider(app: FastifyInstance, db: Db): void {
  app.decorateRequest('providerPromise', null);
  app.decorateRequest('providerOrNull', function (this: FastifyRequest) {
    // Resolved after the auth hook (routes ask in their handlers), so the caller's role is known.
    this.providerPromise ??= resolveProviderIdOrNull(db, urlProviderId(this.url), {
      staff: hasRole(this.user?.role, STAFF),
    });
    return this.providerPromise;
  });
  app.decorateRequest('provider', async function (this: FastifyRequest) {
    const id = await this.providerOrNull();
    if (id === null) throw noProviderError();
    return id;
  });
}
