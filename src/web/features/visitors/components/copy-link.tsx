import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { useTranslation } from '../../../lib/i18n';

/** A new visitor link to share (shown once: only its hash is kept, so it cannot be shown again later). */
export function CopyLink({ url, compact = false }: { url: string; compact?: boolean }) {
  const { t } = useTranslation('visitors');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="visitors-link">
      {!compact && <TextField label={t('link.url')} value={url} readOnly onFocus={(e) => e.currentTarget.select()} hint={t('link.hint')} />}
      <Button size="sm" onClick={() => void copy()}>
        {t('link.copy')}
      </Button>
      <span className="muted" aria-live="polite">
        {state === 'copied' ? t('link.copied') : state === 'failed' ? t('link.copyFailed') : ''}
      </span>
    </div>
  );
}
