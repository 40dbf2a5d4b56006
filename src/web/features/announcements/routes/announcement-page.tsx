import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../components/ui/error-message';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../styles/manage.css';
import { ANNOUNCEMENTS_KEY, announcementsApi, useAnnouncement } from '../api';
import '../announcements.css';

const REACH = [
  ['recipients', 'recipients'],
  ['banner_seen', 'bannerSeen'],
  ['banner_dismissed', 'bannerDismissed'],
  ['email_sent', 'emailSent'],
  ['email_waiting', 'emailWaiting'],
  ['email_failed', 'emailFailed'],
  ['email_bounced', 'emailBounced'],
  ['push_sent', 'pushSent'],
  ['push_failed', 'pushFailed'],
  ['push_skipped', 'pushSkipped'],
] as const;

/** /announcements/{id}: the texts, status and reach per channel; send now, cancel (confirmed), edit. */
export function Component() {
  const { t, i18n } = useTranslation('announcements');
  const lang = i18n.language;
  const id = Number(useParams().id);
  const got = useAnnouncement(id);
  const a = got.data;
  useDocumentTitle(a?.title ?? t('title'));
  const client = useQueryClient();
  const arrived = (useLocation().state as { notice?: string } | null)?.notice;
  const [notice, setNotice] = useState<string | null>(arrived ? t(arrived) : null);
  const [asking, setAsking] = useState<'send' | 'cancel' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const act = async () => {
    if (!asking) return;
    setBusy(true);
    setError(null);
    try {
      await (asking === 'send' ? announcementsApi.send(id) : announcementsApi.cancel(id));
      setNotice(t(asking === 'send' ? 'sentNow' : 'cancelled'));
      setAsking(null);
      await client.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY });
    } catch (e) {
      setError(errorMessage(e, t('title')));
    } finally {
      setBusy(false);
    }
  };

  if (got.isPending) return <Spinner />;
  if (!a) return <Notice tone="error">{errorMessage(got.error, t('notFound'))}</Notice>;
  const open = a.status === 'draft' || a.status === 'scheduled';
  return (
    <div className="page announcement-page">
      <p>
        <Link to="/announcements">{t('back')}</Link>
      </p>
      <h1 className="page__title">{a.title}</h1>
      {notice && <Notice tone="success">{notice}</Notice>}
      <p data-testid="announcement-status">
        <strong>{t(`status.${a.status}`)}</strong>
        {a.kind !== 'announcement' && <> · {t(`kind.${a.kind}`)}</>}
        {(a.sent_at ?? a.send_at) && <> · {formatDateTime((a.sent_at ?? a.send_at)!, lang)}</>}
      </p>
      <p>
        {t(`audience.${a.audience.kind}`)} · {a.channels.map((c) => t(`channels.${c}`)).join(', ')}
      </p>
      <p className="announcement-page__text">{a.titles[lang as 'lv'] || a.titles.lv}</p>
      <p className="announcement-page__text">{a.bodies[lang as 'lv'] || a.bodies.lv}</p>
      {open && (
        <div className="announcement-editor__actions">
          <Link className="btn" to={`/announcements/${a.id}/edit`}>
            {t('edit')}
          </Link>
          <Button variant="primary" onClick={() => setAsking('send')}>
            {t('sendNow')}
          </Button>
          <Button variant="danger" onClick={() => setAsking('cancel')}>
            {t('cancel')}
          </Button>
        </div>
      )}
      <h2>{t('reach.title')}</h2>
      <dl className="announcement-reach">
        {REACH.map(([key, label]) => (
          <div key={key}>
            <dt>{t(`reach.${label}`)}</dt>
            <dd>{a.reach[key]}</dd>
          </div>
        ))}
      </dl>
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'send' ? t('sendConfirmTitle') : t('cancelConfirmTitle')}
        message={asking === 'send' ? t('sendConfirm', { title: a.title }) : t('cancelConfirm', { title: a.title })}
        confirmLabel={asking === 'send' ? t('sendNow') : t('cancel')}
        cancelLabel={t('keep')}
        tone={asking === 'send' ? 'primary' : 'danger'}
        busy={busy}
        error={error}
        onConfirm={() => void act()}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
