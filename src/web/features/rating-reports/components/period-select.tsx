import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { RATING_PERIODS, type RatingPeriod } from '../api';

/** The period the page reads: the last 7, 30, 90 or 365 days. */
export function PeriodSelect({ value, onChange }: { value: RatingPeriod; onChange(p: RatingPeriod): void }) {
  const { t } = useTranslation('rating-reports');
  const id = useId();
  return (
    <div className="field ratings__period">
      <label className="field__label" htmlFor={id}>
        {t('period')}
      </label>
      <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value as RatingPeriod)}>
        {RATING_PERIODS.map((p) => (
          <option key={p} value={p}>
            {t('lastDays', { count: Number(p) })}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The period from the address (?period=), 30 days by default. */
export function periodOf(raw: string | null): RatingPeriod {
  return (RATING_PERIODS as readonly string[]).includes(raw ?? '') ? (raw as RatingPeriod) : '30';
}
