import { existsSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
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

export interface BuildOptions {
  /** Serve the built SPA from env.WEB_DIST (off in API tests). */
  serveWeb?: boolean;
  logger?: boolean;
}

/** Builds the whole HTTP app without listening; tests use app.inject(). */
export async function buildApp(deps: Deps, opts: BuildOptions = {}): Promise<App> {
  const { env } = deps;
  const app = Fastify({
    logger: opts.logger === false || env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  app.decorateRequest('lang', DEFAULT_LANG);

  // Every API route must say who may call it; a route without it is a programming error.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/app/') && route.url !== '/app/openapi.json' && route.config?.access === undefined) {
      throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    }
  });

  const maintenance = maintenanceFlag(deps.database.db);
  app.decorate('maintenance', maintenance);

  app.addHook('onRequest', async (req) => {
    req.lang = requestLang(req);
    if (req.url.startsWith('/app/') && !req.routeOptions.config.maintenanceExempt && (await maintenance.isOn())) {
      throw new AppError(503, t(req.lang, 'maintenance'));
    }
  });
  app.addHook('onRequest', authHook(deps));

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const lang = req.lang ?? DEFAULT_LANG;
    if (err instanceof AppError) {
      return reply.status(err.status).send({ message: err.message, errors: err.errors });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply
        .status(422)
        .send({ message: t(lang, 'invalid'), errors: validationErrors(err.validation, err.validationContext, lang) });
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

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 10 } });
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
