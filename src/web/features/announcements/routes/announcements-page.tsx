import { Link } from 'react-router';
import { ManagePage } from '../../../components/manage/manage-page';
import { Table, type Column } from '../../../components/ui/table';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../styles/manage.css';
import { useAnnouncements, type AnnouncementSummary } from '../api';

/** /announcements: the staff's announcements with their status and reach (issue 30). */
export function Component() {
  const { t, i18n } = useTranslation('announcements');
  const lang = i18n.language;
  useDocumentTitle(t('title'));
  const list = useAnnouncements();
  const columns: Column<AnnouncementSummary>[] = [
    {
      key: 'title',
      header: t('fields.title'),
      cell: (a) => (
        <span className="cell-strong">
          <Link to={`/announcements/${a.id}`}>{a.title}</Link>
          {a.kind !== 'announcement' && <span className="muted"> · {t(`kind.${a.kind}`)}</span>}
        </span>
      ),
    },
    { key: 'status', header: t('fields.status'), cell: (a) => t(`status.${a.status}`) },
    {
      key: 'send_at',
      header: t('fields.sent'),
      cell: (a) => {
        const at = a.sent_at ?? a.send_at;
        return at ? formatDateTime(at, lang) : <span className="muted">—</span>;
      },
    },
    { key: 'recipients', header: t('fields.recipients'), align: 'end', cell: (a) => a.recipients },
    { key: 'email_sent', header: t('fields.emailsSent'), align: 'end', cell: (a) => a.email_sent },
  ];
  return (
    <ManagePage
      providerScoped
      title={t('title')}
      actions={
        <Link className="btn btn--primary" to="/announcements/new">
          {t('new')}
        </Link>
      }
      loadError={list.isError ? list.error : null}
    >
      <Table columns={columns} rows={list.data?.data ?? []} rowKey={(a) => a.id} loading={list.isPending} emptyText={t('empty')} />
    </ManagePage>
  );
}
