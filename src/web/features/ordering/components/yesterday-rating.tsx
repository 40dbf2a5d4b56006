import { lazy, Suspense, useState } from 'react';
import type { OrderRatings, PendingRatings } from '../../../../shared/schemas/ratings';
import { useApiQuery } from '../../../lib/query';

const YesterdayCard = lazy(() => import('../../../components/ratings/yesterday-card'));

/**
 * The order page's "yesterday" card (decision 079): asked for once the menu is shown (this
 * renders inside the loaded menu), and its code is fetched only when there is a lunch to rate.
 * The first answer stays, so the card is not pulled away while its eater rates.
 */
export function YesterdayRating() {
  const pending = useApiQuery<PendingRatings>(['ratings', 'pending'], '/app/ratings/pending', { staleTime: 5 * 60_000, retry: false });
  const [shown, setShown] = useState<OrderRatings | null>(null);
  if (!shown && pending.data?.order) setShown(pending.data.order);
  return shown ? (
    <Suspense fallback={null}>
      <YesterdayCard order={shown} />
    </Suspense>
  ) : null;
}
