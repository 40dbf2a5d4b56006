import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { CancelOrderResult, Order } from '../../../shared/schemas/orders';
import { api } from '../../lib/api';
import { Button } from '../ui/button';
import { errorMessage } from '../ui/error-message';
import { LazyConfirmDialog } from '../ui/lazy-confirm-dialog';

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

/** Query roots that show orders, stock or subsidy: refetched after a cancel. */
const AFFECTED = [['order'], ['history'], ['orders'], ['kitchen']];

/**
 * The Cancel button of an order with its confirmation dialog. While the call runs the dialog stays
 * open with a spinner; a refusal (the menu closed meanwhile) shows in the dialog in the user's
 * language; after success every list and page showing orders, stock or subsidy is refetched.
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
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: () => api.post<CancelOrderResult>(`/app/order/${order.id}/cancel`),
    onSuccess: async (answer) => {
      setOpen(false);
      await Promise.all(AFFECTED.map((queryKey) => client.invalidateQueries({ queryKey })));
      if (answer) onCancelled?.(answer);
    },
  });
  return (
    <>
      <Button
        variant="danger"
        size={size}
        onClick={() => {
          mutation.reset();
          setOpen(true);
        }}
      >
        {t('cancelOrder.button')}
        <span className="visually-hidden"> {t('cancelOrder.orderNo', { id: order.id })}</span>
      </Button>
      <LazyConfirmDialog
        open={open}
        title={t('cancelOrder.title', { id: order.id })}
        message={t('cancelOrder.message')}
        confirmLabel={t('cancelOrder.confirm')}
        cancelLabel={t('cancelOrder.keep')}
        busy={mutation.isPending}
        error={mutation.error ? errorMessage(mutation.error, t('cancelOrder.failed')) : null}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          if (!mutation.isPending) mutation.mutate();
        }}
      />
    </>
  );
}
