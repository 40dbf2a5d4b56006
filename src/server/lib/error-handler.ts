import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DEFAULT_LANG } from '../../shared/i18n.js';
import { AppError } from './errors.js';
import { t } from './messages.js';
import { validationErrors } from './validation.js';

/** PostgreSQL errors that bad or racing input can cause, and the answer each gets instead of a 500. */
const PG_ANSWERS: Record<string, { status: number; key: 'conflict' | 'invalidValue' | 'invalidCharacter' }> = {
  '23503': { status: 409, key: 'conflict' }, // foreign key: the referenced row went away, or is still used
  '23505': { status: 409, key: 'conflict' }, // unique violation from a race
  '23514': { status: 409, key: 'conflict' }, // check constraint (e.g. stock below zero)
  // Data exceptions (class 22) a caller's value causes. The shared schemas refuse these values
  // first (text() for NUL, the date schema for years); this is the net for anything they miss.
  '22001': { status: 422, key: 'invalidValue' }, // string too long for its column
  '22003': { status: 422, key: 'invalidValue' }, // number out of range
  '22007': { status: 422, key: 'invalidValue' }, // invalid datetime format
  '22008': { status: 422, key: 'invalidValue' }, // datetime field overflow
  '22021': { status: 422, key: 'invalidCharacter' }, // character not in repertoire (NUL in text)
  '22P02': { status: 422, key: 'invalidValue' }, // invalid text representation
  '22P05': { status: 422, key: 'invalidCharacter' }, // untranslatable character
  '40001': { status: 409, key: 'conflict' }, // serialization failure
  '40P01': { status: 409, key: 'conflict' }, // deadlock
};

/** Strips a ?bearer= token from a URL before it is logged. */
export function redactUrl(url: string): string {
  // No query string ever: tokens arrive there (?order-token= of Montonio's return, ?token= of an
  // unsubscribe link, a misplaced ?bearer=), and no log reader needs the rest.
  const cut = url.search(/[?#]/);
  return cut < 0 ? url : `${url.slice(0, cut)}?[redacted]`;
}

/** Seconds a client should wait before trying again while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Node socket errors and PostgreSQL states that say the database cannot be reached right now. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
/** node-postgres says these in words, without a code (pool and client timeouts, a dropped connection). */
const UNREACHABLE_TEXT =
  /timeout exceeded when trying to connect|Connection terminated|connection timeout|not queryable|Client was closed|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * True when the error says the database is unreachable (down, restarting, refusing connections,
 * or the pool timed out), as opposed to refusing this request: a 503 to try again, not a 500.
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  for (let e: unknown = err, i = 0; e && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
    const errors = (e as { errors?: unknown }).errors; // AggregateError: every address refused
    if (Array.isArray(errors) && errors.some((x) => isDatabaseUnreachable(x))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && UNREACHABLE_TEXT.test(message)) return true;
  }
  return false;
}

function pgCode(err: unknown): string | undefined {
  for (let e: unknown = err, i = 0; e && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * The app's one error handler: every error becomes a JSON answer `{ message, errors }`, texts in
 * the request's language, never a stack trace.
 */
export function errorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const lang = req.lang ?? DEFAULT_LANG;
  if (err instanceof AppError) {
    return reply.status(err.status).headers(err.headers).send(err.render(lang));
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    return reply.status(422).send({ message: t(lang, 'invalid'), errors: validationErrors(err.validation, err.validationContext, lang) });
  }
  if (isDatabaseUnreachable(err)) {
    // Not maintenance: the web app tells the two apart by `unavailable` (src/web/lib/api.ts).
    req.log.error({ err }, 'database unreachable');
    return reply
      .status(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .send({ message: t(lang, 'databaseUnavailable'), errors: {}, unavailable: 'database' });
  }
  const pg = pgCode(err);
  const known = pg ? PG_ANSWERS[pg] : undefined;
  if (known) {
    // The route pattern, not the URL: a path may hold a one-time token (/user/token/:hash).
    req.log.warn({ code: pg, route: req.routeOptions.url }, 'database refused the request');
    // A 422 names no field (the database does not say which value it refused): "request".
    const errors = known.status === 422 ? { request: [t(lang, known.key)] } : {};
    return reply.status(known.status).send({ message: t(lang, known.status === 422 ? 'invalid' : known.key), errors });
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
}
