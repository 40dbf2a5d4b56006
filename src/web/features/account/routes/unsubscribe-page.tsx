import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useSearchParams } from 'react-router';
import type { UnsubscribeResult } from '../../../../shared/schemas/reminders';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { api, isApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * /reminders/unsubscribe?token=…: the reminder e-mail's "stop these reminders" link. Opening it
 * is the one click: the page sends the signed token at once (no sign-in needed) and says what
 * happened (decision 033).
 */
export function Component() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('unsubscribe.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const send = useMutation({
    mutationFn: () => api.post<UnsubscribeResult>('/app/reminders/unsubscribe', { token }),
  });
  // Once per page, also under React's development double effects.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    send.mutate();
  }, [send, token]);

  const invalid = !token || (send.isError && isApiError(send.error) && send.error.status === 422);
  let body;
  if (invalid) body = <Notice tone="error">{t('unsubscribe.invalid')}</Notice>;
  else if (send.isSuccess) body = <Notice tone="success">{t('unsubscribe.done')}</Notice>;
  else if (send.isError) body = <Notice tone="error">{t('unsubscribe.failed')}</Notice>;
  else body = <Spinner block label={t('unsubscribe.working')} />;

  return (
    <section className="auth-card card" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title" className="auth-card__title">
        {t('unsubscribe.title')}
      </h1>
      <div aria-live="polite">{body}</div>
      <div className="auth-card__footer">
        <Link className="link" to="/profile">
          {t('unsubscribe.profile')}
        </Link>
      </div>
    </section>
  );
}
