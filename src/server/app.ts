import { existsSync } from 'node:fs';
import path from 'node:path';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyError } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { DEFAULT_LANG } from '../shared/i18n.js';
import { authHook } from './lib/auth.js';
import type { App, Deps } from './lib/context.js';
import { AppError } from './lib/errors.js';
import { requestLang } from './lib/i18n.js';
import { t } from './lib/messages.js';
import { maintenanceFlag } from './lib/settings.js';
import { validationErrors } from './lib/validation.js';
import { registerModules } from './modules/index.js';

/** Every API route must say who may call it; a route without it is a programming error. */
export function requireDeclaredAccess(route: { url: string; method: string | string[]; config?: { access?: unknown } }): void {
  if (route.url.startsWith('/app/') && route.config?.access === undefined) {
    throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.access`);
  }
}

/** PostgreSQL errors that bad or racing input can cause, and the answer each gets instead of a 500. */
const PG_ANSWERS: Record<string, { status: number; key: 'conflict' | 'invalidValue' }> = {
  '23503': { status: 409, key: 'conflict' }, // foreign key: the referenced row went away, or is still used
  '23505': { status: 409, key: 'conflict' }, // unique violation from a race
  '23514': { status: 409, key: 'conflict' }, // check constraint (e.g. stock below zero)
  '22003': { status: 422, key: 'invalidValue' }, // number out of range
  '22P02': { status: 422, key: 'invalidValue' }, // invalid text representation
  '40001': { status: 409, key: 'conflict' }, // serialization failure
  '40P01': { status: 409, key: 'conflict' }, // deadlock
};

function pgCode(err: unknown): string | undefined {
  for (let e: unknown = err, i = 0; e && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Strips a ?bearer= token from a URL before it is logged. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]bearer=)[^&#]*/gi, '$1[redacted]');
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

export interface BuildOptions {
  /** Serve the built SPA from env.WEB_DIST (off in API tests). */
  serveWeb?: boolean;
  logger?: boolean;
}

/** Builds the whole HTTP app without listening; tests use app.inject(). */
export async function buildApp(deps: Deps, opts: BuildOptions = {}): Promise<App> {
  const { env } = deps;
  const app = Fastify({
    logger:
      opts.logger === false || env.LOG_LEVEL === 'silent'
        ? false
        : {
            level: env.LOG_LEVEL,
            serializers: {
              req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
            },
          },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionHash', null);
  app.decorateRequest('lang', DEFAULT_LANG);

  app.addHook('onRoute', requireDeclaredAccess);

  const maintenance = maintenanceFlag(deps.database.db);
  app.decorate('maintenance', maintenance);

  // One hook for every request (each hook costs a promise and a turn per request): the fixed
  // security headers first, so error answers carry them too (the document set for the web app
  // and pages the API renders for a browser, the API set for everything else under /app/),
  // then the language, maintenance mode and who is calling.
  const documentHeaders = await staticSecurityHeaders();
  const apiHeaders = apiSecurityHeaders(documentHeaders);
  const authenticate = authHook(deps);
  app.addHook('onRequest', async (req, reply) => {
    reply.headers(req.url.startsWith('/app/') && !req.routeOptions.config.document ? apiHeaders : documentHeaders);
    req.lang = requestLang(req);
    if (req.url.startsWith('/app/') && !req.routeOptions.config.maintenanceExempt && (maintenance.known() ?? (await maintenance.isOn()))) {
      throw new AppError(503, t(req.lang, 'maintenance'));
    }
    await authenticate(req, reply);
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const lang = req.lang ?? DEFAULT_LANG;
    if (err instanceof AppError) {
      return reply.status(err.status).headers(err.headers).send({ message: err.message, errors: err.errors });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply
        .status(422)
        .send({ message: t(lang, 'invalid'), errors: validationErrors(err.validation, err.validationContext, lang) });
    }
    const pg = pgCode(err);
    const known = pg ? PG_ANSWERS[pg] : undefined;
    if (known) {
      req.log.warn({ code: pg, url: redactUrl(req.url) }, 'database refused the request');
      return reply.status(known.status).send({ message: t(lang, known.key), errors: {} });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.status(500).send({ message: t(lang, 'serverError'), errors: {} });
    }
    const key =
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'invalidJson'
        : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'unsupportedMedia'
          : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'bodyTooLarge'
            : status === 429
              ? 'tooManyRequests'
              : status === 404
                ? 'notFound'
                : 'invalid';
    return reply.status(status).send({ message: t(lang, key), errors: key === 'invalid' ? {} : { body: [t(lang, key)] } });
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Lunch service API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
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
  }
}
