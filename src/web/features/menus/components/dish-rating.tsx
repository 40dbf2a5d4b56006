import { localeFor } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import type { RatingSummary } from '../api';

/** A dish's rating beside it ("rated 4.3 of 5 (12)"), nothing when it has none (decision 080). */
export function DishRating({ rating }: { rating: RatingSummary | undefined }) {
  const { t, i18n } = useTranslation('menus');
  if (!rating) return null;
  const avg = new Intl.NumberFormat(localeFor(i18n.language), { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(
    rating.average,
  );
  return <span className="muted dish-rating">{t('rating', { avg, n: rating.count })}</span>;
}
