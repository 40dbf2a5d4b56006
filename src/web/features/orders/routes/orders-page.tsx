import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { Table, type Column } from '../../../components/ui/table';
import { isApiError } from '../../../lib/api';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useProviderZone } from '../../../lib/provider-zone';
import { useOrderMenus, type MenuSummary } from '../api';
import '../../../styles/manage.css';
import '../../../styles/orders.css';

/** /orders: the provider's menus, newest first, each linking to its orders (spec 2). */
export function Component() {
  const { t, i18n } = useTranslation('orders');
  const lang = i18n.language;
  useDocumentTitle(t('title'));
  const { zone } = useProviderZone();
  const menus = useOrderMenus();

  const columns: Column<MenuSummary>[] = [
    {
      key: 'title',
      header: t('menus.menu'),
      cell: (m) => (
        <Link className="cell-strong" to={`/orders/${m.id}`}>
          {m.title}
        </Link>
      ),
    },
    { key: 'from', header: t('menus.date'), className: 'cell-nowrap', cell: (m) => formatDate(m.from, lang, zone) },
    { key: 'to', header: t('menus.until'), className: 'cell-nowrap', cell: (m) => formatDateTime(m.to, lang, zone) },
    {
      key: 'status',
      header: t('menus.status'),
      cell: (m) => (
        <span className={`badge ${m.status ? 'badge--ok' : 'badge--off'}`}>{m.status ? t('menus.published') : t('menus.draft')}</span>
      ),
    },
    { key: 'orders_count', header: t('menus.orders'), align: 'end', cell: (m) => m.orders_count },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('columns.actions')}</span>,
      align: 'end',
      cell: (m) => (
        <Link className="btn btn--sm btn--secondary" to={`/orders/${m.id}`} aria-label={t('menus.viewNamed', { title: m.title })}>
          {t('menus.view')}
        </Link>
      ),
    },
  ];

  return (
    <section className="page mgmt ord-page">
      <h1 className="page__title">{t('title')}</h1>
      {menus.isError && !(isApiError(menus.error) && menus.error.isIgnored) && (
        <Notice tone="error">
          {errorMessage(menus.error, t('errors.menusFailed'))}{' '}
          <Button size="sm" variant="ghost" onClick={() => void menus.refetch()}>
            {t('retry')}
          </Button>
        </Notice>
      )}
      <Table columns={columns} rows={menus.data?.data ?? []} rowKey={(m) => m.id} loading={menus.isPending} />
    </section>
  );
}
