import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useNavigate } from 'react-router';
import type { CancelOrderResult, Order } from '../../../shared/schemas/orders';
import { api } from '../../lib/api';
import { Button } from '../ui/button';
import { errorMessage } from '../ui/error-message';
import { LazyConfirmDialog } from '../ui/lazy-confirm-dialog';
import { changeOrderPath } from './change-order-path';

/** Query roots that show orders, stock or subsidy: refetched after the cancel. */
const AFFECTED = [['order'], ['history'], ['orders'], ['kitchen']];

/**
 * "Change order" (issue 11): one confirmation, then the order is cancelled (the same call as
 * Cancel: stock, subsidy and bonus come back, a payment is refunded) and the order page of its
 * menu opens with the cart holding that order's lines, to change and order again before the
 * deadline. A refused cancel (the menu closed meanwhile) shows in the dialog and changes nothing.
 */
export function ChangeOrderButton({ order, size = 'sm' }: { order: Pick<Order, 'id'> & { dishlist: { id: number } }; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('common');
  const client = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: () => api.post<CancelOrderResult>(`/app/order/${order.id}/cancel`),
    onSuccess: async () => {
      // The menu's page still counts this order's portions as taken: it is fetched again, shown
      // or not (refetchType 'all'), and awaited, so the refill reads the stock the cancel gave
      // back. (Removing it from the cache instead left a page already showing it with its old
      // stock while it refetched, and the refill could run first: "sold out".)
      await Promise.all([
        client.invalidateQueries({ queryKey: ['order', 'create', order.dishlist.id], refetchType: 'all' }),
        // Queries already being fetched (the page above) keep their fetch.
        ...AFFECTED.map((queryKey) => client.invalidateQueries({ queryKey }, { cancelRefetch: false })),
      ]);
      setOpen(false);
      void navigate(changeOrderPath(order.id, order.dishlist.id));
    },
  });
  return (
    <>
      <Button
        variant="secondary"
        size={size}
        onClick={() => {
          mutation.reset();
          setOpen(true);
        }}
      >
        {t('changeOrder.button')}
        <span className="visually-hidden"> {t('cancelOrder.orderNo', { id: order.id })}</span>
      </Button>
      <LazyConfirmDialog
        open={open}
        title={t('changeOrder.title', { id: order.id })}
        message={t('changeOrder.message')}
        confirmLabel={t('changeOrder.confirm')}
        cancelLabel={t('changeOrder.keep')}
        tone="primary"
        busy={mutation.isPending}
        error={mutation.error ? errorMessage(mutation.error, t('changeOrder.failed')) : null}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          if (!mutation.isPending) mutation.mutate();
        }}
      />
    </>
  );
}
