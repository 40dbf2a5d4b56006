import { useTranslation } from '../../../lib/i18n';
import type { DishRatingReport } from '../api';

/** The distribution 5 … 1 stars as plain CSS bars, each with its count as text (no chart library needed). */
export function Distribution({ report }: { report: DishRatingReport }) {
  const { t } = useTranslation('rating-reports');
  const max = Math.max(1, ...report.distribution);
  return (
    <ul className="ratings__bars" aria-label={t('distribution')}>
      {[5, 4, 3, 2, 1].map((stars) => {
        const n = report.distribution[stars - 1] ?? 0;
        return (
          <li key={stars} className="ratings__bar-row">
            <span className="ratings__bar-label">{t('starsN', { count: stars })}</span>
            <span className="ratings__bar" aria-hidden="true">
              <span className="ratings__bar-fill" style={{ width: `${(n / max) * 100}%` }} />
            </span>
            <span className="ratings__bar-count">{n}</span>
          </li>
        );
      })}
    </ul>
  );
}
