import { isApiError } from '../../lib/api';

/** A short text for a failed action: the server's reason (e.g. "in use by 3 dishes") or `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && !error.isNetwork && error.message) return error.message;
  return fallback;
}
