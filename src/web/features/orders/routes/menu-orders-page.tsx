import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { Table } from '../../../components/ui/table';
import { isNotFound } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { KitchenPrintOuts } from '../../../components/kitchen/print-outs';
import { UnroutedWarning, useUnrouted } from '../../../components/laps/unrouted-warning';
import { ORDERS_KEY, useCancelledOrders, useLiveOrders, useMenuOrders } from '../api';
import { LocationTotals } from '../components/location-totals';
import { LocationOrders, newCount } from '../components/location-orders';
import { useOrderColumns } from '../components/order-columns';
import { OrderFilterBar, useOrderFilters } from '../components/order-filters';
import { PrintButton } from '../components/print-button';
import { ACCEPTED_FILTERS, acceptedSearch, parseAcceptedFilter, parseMenuId } from '../filter';
import { useFreshOrders } from '../use-fresh-orders';
import { useOrderActions } from '../use-order-actions';
import '../../../styles/manage.css';
import '../../../styles/orders.css';
import { StatusPage } from '../../../components/ui/status-page';
import { QuickStock } from '../../../components/stock/quick-stock';

/** /orders/{menuId}: placed orders of a menu per location; accept, revoke, delete (spec 2, 4). */
export function Component() {
  const { t, i18n } = useTranslation('orders');
  const lang = i18n.language;
  const { menuId: rawId } = useParams();
  const menuId = parseMenuId(rawId);
  const [params] = useSearchParams();
  const filter = parseAcceptedFilter(params.get('accepted'));
  const live = useLiveOrders(menuId);
  // Refetched with the orders (same key prefix), so a new order at an unrouted location shows at once.
  const unrouted = useUnrouted([...ORDERS_KEY, 'menu', menuId], menuId);
  const orders = useMenuOrders(menuId, filter, live);
  const cancelled = useCancelledOrders(menuId);
  const menu = orders.data?.dishlist ?? null;
  useDocumentTitle(menu ? `${t('title')}: ${menu.title}` : t('title'));
  const filters = useOrderFilters();
  const { fresh, seen, seenAll } = useFreshOrders(menuId, orders.data?.data);
  const actions = useOrderActions(menuId, seen);
  const { outcome, acceptAsk, acceptAll, busy, askAcceptAll } = actions;
  const { columns, cancelledColumns } = useOrderColumns({ fresh, actions, zone: menu?.timezone });

  // An unknown menu: a 404, or an answer naming no menu.
  if (menuId === null || (!orders.data && isNotFound(orders.error)) || (orders.data && orders.data.dishlist === null)) {
    return <StatusPage kind="notFound" />;
  }
  let body;
  if (orders.isPending) {
    body = <Spinner block />;
  } else if (!orders.data) {
    body = (
      <Notice tone="error">
        {errorMessage(orders.error, t('errors.loadFailed'))}{' '}
        <Button size="sm" variant="ghost" onClick={() => void orders.refetch()}>
          {t('retry')}
        </Button>
      </Notice>
    );
  } else if (orders.data.data.length === 0) {
    body = <p className="card ord-empty">{t('empty')}</p>;
  } else {
    const allGroups = orders.data.data;
    const groups = filters.apply(allGroups);
    body = (
      <>
        <OrderFilterBar filters={filters} groups={allGroups} />
        <>
          <div className="ord-print-all">
            {newCount(groups.flatMap((g) => g.orders)) > 0 && (
              <Button
                variant="primary"
                disabled={busy}
                loading={acceptAll.isPending && acceptAll.variables.location === null}
                onClick={() =>
                  askAcceptAll(
                    null,
                    groups.flatMap((g) => g.orders),
                  )
                }
              >
                {t('acceptAll.menu', { count: newCount(groups.flatMap((g) => g.orders)) })}
              </Button>
            )}
            {fresh.size > 0 && (
              <Button variant="ghost" onClick={seenAll}>
                {t('markSeen', { count: fresh.size })}
              </Button>
            )}
            <PrintButton
              menuId={menuId}
              menuTitle={menu?.title ?? ''}
              filter={filter}
              label={t('print.all')}
              ariaLabel={t('print.allNamed')}
              variant="primary"
            />
          </div>
          {groups.length > 1 && (
            <section className="card ord-group" aria-labelledby="ord-all">
              <h2 className="ord-group__title" id="ord-all">
                {t('allLocations')}
              </h2>
              <LocationTotals totals={orders.data.totals} />
            </section>
          )}
          <LocationOrders
            groups={groups}
            menu={{ id: menuId, title: menu?.title ?? '', filter }}
            columns={columns}
            actions={actions}
            loading={orders.isFetching}
          />
        </>
      </>
    );
  }

  return (
    <section className="page ord-page">
      <p>
        <Link className="link" to="/orders">
          ← {t('back')}
        </Link>
        {menuId !== null && (
          <>
            {' · '}
            <Link className="link" to={`/kds/${menuId}`}>
              {t('kitchenDisplay')}
            </Link>
            {' · '}
            <Link className="link" to={`/menu-laps/${menuId}`}>
              {t('deliveryLaps')}
            </Link>
          </>
        )}
      </p>
      <h1 className="page__title">
        {menu ? (
          <>
            {menu.title}
            {!menu.title.includes(formatDate(menu.from, lang, menu.timezone)) && (
              <span className="muted ord-date"> {formatDate(menu.from, lang, menu.timezone)}</span>
            )}
          </>
        ) : (
          t('title')
        )}
      </h1>
      {menuId !== null && (
        <nav className="ord-tabs" aria-label={t('tabs.label')}>
          {ACCEPTED_FILTERS.map((f) => {
            const search = acceptedSearch(f);
            const current = f === filter;
            return (
              <Link
                key={f}
                className={`ord-tab${current ? ' ord-tab--current' : ''}`}
                to={{ pathname: `/orders/${menuId}`, search: search ? `?${search}` : '' }}
                aria-current={current ? 'page' : undefined}
              >
                {t(`tabs.${f}`)}
              </Link>
            );
          })}
        </nav>
      )}
      {menuId !== null && (
        <div className="stock-tools">
          <QuickStock menuId={menuId} />
          <KitchenPrintOuts menuId={menuId} />
        </div>
      )}
      <UnroutedWarning data={unrouted.data} showMenus={false} manageLink />
      <p className="muted ord-live">{live ? t('live.on') : t('live.off')}</p>
      <div aria-live="polite">{outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}</div>
      {body}
      {cancelled.data && cancelled.data.data.length > 0 && (
        <section className="card ord-group" aria-labelledby="ord-cancelled">
          <h2 className="ord-group__title" id="ord-cancelled">
            {t('cancelledTitle')}
          </h2>
          <Table
            columns={cancelledColumns}
            rows={cancelled.data.data.flatMap((g) => g.orders)}
            rowKey={(o) => o.id}
            perPage={1000}
            emptyText={t('empty')}
          />
        </section>
      )}
      <ConfirmDialog
        open={acceptAsk !== null}
        tone="primary"
        title={t('acceptAll.title')}
        message={
          acceptAsk?.location
            ? t('acceptAll.confirmLocation', { count: acceptAsk.ids.length, location: acceptAsk.location.title })
            : t('acceptAll.confirmMenu', { count: acceptAsk?.ids.length ?? 0 })
        }
        confirmLabel={t('acceptAll.confirm')}
        busy={acceptAll.isPending}
        onCancel={actions.cancelAcceptAll}
        onConfirm={() => {
          if (acceptAsk && !acceptAll.isPending) acceptAll.mutate(acceptAsk);
        }}
      />
    </section>
  );
}
