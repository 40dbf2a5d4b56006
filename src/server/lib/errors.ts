/** Field errors as the API returns them: dotted paths to lists of texts. */
export type FieldErrors = Record<string, string[]>;

/**
 * An error that becomes a JSON answer `{ message, errors }` with its status. Throw it from any
 * handler or service; the app's error handler renders it.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldErrors = {},
    /** Extra response headers, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** A 422 with per-field texts (already translated by the caller). */
export function fieldError(message: string, errors: FieldErrors): AppError {
  return new AppError(422, message, errors);
}
