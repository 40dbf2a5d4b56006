import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { formatDate, formatEuros } from '../../../lib/format';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOrder, type Order } from '../api';
import '../../../styles/ordering.css';

interface OrderOutcomeProps {
  kind: 'success' | 'fail';
  /** From the query (order_id); without it there is no order to view. */
  orderId: string | null;
  /** Staff ordered on behalf of this user (their name). */
  forUser?: string | null;
}

/** Ends of the ordering journey: "placed" with View Order / New Order, or the payment problem. */
export function OrderOutcome({ kind, orderId, forUser = null }: OrderOutcomeProps) {
  const { t } = useTranslation(['checkout', 'ordering']);
  const id = orderId && /^\d+$/.test(orderId) ? orderId : null;
  const title = kind === 'success' ? t('success.title') : t('fail.title');
  useDocumentTitle(title);
  return (
    <section className="page page--narrow">
      <div className={`card ord-outcome ord-outcome--${kind}`}>
        <svg className="ord-outcome__icon" viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
          <circle cx="24" cy="24" r="21" fill="none" stroke="currentColor" strokeWidth="3" />
          {kind === 'success' ? (
            <path d="M14 25l7 7 13-15" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
          ) : (
            <path d="M17 17l14 14M31 17L17 31" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" />
          )}
        </svg>
        <h1 className="ord-outcome__title">{title}</h1>
        <p className="ord-outcome__text">
          {kind === 'success'
            ? id && forUser
              ? t('success.textForUser', { id, name: forUser })
              : id
                ? t('success.text', { id })
                : t('success.textNoId')
            : t('fail.text')}
        </p>
        {kind === 'success' && id && <PlacedSummary id={id} />}
        <div className="ord-outcome__actions">
          {id && (
            <Link className="btn btn--secondary" to={`/order/${id}`}>
              {t('success.viewOrder')}
            </Link>
          )}
          <Link className="btn btn--primary" to="/order">
            {forUser ? t('success.forAnotherUser') : t('success.newOrder')}
          </Link>
        </div>
      </div>
    </section>
  );
}

/**
 * What a placed order holds, for the success page (issue 24): the dishes with quantities and
 * options, the delivery day (the menu's), place and shift, and what to pay: the cash to have ready,
 * or the card or bank payment. Shown once the order is read; the page stands without it.
 */
function PlacedSummary({ id }: { id: string }) {
  const order = useOrder(id);
  return order.data ? <OrderSummary order={order.data} /> : null;
}

function OrderSummary({ order }: { order: Order }) {
  const { t } = useTranslation(['checkout', 'ordering']);
  const lang = useSession((s) => s.lang);
  const date = formatDate(order.dishlist.from, lang, order.dishlist.timezone);
  const location = order.user.location?.title;
  const amount = formatEuros(order.amount_to_pay, lang);
  let payment: string | null = null;
  if (order.status === 1) payment = t('success.awaitingPayment', { amount });
  else if (order.amount_to_pay === 0) payment = t('success.nothingToPay');
  else if (order.payment_type === 'cash') payment = t('success.bringCash', { amount });
  else if (order.payment_type === 'card' || order.payment_type === 'bank') payment = t('success.paidOnline', { amount });
  return (
    <div className="ord-outcome__summary" data-testid="order-summary">
      <p>{t('success.ordered')}</p>
      <ul className="ord-outcome__lines">
        {order.items.map((line) => (
          <li key={line.id}>
            {line.qty} × {line.dish.title}
            {line.complex.length > 0 && ` (${line.complex.map((o) => o.dish.title).join(', ')})`}
          </li>
        ))}
      </ul>
      <p>
        {location
          ? order.shift
            ? t('success.deliveryShift', { date, location, shift: order.shift.title })
            : t('success.delivery', { date, location })
          : t('success.deliveryDate', { date })}
      </p>
      {payment && <p className={order.payment_type === 'cash' ? 'ord-outcome__cash' : undefined}>{payment}</p>}
    </div>
  );
}
