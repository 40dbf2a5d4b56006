import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { CancelOrderButton, canCancelOrder, ORDER_STATUS_KEY, useNow } from '../../../components/orders/cancel-order';
import { formatEuros } from '../../../lib/format';
import { useMyMenuOrders } from '../use-my-menu-orders';
import { useSession } from '../../../lib/session-store';
import { ChangeOrderButton } from '../../../components/orders/change-order';
import { PayOrderLink } from '../../../components/orders/pay-order';
import type { Order } from '../../../../shared/schemas/orders';

/**
 * The customer's own orders on the chosen menu, with Change and Cancel while the menu is open
 * (decision 031; the orders come from use-my-menu-orders.ts), and an order waiting for its card
 * or bank payment with Pay and Cancel and what a new order does to it (decision 045).
 */
export function MyMenuOrders({
  locationId,
  menuId,
  open,
  clockOffset,
  orders: given,
}: {
  locationId: number;
  menuId: number;
  /** The orders when the page has them already (the week view); else they are asked here. */
  orders?: readonly Order[];
  /** The menu still takes orders (judged on the server's time). */
  open: boolean;
  /** Milliseconds to add to the device time to get the server's. */
  clockOffset: number;
}) {
  const { t } = useTranslation('ordering');
  const common = useTranslation('common').t;
  const lang = useSession((s) => s.lang);
  const history = useMyMenuOrders(locationId, menuId, given === undefined);
  // Unique per list: the week view shows one for each day.
  const titleId = useId();
  const now = useNow() + clockOffset;
  const orders = given ?? history.data?.data ?? [];
  if (orders.length === 0) return null;
  return (
    <section className="card ord-mine" aria-labelledby={titleId}>
      <h2 className="ord-mine__title" id={titleId}>
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
                  <PayOrderLink order={o} />
                  {o.status !== 1 && <ChangeOrderButton order={o} />}
                  <CancelOrderButton order={o} />
                </span>
              )}
              {o.status === 1 && <p className="ord-mine__hint muted">{common('payOrder.pending', { id: o.id })}</p>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
