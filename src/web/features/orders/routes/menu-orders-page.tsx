import { useTranslation } from '../../../lib/i18n';
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
import { ORDERS_KEY, ordersApi, useCancelledOrders, useLiveOrders, useOrderSections, useSectionsOrders } from '../api';
import { LocationTotals } from '../components/location-totals';
import { LocationOrders, newCount, type Section, type SectionOrders } from '../components/location-orders';
import { useOrderColumns } from '../components/order-columns';
import { OrderFilterBar, useOrderFilters } from '../components/order-filters';
import { PrintButton } from '../components/print-button';
import { ACCEPTED_FILTERS, acceptedSearch, parseAcceptedFilter, parseMenuId, sectionKey, type SectionKey } from '../filter';
import { CANCELLED, useOpenSections } from '../use-open-sections';
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
  const sections = useOrderSections(menuId, filter, live);
  const menu = sections.data?.dishlist ?? null;
  useDocumentTitle(menu ? `${t('title')}: ${menu.title}` : t('title'));
  const filters = useOrderFilters();
  const open = useOpenSections(menuId, filter, sections.data);
  const cancelledCount = sections.data?.cancelled_count ?? 0;
  const cancelledOpen = open.isOpen(CANCELLED);
  const cancelled = useCancelledOrders(menuId, cancelledCount > 0 && cancelledOpen);
  const shownSections = (sections.data?.sections ?? []).filter((g) => filters.shows(sectionKey(g.location)));
  const openKeys = shownSections.map((g) => sectionKey(g.location)).filter(open.isOpen);
  const reads = useSectionsOrders(menuId, filter, openKeys, live);
  const loaded = new Map<SectionKey, SectionOrders>(
    openKeys.map((key, i) => {
      const r = reads[i]!;
      return [
        key,
        { orders: r.data?.data.flatMap((g) => g.orders), fetching: r.isFetching, error: r.error, refetch: () => void r.refetch() },
      ];
    }),
  );
  const loadedOrders = new Map([...loaded].flatMap(([key, r]) => (r.orders ? [[key, r.orders] as const] : [])));
  const { fresh, seen, seenAll } = useFreshOrders(menuId, loadedOrders);
  const actions = useOrderActions(menuId, seen);
  const { outcome, acceptAsk, acceptAll, busy, askAcceptAll } = actions;
  const { columns, cancelledColumns } = useOrderColumns({ fresh, actions, zone: menu?.timezone });

  // An unknown menu (or another provider's): a 404.
  if (menuId === null || (!sections.data && isNotFound(sections.error))) {
    return <StatusPage kind="notFound" />;
  }
  let body;
  if (sections.isPending) {
    body = <Spinner block />;
  } else if (!sections.data) {
    body = (
      <Notice tone="error">
        {errorMessage(sections.error, t('errors.loadFailed'))}{' '}
        <Button size="sm" variant="ghost" onClick={() => void sections.refetch()}>
          {t('retry')}
        </Button>
      </Notice>
    );
  } else if (sections.data.sections.length === 0) {
    body = <p className="card ord-empty">{t('empty')}</p>;
  } else {
    const summary = sections.data;
    // "Accept all new" of the menu: exactly the new orders shown when every shown section is read
    // (issue 24), else (a big menu, no filter) all new ones of the menu, counted by the sections.
    const allRead = shownSections.length > 0 && shownSections.every((g) => loadedOrders.has(sectionKey(g.location)));
    const shownOrders = allRead ? [...loadedOrders.values()].flatMap((orders) => filters.apply(orders)) : null;
    const unfiltered = !filters.narrows && !filters.values.location;
    const menuNew = shownOrders ? newCount(shownOrders) : unfiltered ? summary.new_count : 0;
    const askSection = (g: Section) => {
      const key = sectionKey(g.location);
      const read = loadedOrders.get(key);
      if (read) return askAcceptAll(g.location, filters.apply(read));
      ordersApi.sectionOrders(menuId, key, filter).then(
        (answer) => askAcceptAll(g.location, filters.apply(answer?.data.flatMap((x) => x.orders) ?? [])),
        (error: unknown) => actions.setOutcome({ tone: 'error', text: errorMessage(error, t('errors.loadFailed')) }),
      );
    };
    body = (
      <>
        <OrderFilterBar filters={filters} sections={summary} />
        <div className="ord-print-all">
          {menuNew > 0 && (
            <Button
              variant="primary"
              disabled={busy}
              loading={acceptAll.isPending && acceptAll.variables.location === null}
              onClick={() => (shownOrders ? askAcceptAll(null, shownOrders) : actions.askAcceptAllNew(summary.new_count))}
            >
              {t('acceptAll.menu', { count: menuNew })}
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
        {summary.sections.length > 1 && (
          <section className="card ord-group" aria-labelledby="ord-all">
            <h2 className="ord-group__title" id="ord-all">
              {t('allLocations')}
            </h2>
            <LocationTotals totals={summary.totals} />
          </section>
        )}
        <LocationOrders
          sections={shownSections}
          menu={{ id: menuId, title: menu?.title ?? '', filter }}
          columns={columns}
          actions={actions}
          filters={filters}
          isOpen={open.isOpen}
          toggle={open.toggle}
          loaded={loaded}
          askAcceptAll={askSection}
        />
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
      {cancelledCount > 0 && (
        <section className="card ord-group" aria-labelledby="ord-cancelled">
          <h2 className="ord-group__title" id="ord-cancelled">
            {t('cancelledTitle')}
          </h2>
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={cancelledOpen}
            aria-controls="ord-cancelled-list"
            onClick={() => open.toggle(CANCELLED)}
          >
            {t(cancelledOpen ? 'hideCancelled' : 'showCancelled', { count: cancelledCount })}
          </Button>
          <div id="ord-cancelled-list" hidden={!cancelledOpen}>
            {cancelledOpen && !cancelled.data && <Spinner block />}
            {cancelledOpen && cancelled.data && (
              <Table
                columns={cancelledColumns}
                rows={cancelled.data.data.flatMap((g) => g.orders)}
                rowKey={(o) => o.id}
                perPage={1000}
                loading={cancelled.isFetching}
                emptyText={t('empty')}
              />
            )}
          </div>
        </section>
      )}
      <ConfirmDialog
        open={acceptAsk !== null}
        tone="primary"
        title={t('acceptAll.title')}
        message={
          acceptAsk?.location
            ? t('acceptAll.confirmLocation', { count: acceptAsk.count, location: acceptAsk.location.title })
            : t('acceptAll.confirmMenu', { count: acceptAsk?.count ?? 0 })
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
