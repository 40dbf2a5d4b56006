import { isApiError } from '../../../lib/api';
import { firstFieldError } from '../../../lib/form-errors';

/**
 * The message for the error block above a form, or null when the spec says to stay quiet:
 * network failures are only logged and 429 is ignored.
 */
export function formFailureMessage(error: unknown, preferField?: string): string | null {
  if (!isApiError(error)) {
    console.error(error);
    return null;
  }
  if (error.isNetwork) {
    console.error('Network failure', error);
    return null;
  }
  if (error.isIgnored) return null;
  return (preferField && error.first(preferField)) || firstFieldError(error.errors) || error.message || null;
}

/**
 * Splits a failure into per-field errors (shown under `visibleFields`) and one message for the
 * block above the form, used only when no visible field explains the failure.
 */
export function splitFailure(error: unknown, visibleFields: readonly string[]) {
  const fieldErrors = isApiError(error) ? error.errors : {};
  const explained = visibleFields.some((f) => fieldErrors[f]?.length);
  return { fieldErrors, message: explained ? null : formFailureMessage(error) };
}
