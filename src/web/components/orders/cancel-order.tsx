import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { CancelOrderResult, Order } from '../../../shared/schemas/orders';
import { Button } from '../ui/button';

/** Order status values as the API answers them (shared/schemas/orders.ts ORDER_STATUSES; kept as numbers so zod stays out of the bundle). */
export const ORDER_STATUS_KEY: Record<number, 'failed' | 'pending' | 'placed' | 'cancelled'> = {
  0: 'failed',
  1: 'pending',
  2: 'placed',
  3: 'cancelled',
};

/**
 * Whether the Cancel button shows (the server decides every call, decision 031): a placed or
 * pending order; for a customer only before the menu's deadline, judged by `nowMs` (pass the
 * server-corrected time when there is one), for staff at any time.
 */
export function canCancelOrder(order: Pick<Order, 'status' | 'dishlist'>, staff: boolean, nowMs: number): boolean {
  if (order.status !== 1 && order.status !== 2) return false;
  return staff || nowMs < Date.parse(order.dishlist.to);
}

/** The device time, refreshed every `everyMs`: a Cancel button goes away soon after the deadline. */
export function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

const CancelOrderDialog = lazy(() => import('./order-action-dialogs').then((m) => ({ default: m.CancelOrderDialog })));

/**
 * The Cancel button of an order. Its confirmation and the call load when it is pressed
 * (order-action-dialogs.tsx): the order page shows this button at first paint.
 */
export function CancelOrderButton({
  order,
  size = 'sm',
  onCancelled,
}: {
  order: Pick<Order, 'id'>;
  size?: 'sm' | 'md';
  onCancelled?(answer: CancelOrderResult): void;
}) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="danger" size={size} onClick={() => setOpen(true)}>
        {t('cancelOrder.button')}
        <span className="visually-hidden"> {t('cancelOrder.orderNo', { id: order.id })}</span>
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CancelOrderDialog orderId={order.id} onClose={() => setOpen(false)} onCancelled={onCancelled} />
        </Suspense>
      )}
    </>
  );
}
