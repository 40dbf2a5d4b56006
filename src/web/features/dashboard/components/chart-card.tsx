import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button';
import { ChartCanvas, type DashChartConfig } from './chart-canvas';

interface ChartCardProps {
  title: string;
  /** Under the heading: what the figures are. */
  note?: ReactNode;
  config: DashChartConfig | null;
  /** The chart's figures as a table (for screen readers and anyone who prefers numbers). */
  table: ReactNode;
  onCsv(): void;
  csvBusy?: boolean;
  /** Shown instead of the chart when there is nothing to draw; default: no orders in the period. */
  empty?: string;
}

/** A chart with its heading, its data as a table (opened with a visible toggle) and its CSV download. */
export function ChartCard({ title, note, config, table, onCsv, csvBusy, empty }: ChartCardProps) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  return (
    <section className="dash-card" aria-labelledby={id}>
      <header className="dash-card__head">
        <h2 id={id} className="dash-card__title">
          {title}
        </h2>
        <Button size="sm" variant="secondary" onClick={onCsv} disabled={csvBusy} aria-label={t('csvOf', { chart: title })}>
          {t('csv')}
        </Button>
      </header>
      {note && <p className="dash-card__note">{note}</p>}
      {config ? (
        <ChartCanvas config={config} label={t('chartOf', { chart: title })} />
      ) : (
        <p className="dash-card__empty">{empty ?? t('empty')}</p>
      )}
      <details className="dash-card__table">
        <summary>{t('showTable')}</summary>
        {table}
      </details>
    </section>
  );
}
