import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
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
  const { t } = useTranslation('ordering');
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
