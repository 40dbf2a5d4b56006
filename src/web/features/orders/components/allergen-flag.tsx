import { useTranslation } from '../../../lib/i18n';
import type { Order } from '../../../../shared/schemas/orders';
import '../../../styles/dietary.css';

/** The order's eater avoids an allergen that is in it (decision 034): a flag naming it. */
export function AllergenFlag({ order }: { order: Pick<Order, 'allergen_warnings'> }) {
  const { t } = useTranslation('orders');
  if (order.allergen_warnings.length === 0) return null;
  return (
    <p className="dietary__warning allergen-flag">
      <span aria-hidden="true">⚠ </span>
      <strong>{t('allergenFlag')}</strong> {order.allergen_warnings.map((a) => a.title).join(', ')}
    </p>
  );
}
