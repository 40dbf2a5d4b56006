import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useTranslation, type TFunction } from '../../../lib/i18n';
import { localeFor } from '../../../lib/format';
import '../../../styles/forecast.css';
import type { ForecastEntry, MenuForecast } from '../api';
import { suggestedStock } from '../balance';

/**
 * Why a dish's suggestion is what it is (decision 062): "average of the last 6 Mondays: 23;
 * 9 portions from standing orders; 4 people away who usually order it: −3.5; rated 4.6 of 5, above
 * the kitchen's average: +5 %" (decision 080), then what applying it sets.
 */
export function forecastReason(
  t: TFunction,
  lang: string,
  forecast: Pick<MenuForecast, 'weekday' | 'weeks'>,
  entry: ForecastEntry,
  ordered: number,
): string {
  const number = new Intl.NumberFormat(localeFor(lang), { maximumFractionDigits: 1 });
  const weekday = t(`forecast.weekday.${forecast.weekday}`);
  const common = { weekday, weeks: forecast.weeks, avg: number.format(entry.average) };
  const average =
    entry.weeks === 0
      ? t('forecast.averageNone', common)
      : entry.weeks === forecast.weeks
        ? t('forecast.averageAll', common)
        : t('forecast.averageSome', { ...common, count: entry.weeks });
  const parts = [
    average,
    t('forecast.standing', { count: entry.standing }),
    t('forecast.away', { count: entry.away_people, portions: number.format(entry.away_portions) }),
  ];
  // The ratings' nudge (decision 080), only when it moves the count.
  if (entry.rating_factor !== 1 && entry.rating_average !== null) {
    const pct = Math.round(Math.abs(entry.rating_factor - 1) * 100);
    parts.push(t(entry.rating_factor > 1 ? 'forecast.ratingUp' : 'forecast.ratingDown', { avg: number.format(entry.rating_average), pct }));
  }
  if (entry.suggested === null) return `${parts.join('; ')}. ${t('forecast.noSuggestion')}`;
  const stock = suggestedStock(entry.suggested, ordered);
  const fill = ordered > 0 ? t('forecast.fillOrdered', { ordered, stock }) : t('forecast.fill', { stock });
  return `${parts.join('; ')}. ${fill}`;
}

interface HintProps {
  forecast: MenuForecast;
  entry: ForecastEntry;
  ordered: number;
  /** The dish's name: each button names its dish for screen readers. */
  dish: string;
  /** Fills this dish's suggested stock in (an edit; nothing is saved). */
  onUse: () => void;
}

/**
 * The suggestion beside a dish: a button that fills it in, its reason shown on hover and on
 * keyboard focus (Escape hides it) and given to screen readers as the button's description.
 */
export function ForecastHint({ forecast, entry, ordered, dish, onUse }: HintProps) {
  const { t, i18n } = useTranslation('menus');
  const [open, setOpen] = useState(false);
  const reasonId = useId();
  const reason = useRef<HTMLSpanElement>(null);
  // Opened under the row: scrolled into view (above the sticky save bar) when it would be off screen.
  useEffect(() => {
    if (open) reason.current?.scrollIntoView?.({ block: 'nearest' });
  }, [open]);
  // No history: no button to fill anything in, only why.
  if (entry.suggested === null)
    return <span className="muted pick-row__meta forecast__none">{forecastReason(t, i18n.language, forecast, entry, ordered)}</span>;
  return (
    <span className="forecast" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className="forecast__chip"
        aria-label={t('forecast.suggestedLabel', { n: entry.suggested, dish })}
        aria-describedby={reasonId}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            e.preventDefault();
            setOpen(false);
          }
        }}
        onClick={onUse}
      >
        {t('forecast.suggested', { n: entry.suggested })}
      </button>
      <span ref={reason} role="tooltip" id={reasonId} className={open ? 'forecast__reason is-open' : 'visually-hidden'}>
        {forecastReason(t, i18n.language, forecast, entry, ordered)}
      </span>
    </span>
  );
}

interface BarProps {
  forecast: MenuForecast | undefined;
  loading: boolean;
  failed: boolean;
  /** Fills every suggestion in. */
  onApply: () => void;
}

/** "Apply suggestions" above the dishes, with the forecast's loading and failure states. */
export function ForecastBar({ forecast, loading, failed, onApply }: BarProps) {
  const { t } = useTranslation('menus');
  const [applied, setApplied] = useState(false);
  const status = loading ? t('forecast.loading') : failed ? t('forecast.failed') : applied ? t('forecast.applied') : '';
  return (
    <div className="balance-forecast">
      <Button
        onClick={() => {
          onApply();
          setApplied(true);
        }}
        disabled={!forecast || !forecast.forecast.some((f) => f.suggested !== null)}
        loading={loading}
        aria-describedby="balance-forecast-hint"
      >
        {t('forecast.apply')}
      </Button>
      <span className={failed ? 'field__error' : 'muted'} role="status">
        {status}
      </span>
      <p id="balance-forecast-hint" className="muted pick-row__meta">
        {t('forecast.applyHint')}
      </p>
    </div>
  );
}
