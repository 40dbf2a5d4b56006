import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Lang } from '../../shared/i18n.js';
import type { Database, Db } from '../db/client.js';
import type { Env } from '../env.js';
import type { Role } from '../../shared/roles.js';
import type { Mailer } from './mail.js';
import type { PushServices } from './push-services.js';
import type { PaymentGateway } from './payments/gateway.js';

/** Who may call a route: anyone, any signed-in user, or the listed roles. */
export type Access = 'public' | 'user' | readonly Role[];

export interface AuthUser {
  id: number;
  email: string;
  role: Role;
  firstName: string;
  locationId: number | null;
  isLocationManager: boolean;
  sessionId: number;
}

/** Everything a module needs from the outside world; tests pass their own. */
export interface Deps {
  env: Env;
  database: Database;
  mailer: Mailer;
  /** The clock; tests move it. */
  now: () => Date;
  /**
   * Where push messages may go (lib/push-services.ts); unset, the browsers' push services
   * (BROWSER_PUSH_SERVICES). Only tests set it, to reach a local stand-in: no setting widens it.
   */
  pushServices?: PushServices;
  /** How often open event streams re-check their sessions (events.routes.ts SESSION_RECHECK_MS); only tests shorten it. */
  streamSessionRecheckMs?: number;
  /**
   * The payment gateway; unset, the one PAYMENT_GATEWAY configures, built once per Deps by
   * gatewayOf() (lib/payments/sandbox.ts). Only tests set it, to reach a local stand-in.
   */
  gateway?: PaymentGateway;
}

/**
 * What a service needs to know of the request it serves, built once per request (`req.ctx`, in
 * app.ts): services take it instead of long parameter lists. `now` is read once, so every step of
 * one request sees the same instant. Errors are thrown coded (lib/errors.ts): the language is
 * here for content (dish names, documents), not for error texts.
 */
export interface RequestContext {
  db: Db;
  now: Date;
  lang: Lang;
  /** The signed-in user; null on public routes. */
  user: AuthUser | null;
  /** The active provider's id (providers/active-provider.ts): resolved on first ask, once per request. */
  provider(): Promise<number>;
  gateway: PaymentGateway;
}

/** A request context whose route requires a signed-in user. */
export type UserContext = RequestContext & { user: AuthUser };

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every /app route: who may call it. */
    access?: Access;
    /** Answer even while maintenance mode is on. */
    maintenanceExempt?: boolean;
    /** An /app/ route answering a page a browser renders (HTML): it gets the document security headers. */
    document?: boolean;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    lang: Lang;
    /** This request's context for services (RequestContext), built on first use. */
    readonly ctx: RequestContext;
  }
}

/** The context of a route whose access is not 'public': its user is known. */
export function userCtx(req: { ctx: RequestContext }): UserContext {
  const ctx = req.ctx;
  if (!ctx.user) throw new Error('userCtx() on a route without access control');
  return ctx as UserContext;
}

/** The signed-in user of a route whose access is not 'public'. */
export function userOf(req: { user: AuthUser | null }): AuthUser {
  if (!req.user) throw new Error('userOf() on a route without access control');
  return req.user;
}
