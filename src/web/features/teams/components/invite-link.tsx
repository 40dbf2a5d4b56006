import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';

/** The location's invitation sign-up address, to share by hand (chat, notice board). */
export function InviteLink({ url }: { url: string }) {
  const { t } = useTranslation('teams');
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
    <div className="team-invite__link">
      <TextField label={t('invite.link')} value={url} readOnly onFocus={(e) => e.currentTarget.select()} hint={t('invite.linkHint')} />
      <Button size="sm" onClick={() => void copy()}>
        {t('invite.copy')}
      </Button>
      <span className="muted" aria-live="polite">
        {state === 'copied' ? t('invite.copied') : state === 'failed' ? t('invite.copyFailed') : ''}
      </span>
    </div>
  );
}
