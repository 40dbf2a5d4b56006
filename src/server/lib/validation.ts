import type { FastifySchemaValidationError } from 'fastify';
import type { Lang } from '../../shared/i18n.js';
import { DATE_YEARS } from '../../shared/schemas/dates.js';
import type { FieldErrors } from './errors.js';
import { t, type MessageKey } from './messages.js';

/** Turns zod issues into the API's `errors` object: dotted paths, texts in the request's language. */
export function validationErrors(issues: readonly FastifySchemaValidationError[], context: string | undefined, lang: Lang): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    const field = path || context || 'body';
    const text = issueText(issue, lang);
    const list = (errors[field] ??= []);
    if (!list.includes(text)) list.push(text);
  }
  return errors;
}

function issueText(issue: FastifySchemaValidationError, lang: Lang): string {
  const p = issue.params as Record<string, unknown>;
  switch (issue.keyword) {
    case 'invalid_type':
      if (p.expected === 'int') return t(lang, 'notInteger');
      // zod 4 leaves the input out of issues; its default text names what it received.
      return /received (undefined|null)/.test(issue.message ?? '') ? t(lang, 'required') : t(lang, 'invalidType');
    case 'invalid_format':
      return p.format === 'email' ? t(lang, 'invalidEmail') : t(lang, 'invalidValue');
    case 'too_small':
      if (p.origin === 'string') return Number(p.minimum) <= 1 ? t(lang, 'required') : t(lang, 'tooShort', { count: Number(p.minimum) });
      if (p.origin === 'array' || p.origin === 'set') return t(lang, 'tooFewItems', { min: Number(p.minimum) });
      return t(lang, 'tooSmallNumber', { min: Number(p.minimum) });
    case 'too_big':
      if (p.origin === 'string') return t(lang, 'tooLong', { count: Number(p.maximum) });
      if (p.origin === 'array' || p.origin === 'set') return t(lang, 'tooManyItems', { max: Number(p.maximum) });
      return t(lang, 'tooBigNumber', { max: Number(p.maximum) });
    case 'custom':
      // Custom refinements carry a key of the shared catalogue (see messages.ts), or a ready text.
      if (issue.message === 'dateOutOfRange') return t(lang, 'dateOutOfRange', DATE_YEARS);
      return typeof issue.message === 'string' && issue.message ? t(lang, issue.message as MessageKey) : t(lang, 'invalidValue');
    default:
      return p.expected === 'int' ? t(lang, 'notInteger') : t(lang, 'invalidValue');
  }
}
