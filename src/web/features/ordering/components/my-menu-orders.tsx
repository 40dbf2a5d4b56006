import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HistoryMenuResult } from '../../../../shared/schemas/history';
import { CancelOrderButton, canCancelOrder, ORDER_STATUS_KEY, useNow } from '../../../components/orders/cancel-order';
import { formatEuros } from '../../../lib/format';
import { useApiQuery } from '../../../lib/query';
import { useSession } from '../../../lib/session-store';
import { ChangeOrderButton } from '../../../components/orders/change-order';

/**
 * The customer's own orders on the chosen menu, with Cancel while the menu is open (decision
 * 031). Read through the history call (GET /app/dishlists/history/{locationId}/{menuId}) under
 * the ['history'] key, so a cancel or a new order refetches it with the history pages.
 */
export function MyMenuOrders({
  locationId,
  menuId,
  open,
  clockOffset,
}: {
  locationId: number;
  menuId: number;
  /** The menu still takes orders (judged on the server's time). */
  open: boolean;
  /** Milliseconds to add to the device time to get the server's. */
  clockOffset: number;
}) {
  const { t } = useTranslation('ordering');
  const lang = useSession((s) => s.lang);
  const history = useApiQuery<HistoryMenuResult>(
    ['history', locationId, String(menuId)],
    `/app/dishlists/history/${locationId}/${menuId}`,
    {
      query: { per_page: 'all' },
      staleTime: 0,
    },
  );
  const now = useNow() + clockOffset;
  const orders = history.data?.data ?? [];
  if (orders.length === 0) return null;
  return (
    <section className="card ord-mine" aria-labelledby="ord-mine-title">
      <h2 className="ord-mine__title" id="ord-mine-title">
        {t('myOrders.title')}
      </h2>
      <ul className="ord-mine__list">
        {orders.map((o) => {
          const status = ORDER_STATUS_KEY[o.status] ?? 'pending';
          return (
            <li key={o.id} className="ord-mine__row">
              <Link className="link" to={`/order/${o.id}`}>
                {t('myOrders.orderNo', { id: o.id })}
              </Link>
              <span className="ord-mine__items">{o.items.map((line) => `${line.qty} × ${line.dish.title}`).join(', ')}</span>
              <span>{formatEuros(o.amount_to_pay, lang)}</span>
              <span className={`ord-tag ord-tag--${status}`}>{t(`status.${status}`)}</span>
              {open && canCancelOrder(o, false, now) && (
                <span className="ord-mine__actions">
                  <ChangeOrderButton order={o} />
                  <CancelOrderButton order={o} />
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
