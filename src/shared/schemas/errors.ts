import { z } from 'zod';

/*
 * The one shape of every error answer of the API (design 4): a text for people and the
 * per-field texts, dotted paths to lists (`emails.0`, `items.2.qty`); `{}` when no field is at fault.
 */

export const apiError = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ApiError = z.infer<typeof apiError>;

/** What each error status of the API means; the OpenAPI document names them on every call that can answer them. */
export const API_ERROR_STATUSES = {
  400: 'The request body is not valid JSON, or a path parameter is not valid percent-encoding',
  401: 'No session, or it expired: sign in',
  403: 'The signed-in user may not do this (wrong role, or someone else’s object)',
  404: 'Not found',
  409: 'Conflicts with the current state (changed meanwhile, still in use, a duplicate)',
  410: 'Gone for good (a single-use link already used, or past its deadline)',
  413: 'The request body is too large',
  414: 'A path parameter is too long',
  415: 'The content type is not supported',
  422: 'Validation failed: `errors` names each field at fault',
  429: 'Too many requests: wait (Retry-After, when sent, says how long)',
  503: 'Maintenance mode: try again later',
} as const;
export type ApiErrorStatus = keyof typeof API_ERROR_STATUSES;
