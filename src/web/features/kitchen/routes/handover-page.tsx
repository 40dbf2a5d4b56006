import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { HandoverResult } from '../../../../shared/schemas/kitchen';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { StatusPage } from '../../../components/ui/status-page';
import { api, isNotFound } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../styles/ui-extras.css';

const positive = (v: string | undefined) => (v && /^\d{1,10}$/.test(v) && Number(v) > 0 ? Number(v) : null);

/**
 * /handover/{orderId}/{itemId}/{unit}: the address a label's QR code opens (issue 14). Staff are
 * signed in (the router sends others to sign in and back); opening it marks that portion handed
 * over, once: a second scan says it already was, when and by whom.
 */
export function Component() {
  const { t, i18n } = useTranslation('kitchen');
  useDocumentTitle(t('handover.title'));
  const params = useParams();
  const [orderId, itemId, unit] = [positive(params.orderId), positive(params.itemId), positive(params.unit)];
  const mark = useMutation({
    mutationFn: () => api.post<HandoverResult>(`/app/handover/${orderId}/${itemId}/${unit}`),
  });
  // One call per opened address (a repeat would answer "already", which is true but confusing).
  const started = useRef(false);
  const { mutate } = mark;
  useEffect(() => {
    if (started.current || orderId === null || itemId === null || unit === null) return;
    started.current = true;
    mutate();
  }, [mutate, orderId, itemId, unit]);

  if (orderId === null || itemId === null || unit === null || (mark.isError && isNotFound(mark.error)))
    return <StatusPage kind="notFound" />;
  const r = mark.data;
  let body;
  if (mark.isPending || mark.isIdle) body = <Spinner block />;
  else if (!r)
    body = (
      <>
        <Notice tone="error">{errorMessage(mark.error, t('handover.failed'))}</Notice>
        <Button onClick={() => mark.mutate()}>{t('handover.retry')}</Button>
      </>
    );
  else
    body = (
      <>
        <Notice tone={r.already ? 'warning' : 'success'}>
          <strong>
            {r.already
              ? t('handover.already', { time: formatDateTime(r.handed_over_at, i18n.language), who: r.handed_over_by ?? '—' })
              : t('handover.done')}
          </strong>
        </Notice>
        <dl className="handover">
          <div>
            <dt>{t('handover.person')}</dt>
            <dd>{r.person}</dd>
          </div>
          {r.location && (
            <div>
              <dt>{t('handover.location')}</dt>
              <dd>{r.location}</dd>
            </div>
          )}
          <div>
            <dt>{t('handover.dish')}</dt>
            <dd>
              {r.dish}
              {r.qty > 1 && ` (${t('handover.portionOf', { n: r.unit, total: r.qty })})`}
              {r.options.length > 0 && <span className="muted"> — {r.options.join(', ')}</span>}
            </dd>
          </div>
          <div>
            <dt>{t('handover.order')}</dt>
            <dd>{r.order_id}</dd>
          </div>
        </dl>
      </>
    );
  return (
    <section className="page handover-page" aria-labelledby="handover-title">
      <h1 className="page__title" id="handover-title">
        {t('handover.title')}
      </h1>
      {body}
      <p>
        <Link className="link" to="/">
          {t('handover.home')}
        </Link>
      </p>
    </section>
  );
}
