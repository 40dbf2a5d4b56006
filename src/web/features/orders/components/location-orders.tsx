import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Table, type Column } from '../../../components/ui/table';
import type { AcceptedFilter } from '../filter';
import type { Order, OrdersByMenuResult } from '../api';
import type { OrderActions } from '../use-order-actions';
import { LocationTotals } from './location-totals';
import { PrintButton } from './print-button';

type Group = OrdersByMenuResult['data'][number];

/** Orders not yet accepted. */
export const newCount = (orders: readonly Order[]) => orders.filter((o) => o.accepted !== 1).length;

interface LocationOrdersProps {
  groups: readonly Group[];
  menu: { id: number; title: string; filter: AcceptedFilter };
  columns: Column<Order>[];
  actions: OrderActions;
  loading: boolean;
}

/** Each location's orders: its heading with "Accept all new" and Print, its totals, and its table (which can be hidden). */
export function LocationOrders({ groups, menu, columns, actions, loading }: LocationOrdersProps) {
  const { t } = useTranslation('orders');
  const { acceptAll, busy, askAcceptAll } = actions;
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  return groups.map((g) => {
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
              menuId={menu.id}
              menuTitle={menu.title}
              filter={menu.filter}
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
          <Table columns={columns} rows={g.orders} rowKey={(o) => o.id} perPage={1000} loading={loading} emptyText={t('empty')} />
        </div>
      </section>
    );
  });
}
