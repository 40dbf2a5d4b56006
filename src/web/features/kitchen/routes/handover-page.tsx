import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useParams } from 'react-router';
import type { HandoverPortion, HandoverResult } from '../../../../shared/schemas/kitchen';
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

/** True until `until` (an ISO time) passes (the server refuses a late undo anyway, with 409). */
function useBefore(until: string | null): boolean {
  const [passed, setPassed] = useState<string | null>(null);
  useEffect(() => {
    if (!until) return;
    const timer = window.setTimeout(() => setPassed(until), Math.max(0, Date.parse(until) - Date.now()));
    return () => window.clearTimeout(timer);
  }, [until]);
  return until !== null && passed !== until;
}

/**
 * /handover/{orderId}/{itemId}/{unit}: the address a label's QR code opens (issue 14, decision
 * 040). Staff are signed in (the router sends others to sign in and back). Opening it only shows
 * the portion (who, where, what); "Mark handed over" marks it, and for a minute "Undo" takes the
 * mark back (a wrong label scanned). A link leads back to the portion's lap (or the kitchen display).
 */
export function Component() {
  const { t, i18n } = useTranslation('kitchen');
  useDocumentTitle(t('handover.title'));
  const params = useParams();
  const [orderId, itemId, unit] = [positive(params.orderId), positive(params.itemId), positive(params.unit)];
  const valid = orderId !== null && itemId !== null && unit !== null;
  const path = `/app/handover/${orderId}/${itemId}/${unit}`;
  const key = ['handover', orderId, itemId, unit];
  const client = useQueryClient();
  const portion = useQuery({ queryKey: key, queryFn: () => api.get<HandoverPortion>(path), enabled: valid });
  // Who marked it in this visit: a mark from this page says "Handed over.", an earlier one "Already …".
  const [marked, setMarked] = useState<'mine' | 'already' | 'undone' | null>(null);
  const mark = useMutation({
    mutationFn: () => api.post<HandoverResult>(path),
    onSuccess: (r) => {
      client.setQueryData(key, r);
      setMarked(r?.already ? 'already' : 'mine');
    },
  });
  const undo = useMutation({
    mutationFn: () => api.delete<HandoverPortion>(path),
    onSuccess: (r) => {
      client.setQueryData(key, r);
      setMarked('undone');
    },
  });
  const r = portion.data;
  const canUndo = useBefore(r?.undo_until ?? null);

  if (!valid || (portion.isError && isNotFound(portion.error))) return <StatusPage kind="notFound" />;
  let body;
  if (portion.isPending) body = <Spinner block />;
  else if (!r)
    body = (
      <>
        <Notice tone="error">{errorMessage(portion.error, t('handover.loadFailed'))}</Notice>
        <Button onClick={() => void portion.refetch()}>{t('handover.retry')}</Button>
      </>
    );
  else {
    const failure = mark.error ?? undo.error;
    body = (
      <>
        {r.handed_over_at ? (
          <Notice tone={marked === 'mine' ? 'success' : 'warning'}>
            <strong>
              {marked === 'mine'
                ? t('handover.done')
                : t('handover.already', { time: formatDateTime(r.handed_over_at, i18n.language), who: r.handed_over_by ?? '—' })}
            </strong>
          </Notice>
        ) : (
          marked === 'undone' && (
            <Notice tone="info">
              <strong>{t('handover.undone')}</strong>
            </Notice>
          )
        )}
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
        {failure && <Notice tone="error">{errorMessage(failure, t(mark.error ? 'handover.failed' : 'handover.undoFailed'))}</Notice>}
        <div className="handover__actions">
          {!r.handed_over_at && (
            <Button variant="primary" loading={mark.isPending} onClick={() => mark.mutate()}>
              {t('handover.mark')}
            </Button>
          )}
          {r.handed_over_at && canUndo && r.undo_until && (
            <Button loading={undo.isPending} onClick={() => undo.mutate()}>
              {t('handover.undo')}
            </Button>
          )}
          <Link className="btn btn--secondary" to={r.lap_id !== null ? `/menu-laps/${r.menu_id}/${r.lap_id}` : `/kds/${r.menu_id}`}>
            {t(r.lap_id !== null ? 'handover.backToLap' : 'handover.backToKitchen')}
          </Link>
        </div>
        {r.handed_over_at && canUndo && r.undo_until && (
          <p className="muted">{t('handover.undoUntil', { time: formatDateTime(r.undo_until, i18n.language) })}</p>
        )}
      </>
    );
  }
  return (
    <section className="page handover-page" aria-labelledby="handover-title">
      <h1 className="page__title" id="handover-title">
        {t('handover.title')}
      </h1>
      {body}
    </section>
  );
}
