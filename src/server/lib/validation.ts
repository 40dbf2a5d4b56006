import type { FastifySchemaValidationError } from 'fastify';
import type { Lang } from '../../shared/i18n.js';
import { issueMessage, validationText } from '../../shared/validation-texts.js';
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
  const shown = issueMessage({
    code: issue.keyword,
    params: issue.params as Record<string, unknown>,
    message: issue.message,
    // zod 4 leaves the input out of issues; its default text names what it received.
    missing: /received (undefined|null)/.test(issue.message ?? ''),
  });
  // A refinement's message outside the validation texts is a key of the shared catalogue (messages.ts).
  return 'key' in shown ? validationText(lang, shown.key, shown.params) : t(lang, shown.text as MessageKey);
}
