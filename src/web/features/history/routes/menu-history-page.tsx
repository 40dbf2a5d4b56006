import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { Link, useParams } from 'react-router';
import type { Order } from '../../../../shared/schemas/orders';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { Table, type Column } from '../../../components/ui/table';
import { isApiError, isNotFound } from '../../../lib/api';
import { formatDate, formatDateTime, formatEuros } from '../../../lib/format';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { fetchHistoryPdf, useMenuHistory } from '../api';
import { reportFileName, saveBlob } from '../download';
import { useHistoryLocation } from '../use-history-location';
import '../../../styles/history.css';
import { StatusPage } from '../../../components/ui/status-page';
import { CancelOrderButton, canCancelOrder, ORDER_STATUS_KEY, useNow } from '../../../components/orders/cancel-order';
import { ChangeOrderButton } from '../../../components/orders/change-order';
import { PayOrderLink } from '../../../components/orders/pay-order';
import { OrderLines } from '../../../components/orders/order-lines';

/** /history/{menuId}: the user's orders for one menu, the sums and the PDF report (spec 2). */
export function Component() {
  const { t } = useTranslation('history');
  const lang = useSession((s) => s.lang);
  const { menuId = '' } = useParams();
  const where = useHistoryLocation();
  const history = useMenuHistory(where.locationId, menuId);
  const now = useNow();
  const menu = history.data?.dishlist;
  useDocumentTitle(menu ? `${t('title')}: ${menu.title}` : t('title'));
  const money = (euros: number) => formatEuros(euros, lang);

  const download = useMutation({
    mutationFn: async () => {
      if (where.locationId === null) return;
      const blob = await fetchHistoryPdf(where.locationId, menuId);
      if (blob) saveBlob(blob, reportFileName(menu?.title ?? '', menuId));
    },
  });

  const columns: Column<Order>[] = [
    {
      key: 'id',
      header: t('order'),
      sortable: true,
      cell: (o) => (
        <Link className="link" to={`/order/${o.id}`}>
          {t('orderNo', { id: o.id })}
        </Link>
      ),
    },
    { key: 'created_at', header: t('orderedOn'), sortable: true, cell: (o) => formatDateTime(o.created_at, lang, o.dishlist.timezone) },
    { key: 'user', header: t('user'), sortValue: (o) => o.user.first_name, sortable: true, cell: (o) => o.user.first_name },
    {
      key: 'items',
      header: t('dishes'),
      cell: (o) => <OrderLines lines={o.items} className="hist-items" />,
    },
    { key: 'payment_type', header: t('payment'), sortable: true, cell: (o) => t(`paymentType.${o.payment_type}`) },
    { key: 'amount', header: t('total'), align: 'end', sortable: true, cell: (o) => money(o.amount) },
    {
      key: 'amount_to_pay',
      header: t('paid'),
      align: 'end',
      sortable: true,
      cell: (o) => <strong>{money(o.amount_to_pay)}</strong>,
    },
    {
      key: 'status',
      header: t('status.label'),
      sortable: true,
      cell: (o) => {
        const status = ORDER_STATUS_KEY[o.status] ?? 'placed';
        return (
          <div className="hist-status">
            <span className={`hist-tag hist-tag--${status}`}>{t(`status.${status}`)}</span>
            {o.refund && <span className="muted">{t(`refund.${o.refund.status}`)}</span>}
            {o.user.id === where.me.data?.id && <PayOrderLink order={o} />}
            {o.user.id === where.me.data?.id && o.status !== 1 && canCancelOrder(o, false, now) && <ChangeOrderButton order={o} />}
            {canCancelOrder(o, where.isStaff, now) && <CancelOrderButton order={o} />}
          </div>
        );
      },
    },
    {
      key: 'again',
      header: <span className="visually-hidden">{t('actions')}</span>,
      // Own orders only: the order page refills the cart from it against the open menu (decision 032).
      cell: (o) =>
        o.user.id === where.me.data?.id ? (
          <Link className="btn btn--secondary btn--sm" to={`/order?again=${o.id}`} aria-label={t('orderAgainNamed', { id: o.id })}>
            {t('orderAgain')}
          </Link>
        ) : null,
    },
  ];

  if (!history.data && isNotFound(history.error)) return <StatusPage kind="notFound" />;
  let body;
  if (where.me.isPending || where.locationsPending || (history.isPending && where.locationId !== null)) {
    body = <Spinner block />;
  } else if (where.locationId === null) {
    body = <Notice tone="info">{t('noLocation')}</Notice>;
  } else if (!history.data) {
    body = (
      <Notice tone="error">
        {t('loadFailed')}{' '}
        <Button size="sm" variant="ghost" onClick={() => void history.refetch()}>
          {t('retry')}
        </Button>
      </Notice>
    );
  } else {
    const d = history.data.dishlist;
    body = (
      <>
        <div className="card hist-summary">
          <dl className="hist-sums">
            <div>
              <dt>{t('cash')}</dt>
              <dd>{money(d.cash_total)}</dd>
            </div>
            <div>
              <dt>{t('card')}</dt>
              <dd>{money(d.cards_total)}</dd>
            </div>
            <div>
              <dt>{t('subsidy')}</dt>
              <dd>{money(d.subsidy_total)}</dd>
            </div>
            {d.budget_total > 0 && (
              <div>
                <dt>{t('budget')}</dt>
                <dd>{money(d.budget_total)}</dd>
              </div>
            )}
            {d.bonus_total > 0 && (
              <div>
                <dt>{t('bonus')}</dt>
                <dd>{money(d.bonus_total)}</dd>
              </div>
            )}
            <div className="hist-sums__total">
              <dt>{t('total')}</dt>
              <dd>{money(d.total)}</dd>
            </div>
          </dl>
          <div className="hist-download">
            <Button variant="primary" loading={download.isPending} onClick={() => download.mutate()}>
              <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
                <path
                  d="M10 3v10m0 0l-4-4m4 4l4-4M4 16h12"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              {t('download')}
            </Button>
            {download.isError && !(isApiError(download.error) && download.error.isIgnored) && (
              <p className="field__error" role="alert">
                {t('downloadFailed')}
              </p>
            )}
          </div>
        </div>
        <h2 className="hist-subtitle">{t('ordersOf', { title: d.title })}</h2>
        <Table columns={columns} rows={history.data.data} rowKey={(o) => o.id} />
      </>
    );
  }

  return (
    <section className="page hist-page">
      <p>
        <Link className="link" to={`/history${where.suffix}`}>
          ← {t('back')}
        </Link>
      </p>
      <h1 className="page__title">
        {menu ? (
          <>
            {menu.title}
            {!menu.title.includes(formatDate(menu.from, lang, menu.timezone)) && (
              <span className="muted hist-date"> {formatDate(menu.from, lang, menu.timezone)}</span>
            )}
          </>
        ) : (
          t('title')
        )}
      </h1>
      {history.data && <p className="muted hist-location-name">{history.data.location.title}</p>}
      {body}
    </section>
  );
}
