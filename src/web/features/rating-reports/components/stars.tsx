import { useTranslation } from '../../../lib/i18n';
import { localeFor } from '../../../lib/format';

/** An average as "4.3 ★" with its words for screen readers ("4.3 of 5"). */
export function Stars({ average }: { average: number }) {
  const { t, i18n } = useTranslation('rating-reports');
  const n = new Intl.NumberFormat(localeFor(i18n.language), { minimumFractionDigits: 1, maximumFractionDigits: 2 }).format(average);
  return (
    <span className="ratings__stars">
      <span aria-hidden="true">{n} ★</span>
      <span className="visually-hidden">{t('outOfFive', { n })}</span>
    </span>
  );
}
