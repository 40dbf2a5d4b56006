import { existsSync } from 'node:fs';
import path from 'node:path';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEFAULT_LANG, isLang, type Lang } from '../shared/i18n.js';
import { allowedMethods } from './lib/allowed-methods.js';
import { authHook, settleTouches } from './lib/auth.js';
import type { App, Deps, RequestContext } from './lib/context.js';
import { AppError } from './lib/errors.js';
import { errorHandler, redactUrl } from './lib/error-handler.js';
import { createChangeBus } from './lib/events.js';
import { requestLang } from './lib/i18n.js';
import { t } from './lib/messages.js';
import { openapiTransform, openapiTransformObject, SECURITY_SCHEMES } from './lib/openapi.js';
import { httpDuration, watchPool } from './lib/metrics.js';
import { gatewayOf } from './lib/payments/sandbox.js';
import { opsRoutes, type Lifecycle } from './lib/ops.js';
import { maintenanceFlag } from './lib/settings.js';
import { registerModules } from './modules/index.js';
import { decorateActiveProvider } from './modules/providers/active-provider.js';

/** Every API route must say who may call it; a route without it is a programming error. */
export function requireDeclaredAccess(route: { url: string; method: string | string[]; config?: { access?: unknown } }): void {
  if (route.url.startsWith('/app/') && route.config?.access === undefined) {
    throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.access`);
  }
}

/**
 * Security headers, strict Content-Security-Policy included. They never vary by request, so
 * helmet computes them once at start instead of on every request (decision 011).
 */
export async function staticSecurityHeaders(): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        // The service worker and the web app manifest (decision 023), named rather than left to default-src.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const res = { setHeader: (k: string, v: string) => void (headers[k.toLowerCase()] = String(v)), removeHeader: () => undefined };
  await new Promise<void>((resolve, reject) =>
    (middleware as unknown as (q: object, r: object, next: (e?: unknown) => void) => void)({}, res, (e) => (e ? reject(e) : resolve())),
  );
  return headers;
}

/**
 * Headers for the API's own answers (JSON, PDF, CSV, images under /app/ that no browser renders
 * as a page), after the OWASP REST security cheat sheet: nothing may load or frame them, no
 * sniffing, HTTPS only, no referrer. Half the headers of the document set, and a short policy:
 * every answer of the busiest calls carries them (decision 011).
 */
export function apiSecurityHeaders(document: Record<string, string>): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': document['cross-origin-resource-policy'] ?? 'same-origin',
    'referrer-policy': document['referrer-policy'] ?? 'no-referrer',
    'strict-transport-security': document['strict-transport-security'] ?? 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

/** The router's limit on one path parameter; see sharedErrorStatuses (lib/openapi.ts) for the 414. */
export const MAX_PATH_PARAM_LENGTH = 256;

/** The language of a request the router refused before hooks ran: ?lang=, else Accept-Language. */
function frameworkLang(url: string, acceptLanguage: string | undefined): Lang {
  const query = url.includes('?') ? new URLSearchParams(url.slice(url.indexOf('?') + 1)) : null;
  const asked = query?.get('lang');
  if (isLang(asked)) return asked;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (isLang(code)) return code;
  }
  return DEFAULT_LANG;
}

/** A request id a proxy may hand over: short, and nothing a log line could be forged with. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The request id (design.md section 7): the load balancer's X-Request-Id when TRUST_PROXY is on
 * and it is a short safe token, else a fresh UUID. Logged with every line of the request and
 * answered as X-Request-Id.
 */
export function requestIdOf(trustProxy: boolean): (req: IncomingMessage) => string {
  return (req) => {
    if (trustProxy) {
      const given = req.headers['x-request-id'];
      if (typeof given === 'string' && SAFE_REQUEST_ID.test(given)) return given;
    }
    return randomUUID();
  };
}

/** What pino never writes: credentials in headers, wherever a header object is logged. */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
];

/**
 * How a request appears when a log line carries it: the route pattern when there is one (a path
 * may hold a one-time token, /user/token/:hash), else the path without its query string (tokens
 * arrive there: ?order-token=, ?token=).
 */
export function logRequest(req: { method: string; url: string; ip?: string; routeOptions?: { url?: string } }) {
  return { method: req.method, url: req.routeOptions?.url ?? redactUrl(req.url), ip: req.ip };
}

export interface BuildOptions {
  /** Serve the built SPA from env.WEB_DIST (off in API tests). */
  serveWeb?: boolean;
  logger?: boolean;
  /** Where the log lines go (tests capture them); default stdout. */
  logStream?: DestinationStream;
}

/**
 * `req.ctx.provider` of a request. Made here, not as an arrow in the object literal: tsx (esbuild's
 * keepNames) wraps a named arrow in `__name()` (an Object.defineProperty) on every call (decision 091).
 */
const providerOf = (req: FastifyRequest) => () => req.provider();

/** Builds the whole HTTP app without listening; tests use app.inject(). */
export async function buildApp(deps: Deps, opts: BuildOptions = {}): Promise<App> {
  const { env } = deps;
  let apiHeaders: Record<string, string> = {};
  const app = Fastify({
    logger:
      opts.logger === false || env.LOG_LEVEL === 'silent'
        ? false
        : {
            level: env.LOG_LEVEL,
            redact: { paths: LOG_REDACT, censor: '[redacted]' },
            serializers: {
              req: logRequest,
            },
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    // One line per request, written by the onResponse hook below (route pattern, user, status).
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    genReqId: requestIdOf(env.TRUST_PROXY),
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Above the longest path parameter any schema allows (tokens: 200), so each reaches its
    // validation; a longer one is refused by the router (414, below).
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    // Errors the router answers before any route or hook runs (a path parameter that is not valid
    // percent-encoding, or too long): the shared error shape and headers too, not Fastify's own.
    frameworkErrors: (err, req, reply) => {
      const lang = frameworkLang(req.raw.url ?? '', req.headers['accept-language']);
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void (reply as FastifyReply)
        .status(tooLong ? 414 : 400)
        .headers(apiHeaders)
        .header('x-request-id', req.id)
        .send({ message: t(lang, tooLong ? 'uriTooLong' : 'badUrl'), errors: {} });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionHash', null);
  app.decorateRequest('lang', DEFAULT_LANG);
  // req.provider(): resolved when a route first asks, once per request (decision 026).
  decorateActiveProvider(app, deps.database.db);
  // req.ctx: what services need of the request (lib/context.ts RequestContext), built on first use
  // after the auth hook, once per request; the payment gateway is the app's one (gatewayOf).
  const gateway = gatewayOf(deps);
  const contexts = new WeakMap<FastifyRequest, RequestContext>();
  app.decorateRequest('ctx', {
    getter(this: FastifyRequest) {
      let ctx = contexts.get(this);
      if (!ctx) {
        ctx = { db: deps.database.db, now: deps.now(), lang: this.lang, user: this.user, provider: providerOf(this), gateway };
        contexts.set(this, ctx);
      }
      return ctx;
    },
  });

  app.addHook('onRoute', requireDeclaredAccess);
  // A known path asked with a method it does not answer is a 405 naming the methods it does.
  const methods = allowedMethods();
  app.addHook('onRoute', (route) => methods.add(route));

  const maintenance = maintenanceFlag(deps.database.db);
  app.decorate('maintenance', maintenance);

  // One hook for every request (each hook costs a promise and a turn per request): the fixed
  // security headers first, so error answers carry them too (the document set for the web app
  // and pages the API renders for a browser, the API set for everything else under /app/),
  // then the language, maintenance mode and who is calling.
  const documentHeaders = await staticSecurityHeaders();
  apiHeaders = apiSecurityHeaders(documentHeaders);
  const authenticate = authHook(deps);
  app.addHook('onRequest', async (req, reply) => {
    // Read once: Fastify's routeOptions getter builds a new eleven-field object per access (decision 091).
    const config = req.routeOptions.config;
    const api = req.url.startsWith('/app/');
    reply.headers(api && !config.document ? apiHeaders : documentHeaders);
    reply.header('x-request-id', req.id);
    req.lang = requestLang(req);
    if (api && !config.maintenanceExempt && (maintenance.known() ?? (await maintenance.isOn()))) {
      throw new AppError(503, t.coded('maintenance'));
    }
    await authenticate(req, reply);
  });

  // One hook after every answer: the request histogram (route pattern, never the URL) and, when
  // info is logged, one line naming the route, the user and the status (the request id is bound).
  const logRequests = opts.logger !== false && ['info', 'debug', 'trace'].includes(env.LOG_LEVEL);
  // A callback hook, not an async one: no promise per request; none at all when neither is wanted.
  const timeRequests = env.METRICS;
  if (timeRequests || logRequests)
    app.addHook('onResponse', (req, reply, done) => {
      const route = req.routeOptions.url ?? 'unmatched';
      if (timeRequests) httpDuration.observe({ route, method: req.method, status: reply.statusCode }, reply.elapsedTime / 1000);
      if (logRequests) {
        req.log.info(
          { route, method: req.method, status: reply.statusCode, userId: req.user?.id, ms: Math.round(reply.elapsedTime) },
          'request completed',
        );
      }
      done();
    });

  app.setErrorHandler(errorHandler);

  const lifecycle: Lifecycle = { shuttingDown: false };
  app.decorate('lifecycle', lifecycle);
  const unwatch = watchPool(deps.database.pool);
  app.addHook('onClose', async () => unwatch());
  // Session touches not written yet (lib/auth.ts) go out before the pool closes.
  app.addHook('onClose', () => settleTouches(deps.database.db));
  opsRoutes(app as unknown as FastifyInstance, deps, lifecycle);

  // The change bus (lib/events.ts): on the root so every area and the tests reach it; its LISTEN
  // connection opens with the app and closes with it, before the pool does (lib/shutdown.ts).
  const changes = createChangeBus({ pool: deps.database.pool, warn: (m, err) => app.log.warn({ err }, m) });
  app.decorate('changes', changes);
  app.addHook('onReady', () => changes.start());
  app.addHook('onClose', () => changes.close());

  await app.register(swagger, {
    openapi: {
      info: { title: 'Lunch service API', version: '1.0.0' },
      components: { securitySchemes: SECURITY_SCHEMES },
      security: [{ bearer: [] }],
    },
    transform: openapiTransform,
    transformObject: openapiTransformObject,
  });

  await app.register(async (api) => registerModules(api as App, deps), { prefix: '/app' });
  app.get('/app/openapi.json', { config: { access: 'public', maintenanceExempt: true }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  const webDir = path.resolve(env.WEB_DIST);
  const serveWeb = opts.serveWeb !== false && existsSync(path.join(webDir, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // scripts/build-web.mjs writes .br and .gz beside each asset.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Hashed build assets never change; index.html must always be revalidated.
        res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const lang = req.lang ?? DEFAULT_LANG;
    const allow = methods.at(req.url);
    if (allow.length > 0) {
      return reply
        .status(405)
        .header('allow', allow.join(', '))
        .send({ message: t(lang, 'methodNotAllowed'), errors: {} });
    }
    if (req.url.startsWith('/app/') || req.url === '/app' || req.method !== 'GET' || !serveWeb) {
      return reply.status(404).send({ message: t(lang, 'notFound'), errors: {} });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app as unknown as App;
}

declare module 'fastify' {
  interface FastifyInstance {
    maintenance: ReturnType<typeof maintenanceFlag>;
    /** Whether this instance is stopping (lib/shutdown.ts); /ready reads it. */
    lifecycle: Lifecycle;
  }
}
