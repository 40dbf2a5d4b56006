import { isApiError } from '../../lib/api';
import { errorMessage } from './error-message';
import { Notice } from './notice';
import '../../styles/ui-extras.css';

export interface FormErrorNoticeProps {
  /** The failure of the last submit (anything thrown); nothing is shown without one. */
  error: unknown;
  /** Field keys the form shows under its own controls; the others are listed here. */
  isShown?(key: string): boolean;
  /** Text for failures without a server message (network down, unexpected answers). */
  fallback: string;
  className?: string;
}

/**
 * Summary of a failed submit above a form: the server's message (e.g. "in use" refusals) and any
 * per-field messages the form has no control for (e.g. `selectedDishes` of a menu). Rate-limited
 * answers (429) show nothing (spec 7).
 */
export function FormErrorNotice({ error, isShown, fallback, className }: FormErrorNoticeProps) {
  if (!error) return null;
  if (!isApiError(error))
    return (
      <Notice tone="error" className={className}>
        {fallback}
      </Notice>
    );
  if (error.isIgnored) return null;
  const unshown = Object.entries(error.errors)
    .filter(([key]) => !isShown?.(key))
    .flatMap(([, list]) => list);
  const message = error.isNetwork || !error.message ? fallback : error.message;
  return (
    <Notice tone="error" className={className}>
      <p className="form-error__message">{message}</p>
      {unshown.length > 0 && (
        <ul className="form-error__list">
          {[...new Set(unshown)].map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
    </Notice>
  );
}

export { errorMessage };

/** A list that could not be loaded: the server's reason or `fallback`; nothing for 429 (spec 7). */
export function LoadErrorNotice({ error, fallback }: { error: unknown; fallback: string }) {
  if (!error || (isApiError(error) && error.isIgnored)) return null;
  return <Notice tone="error">{errorMessage(error, fallback)}</Notice>;
}
