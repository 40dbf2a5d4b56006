import { lazy, Suspense, useState } from 'react';
import type { Order } from '../../../shared/schemas/orders';
import { useTranslation } from '../../lib/i18n';
import { Button } from '../ui/button';

const ChangeOrderDialog = lazy(() => import('./order-action-dialogs').then((m) => ({ default: m.ChangeOrderDialog })));

/**
 * "Change order" (issue 11): one confirmation, then the order is cancelled and the order page of
 * its menu opens with the cart holding that order's lines, to change and order again before the
 * deadline (order-action-dialogs.tsx, loaded when the button is pressed).
 */
export function ChangeOrderButton({ order, size = 'sm' }: { order: Pick<Order, 'id'> & { dishlist: { id: number } }; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size={size} onClick={() => setOpen(true)}>
        {t('changeOrder.button')}
        <span className="visually-hidden"> {t('cancelOrder.orderNo', { id: order.id })}</span>
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ChangeOrderDialog orderId={order.id} menuId={order.dishlist.id} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
