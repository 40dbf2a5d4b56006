import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { CancelOrderButton } from '../../../components/orders/cancel-order';
import { OrderLines } from '../../../components/orders/order-lines';
import { Button } from '../../../components/ui/button';
import type { Column } from '../../../components/ui/table';
import { formatEuros, formatTime } from '../../../lib/format';
import type { Order } from '../api';
import type { OrderActions } from '../use-order-actions';
import { AllergenFlag } from './allergen-flag';

/**
 * The columns of a location's orders (number and time, customer, items, comment, shift, to pay,
 * status with Accept/Revoke, then Cancel and Delete) and of the cancelled orders (with the refund).
 */
export function useOrderColumns({ fresh, actions, zone }: { fresh: ReadonlySet<number>; actions: OrderActions; zone: string | undefined }) {
  const { t, i18n } = useTranslation('orders');
  const lang = i18n.language;
  const money = (euros: number) => formatEuros(euros, lang);
  const { update, remove, busy, setOutcome } = actions;

  const toPay: Column<Order>['cell'] = (o) => (
    <>
      <strong>{money(o.amount_to_pay)}</strong>
      <br />
      <span className="muted">{t(`paymentType.${o.payment_type}`)}</span>
    </>
  );
  const items: Column<Order> = {
    key: 'items',
    header: t('columns.items'),
    cell: (o) => <OrderLines lines={o.items} className="ord-items" />,
  };

  const columns: Column<Order>[] = [
    {
      key: 'id',
      header: t('columns.order'),
      sortable: true,
      className: 'cell-nowrap',
      cell: (o) => (
        <>
          <strong>{t('orderNo', { id: o.id })}</strong>
          {fresh.has(o.id) && <span className="badge badge--warn ord-fresh">{t('fresh')}</span>}
          <br />
          <span className="muted">
            <span className="visually-hidden">{t('columns.time')}: </span>
            {formatTime(o.created_at, lang, zone ?? o.dishlist.timezone)}
          </span>
        </>
      ),
    },
    {
      key: 'user',
      header: t('columns.customer'),
      sortable: true,
      sortValue: (o) => o.user.first_name,
      cell: (o) => (
        <>
          {o.user.first_name}
          <AllergenFlag order={o} />
        </>
      ),
    },
    items,
    { key: 'comment', header: t('columns.comment'), cell: (o) => o.comment || '' },
    { key: 'shift', header: t('columns.shift'), sortable: true, sortValue: (o) => o.shift?.title ?? '', cell: (o) => o.shift?.title ?? '' },
    { key: 'amount_to_pay', header: t('columns.toPay'), sortable: true, align: 'end', className: 'cell-nowrap', cell: toPay },
    {
      key: 'accepted',
      header: t('columns.status'),
      sortable: true,
      cell: (o) => (
        <div className="ord-status">
          <span className={`badge ${o.accepted === 1 ? 'badge--ok' : 'badge--info'}`}>
            {o.accepted === 1 ? t('status.accepted') : t('status.new')}
          </span>
          <div className="ord-actions">
            <Button
              size="sm"
              variant={o.accepted === 1 ? 'secondary' : 'primary'}
              disabled={busy}
              loading={update.isPending && update.variables.id === o.id}
              aria-label={t(o.accepted === 1 ? 'actions.revokeNamed' : 'actions.acceptNamed', { id: o.id })}
              onClick={() => update.mutate(o)}
            >
              {o.accepted === 1 ? t('actions.revoke') : t('actions.accept')}
            </Button>
          </div>
        </div>
      ),
    },
    {
      // Cancel and Delete sit in a column of their own, away from Accept.
      key: 'actions',
      header: <span className="visually-hidden">{t('columns.actions')}</span>,
      align: 'end',
      cell: (o) => (
        <div className="ord-actions ord-actions--danger">
          <CancelOrderButton order={o} onCancelled={() => setOutcome({ tone: 'success', text: t('cancelled', { id: o.id }) })} />
          <Button
            size="sm"
            variant="ghost"
            className="btn--danger-text"
            disabled={busy}
            loading={remove.isPending && remove.variables.id === o.id}
            aria-label={t('actions.deleteNamed', { id: o.id })}
            onClick={() => {
              if (window.confirm(t('deleteConfirm', { id: o.id }))) remove.mutate(o);
            }}
          >
            {t('actions.delete')}
          </Button>
        </div>
      ),
    },
  ];

  // Cancelled orders: who, what it was, and how its refund stands (a failed one is retried by the server).
  const cancelledColumns: Column<Order>[] = [
    {
      key: 'id',
      header: t('columns.order'),
      sortable: true,
      cell: (o) => (
        <Link className="link" to={`/order/${o.id}`}>
          {t('orderNo', { id: o.id })}
        </Link>
      ),
    },
    { key: 'user', header: t('columns.customer'), sortable: true, sortValue: (o) => o.user.first_name, cell: (o) => o.user.first_name },
    items,
    { key: 'amount_to_pay', header: t('columns.toPay'), align: 'end', className: 'cell-nowrap', cell: toPay },
    {
      key: 'refund',
      header: t('columns.refund'),
      cell: (o) =>
        o.refund ? (
          <span
            className={`badge ${o.refund.status === 'refunded' ? 'badge--ok' : o.refund.status === 'failed' ? 'badge--warn' : 'badge--info'}`}
          >
            {t(`refund.${o.refund.status}`, { count: o.refund.attempts })}
          </span>
        ) : (
          ''
        ),
    },
  ];
  return { columns, cancelledColumns };
}
