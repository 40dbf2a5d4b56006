import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useApiQuery } from '../../lib/query';
import { errorMessage } from '../ui/error-message';
import { Notice } from '../ui/notice';
import { orderRatingsKey, PENDING_RATINGS_KEY, RATINGS_KEY, ratingsApi, type OrderRatings, type RateInput } from './api';
import { RatingForm } from './rating-form';

/** Saves through `save`, then keeps the answer under the order's key and refreshes the card's. */
export function useRate(orderId: number, save: (input: RateInput) => Promise<OrderRatings | undefined>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: (answer) => {
      if (answer) client.setQueriesData<OrderRatings>({ queryKey: orderRatingsKey(orderId) }, answer);
      void client.invalidateQueries({ queryKey: PENDING_RATINGS_KEY });
    },
  });
}

/** "Saved" taking the focus, so a screen reader hears it and the keyboard starts there. */
export function SavedNotice({ text }: { text: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1}>
      <Notice tone="success">{text}</Notice>
    </div>
  );
}

/** The order details page's ratings (decision 079): what was rated, the kitchen's answers, and the form while open. */
export function OrderRatingsPanel({ orderId }: { orderId: number }) {
  const { t } = useTranslation('ratings');
  const ratings = useApiQuery<OrderRatings>(orderRatingsKey(orderId), `/app/orders/${orderId}/ratings`, { retry: false });
  const rate = useRate(orderId, (input) => ratingsApi.rateOrder(orderId, input));
  const data = rate.data ?? ratings.data;
  // Nothing to show before delivery, nor for an order with nothing rated once the window closed.
  if (!data || (!data.open && !data.lines.some((l) => l.rated))) return null;
  return (
    <section className="card rate-card" aria-labelledby="order-ratings-title">
      <h2 id="order-ratings-title" className="rate-card__title">
        {t('title')}
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

export { RATINGS_KEY };
