import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { CancelOrderResult } from '../../../shared/schemas/orders';
import { api } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { errorMessage } from '../ui/error-message';
import { changeOrderPath } from './change-order-path';

/*
 * The confirmations behind Cancel and Change, with their calls: loaded when one opens, so a page
 * that shows orders with these buttons (the order page, decision 057) does not load them at first
 * paint. Each opening mounts a fresh dialog, so an earlier refusal is never shown again.
 */

/** Query roots that show orders, stock or subsidy: refetched after a cancel. */
const AFFECTED = [['order'], ['history'], ['orders'], ['kitchen']];

const cancelCall = (id: number) => api.post<CancelOrderResult>(`/app/order/${id}/cancel`);

/**
 * Cancel's confirmation. While the call runs the dialog stays open with a spinner; a refusal (the
 * menu closed meanwhile) shows in the dialog in the user's language; after success every list and
 * page showing orders, stock or subsidy is refetched.
 */
export function CancelOrderDialog({
  orderId,
  onClose,
  onCancelled,
}: {
  orderId: number;
  onClose(): void;
  onCancelled?(answer: CancelOrderResult): void;
}) {
  const { t } = useTranslation('common');
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => cancelCall(orderId),
    onSuccess: async (answer) => {
      onClose();
      await Promise.all(AFFECTED.map((queryKey) => client.invalidateQueries({ queryKey })));
      if (answer) onCancelled?.(answer);
    },
  });
  return (
    <ConfirmDialog
      open
      title={t('cancelOrder.title', { id: orderId })}
      message={t('cancelOrder.message')}
      confirmLabel={t('cancelOrder.confirm')}
      cancelLabel={t('cancelOrder.keep')}
      busy={mutation.isPending}
      error={mutation.error ? errorMessage(mutation.error, t('cancelOrder.failed')) : null}
      onCancel={onClose}
      onConfirm={() => {
        if (!mutation.isPending) mutation.mutate();
      }}
    />
  );
}

/**
 * Change's confirmation (issue 11): the order is cancelled (the same call as Cancel: stock, subsidy
 * and bonus come back, a payment is refunded) and the order page of its menu opens with the cart
 * holding that order's lines. A refused cancel shows in the dialog and changes nothing.
 */
export function ChangeOrderDialog({ orderId, menuId, onClose }: { orderId: number; menuId: number; onClose(): void }) {
  const { t } = useTranslation('common');
  const client = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: () => cancelCall(orderId),
    onSuccess: async () => {
      // The menu's page still counts this order's portions as taken: it is fetched again, shown
      // or not (refetchType 'all'), and awaited, so the refill reads the stock the cancel gave
      // back. (Removing it from the cache instead left a page already showing it with its old
      // stock while it refetched, and the refill could run first: "sold out".)
      await Promise.all([
        client.invalidateQueries({ queryKey: ['order', 'create', menuId], refetchType: 'all' }),
        // Queries already being fetched (the page above) keep their fetch.
        ...AFFECTED.map((queryKey) => client.invalidateQueries({ queryKey }, { cancelRefetch: false })),
      ]);
      onClose();
      void navigate(changeOrderPath(orderId, menuId));
    },
  });
  return (
    <ConfirmDialog
      open
      title={t('changeOrder.title', { id: orderId })}
      message={t('changeOrder.message')}
      confirmLabel={t('changeOrder.confirm')}
      cancelLabel={t('changeOrder.keep')}
      tone="primary"
      busy={mutation.isPending}
      error={mutation.error ? errorMessage(mutation.error, t('changeOrder.failed')) : null}
      onCancel={onClose}
      onConfirm={() => {
        if (!mutation.isPending) mutation.mutate();
      }}
    />
  );
}
