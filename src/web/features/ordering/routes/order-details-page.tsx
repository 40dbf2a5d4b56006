import { OrderCostCentre } from '../../../components/cost-centres/order-cost-centre';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError, isNotFound } from '../../../lib/api';
import { formatDate, formatDateTime, formatEuros } from '../../../lib/format';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOrder, type Order } from '../api';
import { safePaymentLink } from '../model/payment-link';
import { orderAgainPath } from '../use-order-again';
import '../../../styles/ordering.css';
import { StatusPage } from '../../../components/ui/status-page';
import { CancelOrderButton, canCancelOrder, ORDER_STATUS_KEY, useNow } from '../../../components/orders/cancel-order';
import { useMe } from '../../../lib/me';
import { ChangeOrderButton } from '../../../components/orders/change-order';
import { OrderDeliveryPanel } from '../components/delivery-status';
import { OrderRatingsPanel } from '../../../components/ratings/order-ratings';
import { WithdrawnDishes } from '../components/withdrawn-dishes';

/** A menu's title with its day, unless the title already names it. */
function menuLabel(title: string, day: string) {
  return title.includes(day) ? title : `${title} (${day})`;
}

/** /order/{orderId}: one order with its lines, sums and the "Ordered on" date. */
export function Component() {
  const { t } = useTranslation(['checkout', 'ordering']);
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  const title = t('details.title', { id: orderId });
  useDocumentTitle(title);
  // Someone else's order (403) is answered like a missing one: its existence is not theirs to know.
  if (!order.data && (isNotFound(order.error) || (isApiError(order.error) && order.error.status === 403))) {
    return <StatusPage kind="notFound" />;
  }

  return (
    <section className="page page--narrow order-details">
      <p>
        <Link className="link" to="/history">
          ← {t('details.toHistory')}
        </Link>
      </p>
      <h1 className="page__title">{title}</h1>
      {order.isPending ? (
        <Spinner block />
      ) : order.data ? (
        <OrderDetails order={order.data} />
      ) : (
        <Notice tone="error">
          {t('errors.loadFailed')}{' '}
          <Button size="sm" variant="ghost" onClick={() => void order.refetch()}>
            {t('retry')}
          </Button>
        </Notice>
      )}
    </section>
  );
}

