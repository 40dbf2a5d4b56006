import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Lang } from '../../shared/i18n.js';
import type { Database } from '../db/client.js';
import type { Env } from '../env.js';
import type { Role } from '../../shared/roles.js';
import type { Mailer } from './mail.js';
import type { PushServices } from './push-services.js';

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
}

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
  }
}

/** The signed-in user of a route whose access is not 'public'. */
export function userOf(req: { user: AuthUser | null }): AuthUser {
  if (!req.user) throw new Error('userOf() on a route without access control');
  return req.user;
}
