import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DASHBOARD_MAX_DAYS } from '../../../../shared/schemas/dashboard';
import { FilterBar, useFilterValues, type FilterSpec } from '../../../components/manage/filter-bar';
import { ManagePage, usePageNotice } from '../../../components/manage/manage-page';
import { saveBlob } from '../../../lib/download';
import { formatDate, isoDayIn } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { dashboardApi, useDashboard, useDashboardLocations, type DashboardChart, type DashboardQuery } from '../api';
import { daysChart, dishesChart, locationsChart, onTimeChart, paymentsChart, standingChart, subsidiesChart } from '../charts';
import { ChartCard } from '../components/chart-card';
import { RatedCard } from '../components/rated-card';
import {
  DaysTable,
  DishesTable,
  LocationsTable,
  OnTimeTable,
  PaymentsTable,
  StandingTable,
  SubsidiesTable,
} from '../components/dashboard-tables';
import '../dashboard.css';

/** yyyy-mm-dd `n` days before `iso`. */
function daysBefore(iso: string, n: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}

const spanDays = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * /dashboard (admin and kitchen; issue 27, decision 063): sales and waste of the active provider's
 * menus over a range of days (at most DASHBOARD_MAX_DAYS), optionally at one location: each chart
 * with its figures as a table and as CSV. chart.js loads with this page only (a lazy route).
 */
export function Component() {
  const { t, i18n } = useTranslation('dashboard');
  useDocumentTitle(t('title'));
  const lang = i18n.language;
  const notice = usePageNotice();
  const today = isoDayIn(new Date());
  const [filter, setFilter] = useFilterValues({ from: daysBefore(today, 29), to: today, location: '' }, () => undefined);
  const locations = useDashboardLocations();
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(filter.from) && /^\d{4}-\d{2}-\d{2}$/.test(filter.to);
  const span = valid ? spanDays(filter.from, filter.to) : 0;
  const rangeError = !valid ? t('rangeMissing') : span < 1 ? t('rangeReversed') : span > DASHBOARD_MAX_DAYS ? t('rangeTooLong') : null;
  const query: DashboardQuery = {
    from: filter.from,
    to: filter.to,
    ...(filter.location ? { location_id: Number(filter.location) } : {}),
  };
  const dash = useDashboard(query, rangeError === null);
  const d = dash.data;
  const day = (iso: string) => formatDate(iso, lang);
  const tx = (k: string) => t(k);
  const charts = useMemo(
    () =>
      d && {
        days: daysChart(d, tx, day),
        dishes: dishesChart(d, tx),
        locations: locationsChart(d, day),
        payments: paymentsChart(d, tx),
        subsidies: subsidiesChart(d, tx),
        standing: standingChart(d, tx),
        onTime: onTimeChart(d, tx),
      },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the texts follow the language
    [d, lang],
  );
  const csv = useMutation({
    mutationFn: async (chart: DashboardChart) => {
      const blob = await dashboardApi.csv(chart, query);
      const where = query.location_id === undefined ? '' : `-location-${query.location_id}`;
      if (blob) saveBlob(blob, `dashboard-${chart}-${query.from}-${query.to}${where}.csv`);
    },
    onError: () => notice.error(t('csvFailed')),
  });
  const filters: FilterSpec<keyof typeof filter>[] = [
    { key: 'from', label: t('from'), type: 'date' },
    { key: 'to', label: t('to'), type: 'date' },
    {
      key: 'location',
      label: t('location'),
      type: 'select',
      any: t('allLocations'),
      options: (locations.data?.data ?? []).map((l) => [l.id, l.title] as const),
    },
  ];
  const card = (chart: DashboardChart) => ({ onCsv: () => csv.mutate(chart), csvBusy: csv.isPending });
  return (
    <ManagePage
      title={t('title')}
      providerScoped
      tools={<FilterBar filters={filters} values={filter} onChange={setFilter} />}
      notice={rangeError ? { tone: 'error', text: rangeError } : notice.current}
      loadError={rangeError === null && dash.isError ? dash.error : null}
    >
      {d && charts && (
        <div className="dash-grid" aria-busy={dash.isFetching}>
          <ChartCard
            title={t('charts.days')}
            note={query.location_id === undefined ? t('notes.days') : t('notes.daysAllLocations')}
            config={charts.days}
            table={<DaysTable d={d} />}
            {...card('days')}
          />
          <ChartCard
            title={t('charts.dishes')}
            note={t('notes.dishes')}
            config={charts.dishes}
            table={<DishesTable d={d} />}
            {...card('dishes')}
          />
          <ChartCard
            title={t('charts.locations')}
            note={d.period === 'week' ? t('notes.weekly') : undefined}
            config={charts.locations}
            table={<LocationsTable d={d} />}
            {...card('locations')}
          />
          <ChartCard
            title={t('charts.payments')}
            note={t('notes.payments')}
            config={charts.payments}
            table={<PaymentsTable d={d} />}
            {...card('payments')}
          />
          <ChartCard title={t('charts.subsidies')} config={charts.subsidies} table={<SubsidiesTable d={d} />} {...card('subsidies')} />
          <ChartCard title={t('charts.standing')} config={charts.standing} table={<StandingTable d={d} />} {...card('standing')} />
          <ChartCard
            title={t('charts.onTime')}
            note={
              <>
                {d.on_time.total.rate === null
                  ? t('notes.onTimeNone')
                  : t('notes.onTime', {
                      onTime: d.on_time.total.on_time,
                      counted: d.on_time.total.on_time + d.on_time.total.late,
                      rate: d.on_time.total.rate,
                    })}
                {d.on_time.total.no_window > 0 && ` ${t('notes.onTimeLeftOut', { count: d.on_time.total.no_window })}`}
              </>
            }
            empty={t('emptyOnTime')}
            config={charts.onTime}
            table={<OnTimeTable d={d} />}
            {...card('on_time')}
          />
          <RatedCard />
        </div>
      )}
    </ManagePage>
  );
}