function OrderDetails({ order }: { order: Order }) {
  const { t } = useTranslation(['checkout', 'ordering']);
  const lang = useSession((s) => s.lang);
  const money = (euros: number) => formatEuros(euros, lang);
  const status = ORDER_STATUS_KEY[order.status] ?? 'pending';
  const payLink = safePaymentLink(order.payment_link, window.location.href);
  const me = useMe();
  const staff = me.data ? !me.data.is_customer : false;
  const [done, setDone] = useState(false);
  const now = useNow();

  return (
    <>
      <div className="card">
        <dl className="ord-facts">
          <div>
            <dt>{t('details.orderedOn')}</dt>
            <dd>
              <time dateTime={order.created_at}>{formatDateTime(order.created_at, lang, order.dishlist.timezone)}</time>
            </dd>
          </div>
          <div>
            <dt>{t('details.menu')}</dt>
            <dd>{menuLabel(order.dishlist.title, formatDate(order.dishlist.from, lang, order.dishlist.timezone))}</dd>
          </div>
          <div>
            <dt>{t('details.status')}</dt>
            <dd>
              <span className={`ord-tag ord-tag--${status}`}>{t(`status.${status}`)}</span>{' '}
              {order.status === 2 && <span className="muted">{order.accepted ? t('details.accepted') : t('details.notAccepted')}</span>}
            </dd>
          </div>
          {order.cancelled_at && (
            <div>
              <dt>{t('details.cancelledOn')}</dt>
              <dd>
                <time dateTime={order.cancelled_at}>{formatDateTime(order.cancelled_at, lang, order.dishlist.timezone)}</time>
              </dd>
            </div>
          )}
          {order.refund && (
            <div>
              <dt>{t('details.refund')}</dt>
              <dd>
                <span className={`ord-tag ord-tag--refund-${order.refund.status}`}>
                  {t(`refund.${order.refund.status}`, { amount: money(order.refund.amount) })}
                </span>
                {order.refund.status === 'failed' && (
                  <span className="muted">
                    {' '}
                    {t('refund.retrying', { count: order.refund.attempts })}
                    {order.refund.last_error && ` (${order.refund.last_error})`}
                  </span>
                )}
              </dd>
            </div>
          )}
          <div>
            <dt>{t('details.user')}</dt>
            <dd>
              {order.user.first_name}
              {order.user.location && <span className="muted"> · {order.user.location.title}</span>}
            </dd>
          </div>
          {order.created_by && (
            <div>
              <dt>{t('details.placedBy')}</dt>
              <dd>{order.created_by.first_name}</dd>
            </div>
          )}
          {order.shift && (
            <div>
              <dt>{t('checkout.shift')}</dt>
              <dd>{order.shift.title}</dd>
            </div>
          )}
          <div>
            <dt>{t('checkout.payment')}</dt>
            <dd>
              {t(`payment.${order.payment_type}`)}
              {order.bank && <span className="muted"> · {order.bank}</span>}
            </dd>
          </div>
          {order.comment && (
            <div>
              <dt>{t('details.comment')}</dt>
              <dd className="order-details__comment">{order.comment}</dd>
            </div>
          )}
        </dl>
        {staff && order.user.location && (
          <OrderCostCentre orderId={order.id} locationId={order.user.location.id} value={order.cost_centre_id} />
        )}
        {order.status === 1 && payLink && (
          <p>
            <a className="btn btn--primary" href={payLink}>
              {t('details.payNow')}
            </a>
          </p>
        )}
        {order.user.id === me.data?.id && (
          <p>
            <Link className="btn btn--secondary" to={orderAgainPath(order.id)}>
              {t('details.orderAgain')}
            </Link>
          </p>
        )}
        {me.data && canCancelOrder(order, staff, now) && (
          <p className="order-details__actions">
            {order.user.id === me.data.id && canCancelOrder(order, false, now) && <ChangeOrderButton order={order} size="md" />}
            <CancelOrderButton order={order} size="md" onCancelled={() => setDone(true)} />
          </p>
        )}
        <div aria-live="polite">{done && order.status === 3 && <Notice tone="success">{t('details.cancelled')}</Notice>}</div>
      </div>

      {order.user.id === me.data?.id && <WithdrawnDishes orderId={order.id} zone={order.dishlist.timezone} />}
      {order.status === 2 && <OrderDeliveryPanel orderId={String(order.id)} menu={order.dishlist} />}
      {order.status === 2 && <OrderRatingsPanel orderId={order.id} />}

      <div className="card">
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t('details.items')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('details.dish')}</th>
                <th scope="col" className="align-end">
                  {t('details.qty')}
                </th>
                <th scope="col" className="align-end">
                  {t('details.price')}
                </th>
                <th scope="col" className="align-end">
                  {t('details.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((line) => (
                <tr key={line.id}>
                  <td>
                    {line.dish.title}
                    {line.complex.length > 0 && (
                      <span className="order-line__options">{line.complex.map((o) => o.dish.title).join(', ')}</span>
                    )}
                  </td>
                  <td className="align-end">{line.qty}</td>
                  <td className="align-end">{money(line.price)}</td>
                  <td className="align-end">{money(line.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="ord-totals">
          <div className="ord-totals__row">
            <dt>{t('totals.amount')}</dt>
            <dd>{money(order.amount)}</dd>
          </div>
          {order.subsidy > 0 && (
            <div className="ord-totals__row">
              <dt>{t('totals.subsidy')}</dt>
              <dd>−{money(order.subsidy)}</dd>
            </div>
          )}
          {order.budget > 0 && (
            <div className="ord-totals__row">
              <dt>{t('totals.budget')}</dt>
              <dd>−{money(order.budget)}</dd>
            </div>
          )}
          {order.bonus > 0 && (
            <div className="ord-totals__row">
              <dt>{t('totals.bonus')}</dt>
              <dd>−{money(order.bonus)}</dd>
            </div>
          )}
          {order.commission > 0 && (
            <div className="ord-totals__row">
              <dt>{t('totals.commission')}</dt>
              <dd>+{money(order.commission)}</dd>
            </div>
          )}
          <div className="ord-totals__row ord-totals__row--pay">
            <dt>{t('totals.toPay')}</dt>
            <dd>{money(order.amount_to_pay)}</dd>
          </div>
        </dl>
      </div>
    </>
  );
}
