import { isApiError } from '../../../lib/api';

/** Statuses meaning the link's token is unknown, used or expired. */
const INVALID_LINK = new Set([400, 404, 410, 422]);

/** True when checking an invitation/reset link proved it dead (other failures keep the form). */
export function isDeadLink(error: unknown): boolean {
  return isApiError(error) && INVALID_LINK.has(error.status);
}

/** A submit failure that is about the link's token rather than the fields. */
export function isTokenFailure(error: unknown): boolean {
  return isApiError(error) && Boolean(error.errors.token?.length);
}
