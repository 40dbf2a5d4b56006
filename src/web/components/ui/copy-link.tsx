import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Button } from './button';
import { TextField } from './field';
import '../../styles/ui-extras.css';

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

/**
 * An address to share by hand (a location's or team's invitation, a visitor's link): the address
 * in a read-only field that selects itself, a copy button, and the outcome announced politely for
 * three seconds. Without `label` only the button shows (the address is already on screen).
 * `className` lays it out in its place.
 */
export function CopyLink({ url, label, hint, className }: { url: string; label?: string; hint?: string; className?: string }) {
  const { t } = useTranslation('common');
  const inputRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 3000);
    return () => clearTimeout(timer);
  }, [state]);

  return (
    <div className={className}>
      {label !== undefined && (
        <TextField ref={inputRef} label={label} value={url} readOnly onFocus={(e) => e.currentTarget.select()} hint={hint} />
      )}
      <Button size="sm" onClick={() => void copyText(url, inputRef.current).then((ok) => setState(ok ? 'copied' : 'failed'))}>
        {t('copyLink.copy')}
      </Button>
      <span className={state === 'failed' ? 'field__error' : 'muted'} role="status">
        {state === 'copied' ? t('copyLink.copied') : state === 'failed' ? t('copyLink.failed') : ''}
      </span>
    </div>
  );
}
