import type { DashboardResult } from './api';
import { PALETTE, type DashChartConfig } from './components/chart-canvas';

/*
 * The dashboard's chart configurations, built from the answer (pure: no React). Amounts are
 * drawn in euros from integer cents; every figure drawn is also in the chart's table.
 */

type Tx = (key: string) => string;
const euros = (cents: number) => cents / 100;
const legendBottom = { legend: { position: 'bottom' as const } };

export function daysChart(d: DashboardResult, t: Tx, day: (iso: string) => string): DashChartConfig | null {
  if (d.days.length === 0) return null;
  return {
    type: 'bar',
    data: {
      labels: d.days.map((r) => day(r.day)),
      datasets: [
        { label: t('figures.prepared'), data: d.days.map((r) => r.prepared ?? 0), backgroundColor: PALETTE[0] },
        { label: t('figures.ordered'), data: d.days.map((r) => r.ordered), backgroundColor: PALETTE[2] },
        { label: t('figures.leftOver'), data: d.days.map((r) => r.left_over ?? 0), backgroundColor: PALETTE[1] },
      ],
    },
    options: { plugins: legendBottom, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } },
  };
}

export function dishesChart(d: DashboardResult, t: Tx): DashChartConfig | null {
  const rows = [...d.top_dishes, ...d.bottom_dishes];
  // Nothing ordered in the range: the empty notice, not a chart of bars of 0.
  if (rows.every((r) => r.ordered === 0)) return null;
  return {
    type: 'bar',
    data: {
      labels: rows.map((r) => r.title),
      datasets: [
        {
          label: t('figures.ordered'),
          data: rows.map((r) => r.ordered),
          backgroundColor: rows.map((_, i) => (i < d.top_dishes.length ? PALETTE[2] : PALETTE[1])),
        },
      ],
    },
    options: { indexAxis: 'y', plugins: { legend: { display: false } }, scales: { x: { beginAtZero: true, ticks: { precision: 0 } } } },
  };
}

export function locationsChart(d: DashboardResult, day: (iso: string) => string): DashChartConfig | null {
  if (d.locations.length === 0) return null;
  return {
    type: 'line',
    data: {
      labels: d.periods.map(day),
      datasets: d.locations.map((s, i) => ({
        label: s.title,
        data: s.counts,
        borderColor: PALETTE[i % PALETTE.length],
        backgroundColor: PALETTE[i % PALETTE.length],
        pointRadius: d.periods.length > 60 ? 0 : 2,
      })),
    },
    options: { plugins: legendBottom, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } },
  };
}

export const PAYMENT_KEYS = ['cash', 'card', 'bank', 'subsidy', 'bonus'] as const;

export function paymentsChart(d: DashboardResult, t: Tx): DashChartConfig | null {
  if (d.payments.orders === 0) return null;
  return {
    type: 'doughnut',
    data: {
      labels: PAYMENT_KEYS.map((k) => t(`figures.${k}`)),
      datasets: [{ data: PAYMENT_KEYS.map((k) => euros(d.payments[k])), backgroundColor: PALETTE.slice(0, PAYMENT_KEYS.length) }],
    },
    options: { plugins: legendBottom },
  };
}

export function subsidiesChart(d: DashboardResult, t: Tx): DashChartConfig | null {
  if (d.subsidies.length === 0) return null;
  return {
    type: 'bar',
    data: {
      labels: d.subsidies.map((r) => r.title),
      datasets: [{ label: t('figures.subsidy'), data: d.subsidies.map((r) => euros(r.subsidy)), backgroundColor: PALETTE[3] }],
    },
    options: { plugins: { legend: { display: false } }, scales: { y: { beginAtZero: true } } },
  };
}

export function standingChart(d: DashboardResult, t: Tx): DashChartConfig | null {
  if (d.standing.orders === 0) return null;
  return {
    type: 'doughnut',
    data: {
      labels: [t('figures.standing'), t('figures.otherOrders')],
      datasets: [{ data: [d.standing.standing, d.standing.orders - d.standing.standing], backgroundColor: [PALETTE[0], PALETTE[7]] }],
    },
    options: { plugins: legendBottom },
  };
}

/** Delivered stops per lap: on time and late stacked (decision 071); stops without a window are in the table only. */
export function onTimeChart(d: DashboardResult, t: Tx): DashChartConfig | null {
  const laps = d.on_time.laps.filter((l) => l.on_time + l.late > 0);
  if (laps.length === 0) return null;
  return {
    type: 'bar',
    data: {
      labels: laps.map((l) => l.title),
      datasets: [
        { label: t('figures.onTime'), data: laps.map((l) => l.on_time), backgroundColor: PALETTE[2] },
        { label: t('figures.late'), data: laps.map((l) => l.late), backgroundColor: PALETTE[1] },
      ],
    },
    options: { plugins: legendBottom, scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } } } },
  };
}
