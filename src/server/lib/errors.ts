import type { Lang } from '../../shared/i18n.js';
import { isLocalText, type LocalText } from './i18n.js';

/** Field errors as the API returns them: dotted paths to lists of texts. */
export type FieldErrors = Record<string, string[]>;

/** A text as a service gives it: already in the reader's language, or coded (rendered at the edge). */
export type ErrorText = string | LocalText;

/** Field errors as a service gives them: each text translated or coded. */
export type CodedFieldErrors = Record<string, ErrorText[]>;

function renderText(text: ErrorText, lang: Lang): string {
  return isLocalText(text) ? text.render(lang) : text;
}

/**
 * An error that becomes a JSON answer `{ message, errors }` with its status. Throw it from any
 * handler or service; the app's error handler renders it. Services throw coded texts
 * (`area.coded('key')`, issue 25) and need no language; `message` holds the English text for logs.
 */
export class AppError extends Error {
  readonly text: ErrorText;
  readonly fieldTexts: CodedFieldErrors;

  constructor(
    readonly status: number,
    message: ErrorText,
    errors: CodedFieldErrors = {},
    /** Extra response headers, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(renderText(message, 'en'));
    this.text = message;
    this.fieldTexts = errors;
  }

  /** The message's code when it was thrown coded (e.g. "ordering.soldOut"), else undefined. */
  get code(): string | undefined {
    return isLocalText(this.text) ? this.text.code : undefined;
  }

  /** Field errors in English (logs and tests that read them). */
  get errors(): FieldErrors {
    return this.render('en').errors;
  }

  /** The answer's body in a language. */
  render(lang: Lang): { message: string; errors: FieldErrors } {
    const errors: FieldErrors = {};
    for (const [field, texts] of Object.entries(this.fieldTexts)) errors[field] = texts.map((t) => renderText(t, lang));
    return { message: renderText(this.text, lang), errors };
  }
}

/** A 422 with per-field texts (translated by the caller, or coded). */
export function fieldError(message: ErrorText, errors: CodedFieldErrors): AppError {
  return new AppError(422, message, errors);
}
