import { useCallback, useState } from 'react';
import { isApiError, type FieldErrors } from './api';

/** Field errors from a failed call; empty for anything that is not a server validation answer. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  return isApiError(error) ? error.errors : {};
}

/** First message of the first field that has one. */
export function firstFieldError(errors: FieldErrors): string | undefined {
  for (const list of Object.values(errors)) if (list.length) return list[0];
  return undefined;
}

/**
 * Holds server per-field errors for a form (spec 5: shown under the matching field,
 * editing a field clears its error).
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const clear = useCallback((field: string) => {
    setErrors((prev) => {
      if (!(field in prev)) return prev;
      const next = { ...prev };
      delete next[field];
      return next;
    });
  }, []);
  return {
    errors,
    setErrors,
    /** Takes the errors of an ApiError (or clears them for other failures). */
    fromError: useCallback((error: unknown) => setErrors(fieldErrorsOf(error)), []),
    clear,
    reset: useCallback(() => setErrors({}), []),
    first: (field: string) => errors[field]?.[0],
  };
}
