import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button';

/** Copies with the Clipboard API, or by selecting the text where that API is missing (plain http). */
async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the selection copy
  }
  if (!input) return false;
  input.focus();
  input.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

/** A read-only value with a Copy button; the result is announced to screen readers. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('locations');
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 3000);
    return () => clearTimeout(timer);
  }, [state]);

  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="copy-field">
        <input ref={inputRef} id={id} className="input" readOnly value={value} onFocus={(e) => e.target.select()} />
        <Button onClick={() => void copyText(value, inputRef.current).then((ok) => setState(ok ? 'copied' : 'failed'))}>
          {t('invite.copy')}
        </Button>
      </div>
      <p className={state === 'failed' ? 'field__error' : 'field__hint'} role="status" aria-live="polite">
        {state === 'copied' ? t('invite.copied') : state === 'failed' ? t('invite.copyFailed') : ''}
      </p>
    </div>
  );
}
