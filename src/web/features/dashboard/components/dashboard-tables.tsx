import { useTranslation } from '../../../lib/i18n';
import { Table, type Column } from '../../../components/ui/table';
import { formatCents, formatDate } from '../../../lib/format';
import type { DashboardResult } from '../api';
import { PAYMENT_KEYS } from '../charts';

type R = DashboardResult;
const PER_PAGE = 100;

/** Per menu: prepared, ordered, left over ("not recorded" where the kitchen recorded nothing). */
export function DaysTable({ d }: { d: R }) {
  const { t, i18n } = useTranslation('dashboard');
  const columns: Column<R['days'][number]>[] = [
    { key: 'day', header: t('figures.day'), sortable: true, cell: (r) => formatDate(r.day, i18n.language) },
    { key: 'menu_title', header: t('figures.menu'), cell: (r) => r.menu_title },
    {
      key: 'prepared',
      header: t('figures.prepared'),
      align: 'end',
      cell: (r) =>
        (r.prepared === null ? t('noLimit') : r.prepared) +
        (r.unlimited_dishes > 0 && r.prepared !== null ? ` ${t('plusUnlimited', { count: r.unlimited_dishes })}` : ''),
    },
    { key: 'ordered', header: t('figures.ordered'), align: 'end', sortable: true, cell: (r) => r.ordered },
    {
      key: 'left_over',
      header: t('figures.leftOver'),
      align: 'end',
      cell: (r) => (r.left_over === null ? <em>{t('notRecorded')}</em> : r.left_over),
    },
  ];
  return <Table columns={columns} rows={d.days} rowKey={(r) => r.menu_id} perPage={PER_PAGE} />;
}

export function DishesTable({ d }: { d: R }) {
  const { t } = useTranslation('dashboard');
  const rows = [...d.top_dishes.map((x) => ({ ...x, rank: t('top') })), ...d.bottom_dishes.map((x) => ({ ...x, rank: t('bottom') }))];
  const columns: Column<(typeof rows)[number]>[] = [
    { key: 'rank', header: t('figures.list'), cell: (r) => r.rank },
    { key: 'title', header: t('figures.dish'), cell: (r) => r.title },
    { key: 'ordered', header: t('figures.ordered'), align: 'end', cell: (r) => r.ordered },
    { key: 'menus', header: t('figures.menus'), align: 'end', cell: (r) => r.menus },
  ];
  return <Table columns={columns} rows={rows} rowKey={(r) => `${r.rank}-${r.dish_id}`} perPage={PER_PAGE} />;
}

/** Periods as rows, the drawn locations as columns. */
export function LocationsTable({ d }: { d: R }) {
  const { t, i18n } = useTranslation('dashboard');
  const rows = d.periods.map((p, i) => ({ period: p, i }));
  const columns: Column<(typeof rows)[number]>[] = [
    {
      key: 'period',
      header: d.period === 'day' ? t('figures.day') : t('figures.weekOf'),
      cell: (r) => formatDate(r.period, i18n.language),
    },
    ...d.locations.map((s, n) => ({
      key: `l${n}`,
      header: s.title,
      align: 'end' as const,
      cell: (r: (typeof rows)[number]) => s.counts[r.i],
    })),
  ];
  return <Table columns={columns} rows={rows} rowKey={(r) => r.period} perPage={PER_PAGE} />;
}

export function PaymentsTable({ d }: { d: R }) {
  const { t, i18n } = useTranslation('dashboard');
  const money = (c: number) => formatCents(c, i18n.language);
  const rows = [
    ...PAYMENT_KEYS.map((k) => ({ key: k, value: money(d.payments[k]) })),
    { key: 'gross', value: money(d.payments.gross) },
    { key: 'refunds', value: money(d.payments.refunds) },
    { key: 'orders', value: String(d.payments.orders) },
    { key: 'cancelled', value: String(d.payments.cancelled) },
  ];
  const columns: Column<(typeof rows)[number]>[] = [
    { key: 'key', header: t('figures.figure'), cell: (r) => t(`figures.${r.key}`) },
    { key: 'value', header: t('figures.value'), align: 'end', cell: (r) => r.value },
  ];
  return <Table columns={columns} rows={rows} rowKey={(r) => r.key} />;
}

export function SubsidiesTable({ d }: { d: R }) {
  const { t, i18n } = useTranslation('dashboard');
  const columns: Column<R['subsidies'][number]>[] = [
    { key: 'title', header: t('figures.location'), sortable: true, cell: (r) => r.title },
    { key: 'orders', header: t('figures.orders'), align: 'end', sortable: true, cell: (r) => r.orders },
    { key: 'subsidy', header: t('figures.subsidy'), align: 'end', sortable: true, cell: (r) => formatCents(r.subsidy, i18n.language) },
  ];
  return <Table columns={columns} rows={d.subsidies} rowKey={(r) => r.location_id} perPage={PER_PAGE} />;
}

export function StandingTable({ d }: { d: R }) {
  const { t } = useTranslation('dashboard');
  const { orders, standing } = d.standing;
  const rows = [
    { key: 'orders', value: String(orders) },
    { key: 'standing', value: String(standing) },
    { key: 'share', value: orders === 0 ? '–' : `${((standing * 100) / orders).toFixed(1)} %` },
  ];
  const columns: Column<(typeof rows)[number]>[] = [
    { key: 'key', header: t('figures.figure'), cell: (r) => t(`figures.${r.key}`) },
    { key: 'value', header: t('figures.value'), align: 'end', cell: (r) => r.value },
  ];
  return <Table columns={columns} rows={rows} rowKey={(r) => r.key} />;
}

/** On time per lap (with its departures), per location and per month (decision 071). */
export function OnTimeTable({ d }: { d: R }) {
  const { t } = useTranslation('dashboard');
  const rate = (r: number | null) => (r === null ? '–' : `${r} %`);
  const rows = [
    ...d.on_time.laps.map((l) => ({
      key: `lap-${l.lap_id}`,
      kind: t('figures.lap'),
      ...l,
      departures:
        l.departures.on_time + l.departures.late > 0 ? `${l.departures.on_time} / ${l.departures.late} (${rate(l.departures.rate)})` : '–',
    })),
    ...d.on_time.locations.map((l) => ({ key: `location-${l.location_id}`, kind: t('figures.location'), ...l, departures: '' })),
    ...d.on_time.months.map((m) => ({ key: `month-${m.month}`, kind: t('figures.month'), title: m.month, ...m, departures: '' })),
  ];
  const columns: Column<(typeof rows)[number]>[] = [
    { key: 'kind', header: t('figures.row'), cell: (r) => r.kind },
    { key: 'title', header: t('figures.name'), cell: (r) => r.title },
    { key: 'on_time', header: t('figures.onTime'), align: 'end', cell: (r) => r.on_time },
    { key: 'late', header: t('figures.late'), align: 'end', cell: (r) => r.late },
    { key: 'rate', header: t('figures.rate'), align: 'end', cell: (r) => rate(r.rate) },
    { key: 'no_window', header: t('figures.noWindow'), align: 'end', cell: (r) => r.no_window },
    { key: 'departures', header: t('figures.departures'), align: 'end', cell: (r) => r.departures },
  ];
  return <Table columns={columns} rows={rows} rowKey={(r) => r.key} perPage={PER_PAGE} />;
}
