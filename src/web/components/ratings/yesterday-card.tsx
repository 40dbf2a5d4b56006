import { formatDate } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { errorMessage } from '../ui/error-message';
import { ratingsApi, type OrderRatings } from './api';
import { SavedNotice, useRate } from './order-ratings';
import { RatingForm } from './rating-form';

/**
 * The order page's "yesterday" card (decision 079): the eater's latest delivered lunch with dishes
 * still to rate, rated in place. Loaded lazily, and only when there is such a lunch.
 */
export default function YesterdayCard({ order }: { order: OrderRatings }) {
  const { t, i18n } = useTranslation('ratings');
  const rate = useRate(order.order_id, (input) => ratingsApi.rateOrder(order.order_id, input));
  const data = rate.data ?? order;
  return (
    <section className="card rate-card" aria-labelledby="yesterday-rating-title">
      <h2 id="yesterday-rating-title" className="rate-card__title">
        {t('cardTitle', { day: formatDate(data.day, i18n.language) })}
      </h2>
      {rate.isSuccess && <SavedNotice text={t('saved')} />}
      <RatingForm
        key={data.lines.filter((l) => l.rated).length}
        data={data}
        saving={rate.isPending}
        error={rate.isError ? errorMessage(rate.error, t('saveFailed')) : null}
        onSubmit={(input) => rate.mutate(input)}
      />
    </section>
  );
}
