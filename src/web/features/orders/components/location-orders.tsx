import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { Table, type Column } from '../../../components/ui/table';
import { sectionKey, type AcceptedFilter, type SectionKey } from '../filter';
import type { Order, OrderSectionsResult } from '../api';
import type { OrderFilters } from './order-filters';
import type { OrderActions } from '../use-order-actions';
import { LocationTotals } from './location-totals';
import { PrintButton } from './print-button';

export type Section = OrderSectionsResult['sections'][number];

/** An open section's orders as read (undefined until the first answer). */
export interface SectionOrders {
  orders: readonly Order[] | undefined;
  fetching: boolean;
  error: unknown;
  refetch: () => void;
}

/** Orders not yet accepted. */
export const newCount = (orders: readonly Order[]) => orders.filter((o) => o.accepted !== 1).length;

interface LocationOrdersProps {
  sections: readonly Section[];
  menu: { id: number; title: string; filter: AcceptedFilter };
  columns: Column<Order>[];
  actions: OrderActions;
  filters: OrderFilters;
  isOpen: (key: SectionKey) => boolean;
  toggle: (key: SectionKey) => void;
  /** The open sections' orders. */
  loaded: ReadonlyMap<SectionKey, SectionOrders>;
  /** "Accept all new" of a section: its new orders that match the filters (read first when it is not open). */
  askAcceptAll: (section: Section) => void;
}

/**
 * Each location's section (decision 056): its heading with "Accept all new" and Print, its totals,
 * and its orders, read when it is opened ("Show orders").
 */
export function LocationOrders({ sections, menu, columns, actions, filters, isOpen, toggle, loaded, askAcceptAll }: LocationOrdersProps) {
  const { t } = useTranslation('orders');
  const { acceptAll, busy } = actions;
  return sections.map((g) => {
    const key = sectionKey(g.location);
    const headingId = `ord-loc-${key}`;
    const open = isOpen(key);
    const read = loaded.get(key);
    const shown = read?.orders ? filters.apply(read.orders) : undefined;
    const fresh = shown ? newCount(shown) : filters.narrows ? 0 : g.new_count;
    const title = g.location?.title ?? t('noLocation');
    let list = null;
    if (open && read?.orders === undefined && read?.error) {
      list = (
        <Notice tone="error">
          {errorMessage(read.error, t('errors.loadFailed'))}{' '}
          <Button size="sm" variant="ghost" onClick={read.refetch}>
            {t('retry')}
          </Button>
        </Notice>
      );
    } else if (open && shown === undefined) {
      list = <Spinner block />;
    } else if (open && shown) {
      list = <Table columns={columns} rows={shown} rowKey={(o) => o.id} perPage={1000} loading={read?.fetching} emptyText={t('empty')} />;
    }
    return (
      <section key={key} className="card ord-group" aria-labelledby={headingId}>
        <div className="ord-group__head">
          <h2 className="ord-group__title" id={headingId}>
            {title}
          </h2>
          {g.location && fresh > 0 && (
            <Button
              size="sm"
              disabled={busy}
              loading={acceptAll.isPending && acceptAll.variables.location?.id === g.location.id}
              aria-label={t('acceptAll.locationNamed', { count: fresh, location: g.location.title })}
              onClick={() => askAcceptAll(g)}
            >
              {t('acceptAll.location', { count: fresh })}
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
          aria-expanded={open}
          aria-controls={`${headingId}-list`}
          onClick={() => toggle(key)}
          aria-label={t(open ? 'hideOrdersNamed' : 'showOrdersNamed', { location: title })}
        >
          {t(open ? 'hideOrders' : 'showOrders')}
        </Button>
        <div id={`${headingId}-list`} hidden={!open}>
          {list}
        </div>
      </section>
    );
  });
}
