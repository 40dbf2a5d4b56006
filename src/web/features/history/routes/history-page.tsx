import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { Table, type Column } from '../../../components/ui/table';
import { formatDate, formatEuros } from '../../../lib/format';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useHistoryMenus, type HistoryMenu } from '../api';
import { LocationPicker } from '../components/location-picker';
import { useHistoryLocation } from '../use-history-location';
import '../../../styles/history.css';

/** /history: the menus the user ordered from, with cash, card, subsidy and total sums (spec 2). */
export function Component() {
  const { t } = useTranslation('history');
  const lang = useSession((s) => s.lang);
  useDocumentTitle(t('title'));
  const where = useHistoryLocation();
  const menus = useHistoryMenus(where.locationId);
  const money = (euros: number) => formatEuros(euros, lang);

  const columns: Column<HistoryMenu>[] = [
    {
      key: 'title',
      header: t('menu'),
      sortable: true,
      cell: (m) => (
        <Link className="link" to={`/history/${m.id}${where.suffix}`}>
          {m.title}
        </Link>
      ),
    },
    { key: 'from', header: t('date'), sortable: true, cell: (m) => formatDate(m.from, lang, m.timezone) },
    { key: 'orders_count', header: t('orders'), align: 'end', sortable: true, cell: (m) => m.orders_count },
    { key: 'cash_total', header: t('cash'), align: 'end', sortable: true, cell: (m) => money(m.cash_total) },
    { key: 'cards_total', header: t('card'), align: 'end', sortable: true, cell: (m) => money(m.cards_total) },
    { key: 'subsidy_total', header: t('subsidy'), align: 'end', sortable: true, cell: (m) => money(m.subsidy_total) },
    { key: 'total', header: t('total'), align: 'end', sortable: true, cell: (m) => <strong>{money(m.total)}</strong> },
  ];

  let body;
  if (where.me.isPending || where.locationsPending) body = <Spinner block />;
  else if (where.locationId === null) body = <Notice tone="info">{t('noLocation')}</Notice>;
  else if (menus.isError)
    body = (
      <Notice tone="error">
        {t('loadFailed')}{' '}
        <Button size="sm" variant="ghost" onClick={() => void menus.refetch()}>
          {t('retry')}
        </Button>
      </Notice>
    );
  else body = <Table columns={columns} rows={menus.data?.data ?? []} rowKey={(m) => m.id} loading={menus.isPending} />;

  return (
    <section className="page hist-page">
      <div className="hist-head">
        <h1 className="page__title">{t('title')}</h1>
        {where.isStaff && <LocationPicker locations={where.locations} value={where.locationId} onChange={where.setLocation} />}
      </div>
      {body}
    </section>
  );
}
