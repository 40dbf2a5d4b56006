import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { teamApi, type NotifyResult } from '../api';

/** "Lunch is delivered": asks first, then tells how many members were notified. */
export function NotifyCard() {
  const { t } = useTranslation('teams');
  const [asking, setAsking] = useState(false);
  const [result, setResult] = useState<NotifyResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const notify = useMutation({
    mutationFn: () => teamApi.notifyLunchDelivered(),
    onMutate: () => {
      setResult(null);
      setFailure(null);
    },
    onSuccess: (answer) => {
      setAsking(false);
      if (answer) setResult(answer);
    },
    onError: (error) => {
      setAsking(false);
      setFailure(errorMessage(error, t('notify.failed')));
    },
  });

  return (
    <section className="card team-card" aria-labelledby="team-notify-title">
      <h2 className="team-card__title" id="team-notify-title">
        {t('notify.title')}
      </h2>
      <p className="muted team-card__intro">{t('notify.intro')}</p>
      <div aria-live="polite">
        {result && (
          <Notice tone={result.notified > 0 ? 'success' : 'info'}>
            <p className="team-result__message">{result.message}</p>
            {result.opted_out > 0 && <p className="team-result__message">{t('notify.optedOut', { count: result.opted_out })}</p>}
          </Notice>
        )}
        {failure && <Notice tone="error">{failure}</Notice>}
      </div>
      <div className="team-card__actions">
        <Button variant="primary" onClick={() => setAsking(true)} loading={notify.isPending}>
          {t('notify.button')}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title={t('notify.confirmTitle')}
        message={t('notify.confirm')}
        confirmLabel={t('notify.confirmButton')}
        tone="primary"
        busy={notify.isPending}
        onConfirm={() => notify.mutate()}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
