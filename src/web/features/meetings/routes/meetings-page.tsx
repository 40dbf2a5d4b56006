import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../components/ui/error-message';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { formatEuros } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { MEETINGS_KEY, meetingsApi, useMeetings, type MeetingOrder } from '../api';
import '../../../styles/manage.css';
import '../meetings.css';

/** /meetings: the manager's meeting orders (staff: every location's) with cancel (issue 29). */
export function Component() {
  const { t } = useTranslation('meetings');
  const lang = useSession((s) => s.lang);
  const money = (euros: number) => formatEuros(euros, lang);
  useDocumentTitle(t('list.title'));
  const meetings = useMeetings(null);
  const client = useQueryClient();
  const [cancelling, setCancelling] = useState<MeetingOrder | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const cancel = async () => {
    if (!cancelling) return;
    setBusy(true);
    setError(null);
    try {
      await meetingsApi.cancel(cancelling.id);
      setCancelling(null);
      await client.invalidateQueries({ queryKey: MEETINGS_KEY });
    } catch (err) {
      setError(errorMessage(err, t('list.cancelFailed')));
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (meetings.isPending) body = <Spinner block />;
  else if (!meetings.data) body = <Notice tone="error">{errorMessage(meetings.error, t('list.loadFailed'))}</Notice>;
  else if (meetings.data.data.length === 0) body = <p className="muted">{t('list.empty')}</p>;
  else
    body = (
      <ul className="meetings-list">
        {meetings.data.data.map((m) => (
          <li key={m.id} id={`meeting-${m.id}`} className="card meetings-item">
            <h2 className="meetings-item__title">
              {t('list.item', { id: m.id, menu: m.menu.title })}
              {m.status === 3 && <span className="muted"> · {t('list.cancelled')}</span>}
            </h2>
            <p className="muted">
              {[m.location?.title, m.host.first_name, m.delivery_note && t('list.deliverTo', { note: m.delivery_note })]
                .filter(Boolean)
                .join(' · ')}
            </p>
            <ul className="meetings-item__lines">
              {m.items.map((i) => (
                <li key={i.id}>
                  {i.qty} × {i.dish.title}
                  {i.guest_name && ` · ${i.guest_name}`}
                </li>
              ))}
            </ul>
            <p>
              <strong>{t('list.amount', { count: m.portions, total: money(m.amount) })}</strong>
            </p>
            {m.cancellable && (
              <Button variant="secondary" size="sm" onClick={() => setCancelling(m)}>
                {t('list.cancel')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    );

  return (
    <section className="page meetings-page">
      <h1 className="page__title">{t('list.title')}</h1>
      <p>
        <Link className="btn btn--primary" to="/meetings/new">
          {t('new.title')}
        </Link>
      </p>
      {meetings.data?.location?.meeting_limit != null && (
        <p className="muted">{t('list.limit', { limit: money(meetings.data.location.meeting_limit) })}</p>
      )}
      {body}
      <ConfirmDialog
        open={cancelling !== null}
        title={t('list.cancelTitle')}
        message={cancelling ? t('list.cancelText', { id: cancelling.id }) : ''}
        confirmLabel={t('list.cancel')}
        cancelLabel={t('list.keep')}
        onConfirm={() => void cancel()}
        onCancel={() => setCancelling(null)}
        busy={busy}
        error={error}
      />
    </section>
  );
}
