import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { Table, type Column } from '../../../components/ui/table';
import { isApiError, isNotFound } from '../../../lib/api';
import { formatDate, formatEuros, formatTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { KitchenPrintOuts } from '../../../components/kitchen/print-outs';
import { UnroutedWarning, useUnrouted } from '../../../components/laps/unrouted-warning';
import { ORDERS_KEY, ordersApi, useCancelledOrders, useLiveOrders, useMenuOrders, type Order } from '../api';
import { CancelOrderButton } from '../../../components/orders/cancel-order';
import { LocationTotals } from '../components/location-totals';
import { PrintButton } from '../components/print-button';
import { ACCEPTED_FILTERS, acceptedSearch, parseAcceptedFilter, parseMenuId, toggledAccepted } from '../filter';
import '../../../styles/manage.css';
import '../../../styles/orders.css';
import { StatusPage } from '../../../components/ui/status-page';
import { AllergenFlag } from '../components/allergen-flag';
import { QuickStock } from '../../../components/stock/quick-stock';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** Orders not yet accepted. */
const newCount = (orders: readonly Order[]) => orders.filter((o) => o.accepted !== 1).length;

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
  const client = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>(null);
  // Search and filters narrow the lists on the page; the totals stay the menu's and location's.
  const [person, setPerson] = useState('');
  const [locationFilter, setLocationFilter] = useState('');
  const [shiftFilter, setShiftFilter] = useState('');
  const [paymentFilter, setPaymentFilter] = useState('');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const matches = (o: Order) =>
    (!person.trim() || o.user.first_name.toLocaleLowerCase().includes(person.trim().toLocaleLowerCase())) &&
    (!shiftFilter || String(o.shift?.id ?? '') === shiftFilter) &&
    (!paymentFilter || o.payment_type === paymentFilter);
  const refresh = () => client.invalidateQueries({ queryKey: ORDERS_KEY });

  // Orders that arrived while the page was open stay highlighted until seen (accepted, or "Mark as seen").
  const known = useRef<{ menuId: number | null; ids: Set<number> | null }>({ menuId: null, ids: null });
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const current = orders.data?.data;
  useEffect(() => {
    if (!current) return;
    const ids = current.flatMap((g) => g.orders.map((o) => o.id));
    const k = known.current;
    if (k.menuId !== menuId || k.ids === null) {
      known.current = { menuId, ids: new Set(ids) };
      setFresh(new Set());
      return;
    }
    const arrived = ids.filter((id) => !k.ids!.has(id));
    for (const id of arrived) k.ids.add(id);
    if (arrived.length > 0) setFresh((prev) => new Set([...prev, ...arrived]));
  }, [current, menuId]);
  const seen = (ids: number[]) =>
    setFresh((prev) => {
      const next = new Set(prev);
      for (const id of ids) next.delete(id);
      return next;
    });

  // "Accept all new" accepts exactly the new orders the confirmation counted (issue 24): one that
  // arrives while the dialog is open stays new, and the answer says how many did.
  type AcceptAsk = { location: { id: number; title: string } | null; ids: number[] };
  const [acceptAsk, setAcceptAsk] = useState<AcceptAsk | null>(null);
  const acceptAll = useMutation({
    mutationFn: (ask: AcceptAsk) => ordersApi.acceptAll(menuId ?? 0, ask.ids, ask.location?.id),
    onMutate: () => setOutcome(null),
    onSuccess: (answer) => {
      setAcceptAsk(null);
      if (!answer) return;
      const done = t('acceptAll.done', { count: answer.accepted.length });
      const text = answer.left_new > 0 ? `${done}; ${t('acceptAll.leftNew', { count: answer.left_new })}` : `${done}.`;
      setOutcome({ tone: 'success', text });
      seen(answer.accepted);
    },
    onError: (error) => {
      setAcceptAsk(null);
      if (!(isApiError(error) && error.isIgnored)) setOutcome({ tone: 'error', text: errorMessage(error, t('errors.updateFailed')) });
    },
    onSettled: refresh,
  });
  const askAcceptAll = (location: { id: number; title: string } | null, shown: readonly Order[]) =>
    setAcceptAsk({ location, ids: shown.filter((o) => o.accepted !== 1).map((o) => o.id) });

  const update = useMutation({
    mutationFn: (o: Order) => ordersApi.setAccepted(o.id, toggledAccepted(o.accepted)),
    onMutate: () => setOutcome(null),
    onSuccess: (_answer, o) => {
      setOutcome({ tone: 'success', text: t(o.accepted === 1 ? 'revoked' : 'accepted', { id: o.id }) });
      seen([o.id]);
    },
    onError: (error) => {
      if (!(isApiError(error) && error.isIgnored)) setOutcome({ tone: 'error', text: errorMessage(error, t('errors.updateFailed')) });
    },
    onSettled: refresh,
  });

  const remove = useMutation({
    mutationFn: (o: Order) => ordersApi.remove(o.id),
    onMutate: () => setOutcome(null),
    onSuccess: (_answer, o) => setOutcome({ tone: 'success', text: t('deleted', { id: o.id }) }),
    onError: (error) => {
      if (!(isApiError(error) && error.isIgnored)) setOutcome({ tone: 'error', text: errorMessage(error, t('errors.deleteFailed')) });
    },
    onSettled: refresh,
  });

  const busy = update.isPending || remove.isPending || acceptAll.isPending;
  const zone = menu?.timezone;
  const money = (euros: number) => formatEuros(euros, lang);

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
    {
      key: 'items',
      header: t('columns.items'),
      cell: (o) => (
        <ul className="ord-items">
          {o.items.map((line) => (
            <li key={line.id}>
              {line.qty} × {line.dish.title}
              {line.complex.length > 0 && <span className="muted"> ({line.complex.map((c) => c.dish.title).join(', ')})</span>}
            </li>
          ))}
        </ul>
      ),
    },
    { key: 'comment', header: t('columns.comment'), cell: (o) => o.comment || '' },
    { key: 'shift', header: t('columns.shift'), sortable: true, sortValue: (o) => o.shift?.title ?? '', cell: (o) => o.shift?.title ?? '' },
    {
      key: 'amount_to_pay',
      header: t('columns.toPay'),
      sortable: true,
      align: 'end',
      className: 'cell-nowrap',
      cell: (o) => (
        <>
          <strong>{money(o.amount_to_pay)}</strong>
          <br />
          <span className="muted">{t(`paymentType.${o.payment_type}`)}</span>
        </>
      ),
    },
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
    columns[2]!,
    {
      key: 'amount_to_pay',
      header: t('columns.toPay'),
      align: 'end',
      className: 'cell-nowrap',
      cell: (o) => (
        <>
          <strong>{money(o.amount_to_pay)}</strong>
          <br />
          <span className="muted">{t(`paymentType.${o.payment_type}`)}</span>
        </>
      ),
    },
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
    const groups = allGroups
      .filter((g) => !locationFilter || String(g.location?.id ?? 'none') === locationFilter)
      .map((g) => ({ ...g, orders: g.orders.filter(matches) }));
    const shifts = [
      ...new Map(allGroups.flatMap((g) => g.orders).flatMap((o) => (o.shift ? [[o.shift.id, o.shift.title] as const] : []))).entries(),
    ];
    const payments = [...new Set(allGroups.flatMap((g) => g.orders).map((o) => o.payment_type))];
    body = (
      <>
        <div className="ord-filters" role="search" aria-label={t('filters.label')}>
          <TextField label={t('filters.person')} type="search" value={person} onChange={(e) => setPerson(e.target.value)} />
          <FilterSelect
            label={t('filters.location')}
            any={t('filters.any')}
            value={locationFilter}
            onChange={setLocationFilter}
            options={allGroups.map((g) => [String(g.location?.id ?? 'none'), g.location?.title ?? t('noLocation')])}
          />
          <FilterSelect
            label={t('columns.shift')}
            any={t('filters.any')}
            value={shiftFilter}
            onChange={setShiftFilter}
            options={shifts.map(([id, title]) => [String(id), title])}
          />
          <FilterSelect
            label={t('filters.payment')}
            any={t('filters.any')}
            value={paymentFilter}
            onChange={setPaymentFilter}
            options={payments.map((p) => [p, t(`paymentType.${p}`)])}
          />
        </div>
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
              <Button variant="ghost" onClick={() => setFresh(new Set())}>
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
          {groups.map((g) => {
            const key = String(g.location?.id ?? 'none');
            const headingId = `ord-loc-${key}`;
            const isCollapsed = collapsed.has(key);
            return (
              <section key={g.location?.id ?? 'none'} className="card ord-group" aria-labelledby={headingId}>
                <div className="ord-group__head">
                  <h2 className="ord-group__title" id={headingId}>
                    {g.location?.title ?? t('noLocation')}
                  </h2>
                  {g.location && newCount(g.orders) > 0 && (
                    <Button
                      size="sm"
                      disabled={busy}
                      loading={acceptAll.isPending && acceptAll.variables.location?.id === g.location.id}
                      aria-label={t('acceptAll.locationNamed', { count: newCount(g.orders), location: g.location.title })}
                      onClick={() => askAcceptAll(g.location, g.orders)}
                    >
                      {t('acceptAll.location', { count: newCount(g.orders) })}
                    </Button>
                  )}
                  {g.location && (
                    <PrintButton
                      menuId={menuId}
                      menuTitle={menu?.title ?? ''}
                      filter={filter}
                      location={g.location}
                      label={t('print.location')}
                      ariaLabel={t('print.locationNamed', { location: g.location.title })}
                    />
                  )}
                </div>
                {g.location?.address && <p className="muted ord-group__address">{g.location.address}</p>}
                <LocationTotals totals={g.totals} />
                <Button
                  size="sm"
                  variant="ghost"
                  aria-expanded={!isCollapsed}
                  aria-controls={`${headingId}-list`}
                  onClick={() => toggle(key)}
                  aria-label={t(isCollapsed ? 'showOrdersNamed' : 'hideOrdersNamed', { location: g.location?.title ?? t('noLocation') })}
                >
                  {t(isCollapsed ? 'showOrders' : 'hideOrders')}
                </Button>
                <div id={`${headingId}-list`} hidden={isCollapsed}>
                  <Table
                    columns={columns}
                    rows={g.orders}
                    rowKey={(o) => o.id}
                    perPage={1000}
                    loading={orders.isFetching}
                    emptyText={t('empty')}
                  />
                </div>
              </section>
            );
          })}
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
        onCancel={() => setAcceptAsk(null)}
        onConfirm={() => {
          if (acceptAsk && !acceptAll.isPending) acceptAll.mutate(acceptAsk);
        }}
      />
    </section>
  );
}

/** One filter: a labelled select whose first option means "any". */
function FilterSelect(props: { label: string; value: string; any: string; options: [string, string][]; onChange(value: string): void }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {props.label}
      </label>
      <select id={id} className="input" value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">{props.any}</option>
        {props.options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </div>
  );
}
