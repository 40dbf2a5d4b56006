import { Link, useSearchParams } from 'react-router';
import { STAFF, hasRole } from '../../../../shared/roles';
import { ManagePage } from '../../../components/manage/manage-page';
import { Notice } from '../../../components/ui/notice';
import { Table, type Column } from '../../../components/ui/table';
import { useTranslation } from '../../../lib/i18n';
import { useMe } from '../../../lib/me';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocationRatings, useRatedDishes, type RatingDishList, type RatingPeriod } from '../api';
import { PeriodSelect, periodOf } from '../components/period-select';
import { Stars } from '../components/stars';
import '../rating-reports.css';

type Row = RatingDishList['data'][number];

/**
 * /ratings (issue 30, decision 080): staff see the active provider's rated dishes (average,
 * count, sortable) with a link to each dish's page; a location manager sees their eaters'
 * averages only, without the dishes too few people rated.
 */
export function Component() {
  const { t } = useTranslation('rating-reports');
  useDocumentTitle(t('title'));
  const me = useMe();
  const staff = hasRole(me.data?.role, STAFF);
  const manager = !staff && me.data?.is_location_manager === true;
  const [params, setParams] = useSearchParams();
  const period = periodOf(params.get('period'));
  const setPeriod = (p: RatingPeriod) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('period', p);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  const dishes = useRatedDishes(period, staff);
  const location = useLocationRatings(period, manager);
  const list = staff ? dishes : location;
  const columns: Column<Row>[] = [
    {
      key: 'title',
      header: t('dish'),
      sortable: true,
      cell: (r) => (staff ? <Link to={`/ratings/dishes/${r.dish_id}?period=${period}`}>{r.title}</Link> : r.title),
    },
    { key: 'average', header: t('average'), sortable: true, align: 'end', cell: (r) => <Stars average={r.average} /> },
    { key: 'count', header: t('count'), sortable: true, align: 'end', cell: (r) => r.count },
  ];
  return (
    <ManagePage
      title={t('title')}
      providerScoped={staff}
      tools={<PeriodSelect value={period} onChange={setPeriod} />}
      loadError={list.isError ? list.error : null}
    >
      {manager && <p className="muted">{t('managerNote', { min: location.data?.min_raters ?? 5 })}</p>}
      <Table
        columns={columns}
        rows={list.data?.data ?? []}
        rowKey={(r) => r.dish_id}
        loading={list.isPending && (staff || manager)}
        defaultSort={{ field: 'average', dir: 'desc' }}
        emptyText={t('empty')}
      />
      {manager && (location.data?.hidden ?? 0) > 0 && <Notice tone="info">{t('hidden', { count: location.data!.hidden })}</Notice>}
    </ManagePage>
  );
}
