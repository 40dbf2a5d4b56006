import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ComingSoon } from '../../../components/ui/coming-soon';

/** Placeholder for /order/:orderId until the ordering feature builds it; replace this file's Component. */
export function Component() {
  const { t } = useTranslation('shell');
  const { orderId } = useParams();
  return <ComingSoon title={t('placeholder.orderDetails', { id: orderId })} />;
}
