import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { PendingInvitation } from '../../../../shared/schemas/teams';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api';
import { formatDate, formatDateTime } from '../../../lib/format';
import { INVITATIONS_KEY, teamApi, useInvitations } from '../api';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/**
 * The location's pending invitations (issue 24): the shared link first (anyone holding it can
 * join; it does not expire, decision 047), then each e-mailed invitation still waiting, with
 * when it was sent, until when it works, resend and revoke (revoke asks first).
 */
export function PendingInvitations() {
  const { t, i18n } = useTranslation('teams');
  const lang = i18n.language;
  const client = useQueryClient();
  const invitations = useInvitations();
  const [asking, setAsking] = useState<PendingInvitation | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const done = (message: string | undefined) => setOutcome(message ? { tone: 'success', text: message } : null);
  const failed = (error: unknown) => {
    if (!(isApiError(error) && error.isIgnored)) setOutcome({ tone: 'error', text: errorMessage(error, t('pending.failed')) });
  };
  const refresh = () => client.invalidateQueries({ queryKey: INVITATIONS_KEY });

  const revoke = useMutation({
    mutationFn: (i: PendingInvitation) => teamApi.revokeInvitation(i.id),
    onMutate: () => setOutcome(null),
    onSuccess: (answer) => {
      setAsking(null);
      done(answer?.message);
    },
    onError: (error) => {
      setAsking(null);
      failed(error);
    },
    onSettled: refresh,
  });
  const resend = useMutation({
    mutationFn: (i: PendingInvitation) => teamApi.resendInvitation(i.id),
    onMutate: () => setOutcome(null),
    onSuccess: (answer) => done(answer?.message),
    onError: failed,
    onSettled: refresh,
  });

  const rows = invitations.data?.data ?? [];
  return (
    <section className="card team-card" aria-labelledby="team-pending-title">
      <h2 className="team-card__title" id="team-pending-title">
        {t('pending.title')}
      </h2>
      <div aria-live="polite">{outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}</div>
      {invitations.isPending ? (
        <Spinner block />
      ) : invitations.isError ? (
        <Notice tone="error">{errorMessage(invitations.error, t('pending.loadFailed'))}</Notice>
      ) : (
        <ul className="team-pending" aria-label={t('pending.title')}>
          <li className="team-pending__row">
            <span className="team-pending__email">{t('pending.openLink')}</span>
            <span className="muted team-pending__when">{t('pending.openLinkHint')}</span>
          </li>
          {rows.map((i) => (
            <li key={i.id} className="team-pending__row" data-testid="pending-invitation">
              <span className="team-pending__email">{i.email}</span>
              <span className="muted team-pending__when">
                {t('pending.sent', { when: formatDateTime(i.sent_at, lang), who: i.invited_by ?? '—' })}{' '}
                {t('pending.expires', { date: formatDate(i.expires_at, lang) })}
              </span>
              <span className="team-pending__actions">
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t('pending.resendNamed', { email: i.email })}
                  disabled={resend.isPending || revoke.isPending}
                  loading={resend.isPending && resend.variables?.id === i.id}
                  onClick={() => resend.mutate(i)}
                >
                  {t('pending.resend')}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className="btn--danger-text"
                  aria-label={t('pending.revokeNamed', { email: i.email })}
                  disabled={resend.isPending || revoke.isPending}
                  onClick={() => {
                    setOutcome(null);
                    setAsking(i);
                  }}
                >
                  {t('pending.revoke')}
                </Button>
              </span>
            </li>
          ))}
          {rows.length === 0 && <li className="muted team-pending__row">{t('pending.empty')}</li>}
        </ul>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={t('pending.revokeTitle')}
        message={asking ? t('pending.revokeConfirm', { email: asking.email }) : ''}
        confirmLabel={t('pending.revoke')}
        tone="danger"
        busy={revoke.isPending}
        onConfirm={() => asking && revoke.mutate(asking)}
        onCancel={() => setAsking(null)}
      />
    </section>
  );
}
