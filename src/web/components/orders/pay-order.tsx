import { useTranslation } from '../../lib/i18n';
import { safePaymentLink } from '../../lib/payment-link';

/**
 * "Pay" for an order waiting for its card or bank payment (status 1 with a payment link): the
 * customer goes on with the payment from their history or the order page (decision 045). Nothing
 * for any other order.
 */
export function PayOrderLink({ order }: { order: { id: number; status: number; payment_link: string | null } }) {
  const { t } = useTranslation('common');
  const link = order.status === 1 ? safePaymentLink(order.payment_link, window.location.href) : null;
  if (!link) return null;
  return (
    <a className="btn btn--primary btn--sm" href={link}>
      {t('payOrder.button')}
      <span className="visually-hidden"> {t('payOrder.orderNo', { id: order.id })}</span>
    </a>
  );
}
