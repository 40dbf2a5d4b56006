import { useQueries } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Paged } from '../../../shared/list-query';
import type { MenuSummary } from '../../../shared/schemas/menus';
import type { AcceptAllResult, Order, OrderSectionsResult, OrdersByMenuResult } from '../../../shared/schemas/orders';
import { api } from '../../lib/api';
import { useLiveRefetch, type LiveRefetch, type ServerEvent } from '../../lib/events';
import { useApiQuery, useSessionKey } from '../../lib/query';
import { ordersQuery, printQuery, sectionOrdersQuery, sectionsQuery, type AcceptedFilter, type SectionKey } from './filter';

export type { MenuSummary, Order, OrderSectionsResult, OrdersByMenuResult };

export const ORDERS_KEY = ['orders'] as const;

/** Menus for /orders, newest first (GET /app/dishlists, all of them). */
export function useOrderMenus() {
  return useApiQuery<Paged<MenuSummary>>([...ORDERS_KEY, 'menus'], '/app/dishlists', {
    query: { per_page: 'all', sort: { from: 'desc' } },
    staleTime: 0,
  });
}

/** While the event stream is down, the orders page refreshes this often (the spec's data, polled). */
export const ORDERS_POLL_MS = 5_000;
/** During a rush the page refetches at once, then at most once per this interval. */
export const ORDERS_REFETCH_MS = 1_000;

/**
 * Keeps a menu's orders live: the event stream's order events of the menu (new, accepted,
 * cancelled, deleted) refetch its lists, at once and then at most once a second; a reset
 * refetches too. Answers whether the stream is connected (the lists poll while it is not).
 */
export function useLiveOrders(menuId: number | null): boolean {
  const route = useCallback(
    (event: ServerEvent): LiveRefetch | null =>
      menuId === null || event.type === 'menu' || (event.type === 'order' && event.menuId !== menuId)
        ? null
        : { bucket: `orders ${menuId}`, queryKey: [...ORDERS_KEY, 'menu', menuId], gapMs: ORDERS_REFETCH_MS },
    [menuId],
  );
  return useLiveRefetch(route);
}

/**
 * The orders page's first answer (decision 056): each location's section with its totals and new
 * count, the menu's totals and the filter's shifts and payment types; polled only while the stream is down.
 */
export function useOrderSections(menuId: number | null, filter: AcceptedFilter, live = true) {
  return useApiQuery<OrderSectionsResult>(
    [...ORDERS_KEY, 'menu', menuId, 'sections', filter],
    `/app/dishlists/${menuId ?? 0}/order-sections`,
    {
      query: sectionsQuery(filter),
      enabled: menuId !== null,
      staleTime: 0,
      refetchInterval: live ? false : ORDERS_POLL_MS,
      silent: true,
    },
  );
}

/** The placed orders (with lines) of each open section, read when it opens; the same key prefix, so they stay live. */
export function useSectionsOrders(menuId: number | null, filter: AcceptedFilter, keys: readonly SectionKey[], live = true) {
  const session = useSessionKey();
  return useQueries({
    queries: keys.map((key) => ({
      queryKey: [...ORDERS_KEY, 'menu', menuId, 'section', key, filter, session] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.query<OrdersByMenuResult>(sectionOrdersPath(menuId ?? 0), { query: sectionOrdersQuery(key, filter), signal, silent: true }),
      enabled: menuId !== null,
      staleTime: 0,
      refetchInterval: live ? (false as const) : ORDERS_POLL_MS,
    })),
  });
}

const sectionOrdersPath = (menuId: number) => `/app/dishlists/${menuId}/order-sections/orders`;

/** Cancelled orders of one menu (status 3, decision 031): listed with their refunds, never counted; read when shown (decision 056). */
export function useCancelledOrders(menuId: number | null, enabled = true) {
  return useApiQuery<OrdersByMenuResult>([...ORDERS_KEY, 'menu', menuId, 'cancelled'], '/app/order', {
    query: ordersQuery(menuId ?? 0, 'all', 3),
    enabled: menuId !== null && enabled,
    staleTime: 0,
  });
}

export const ordersApi = {
  /** One section's orders, read at once ("Accept all new" of a section not opened yet). */
  sectionOrders: (menuId: number, key: SectionKey, filter: AcceptedFilter) =>
    api.query<OrdersByMenuResult>(sectionOrdersPath(menuId), { query: sectionOrdersQuery(key, filter) }),
  setAccepted: (id: number, accepted: 0 | 1) => api.put<Order>(`/app/order/${id}`, undefined, { query: { accepted } }),
  remove: (id: number) => api.delete<{ success: true }>(`/app/order/${id}`),
  /** Accepts the new orders the page showed (`orderIds`; none: all new ones) of the menu, or of one location on it (one call); newer ones stay new. */
  acceptAll: (menuId: number, orderIds: number[] | undefined, locationId?: number) =>
    api.post<AcceptAllResult>('/app/order/accept-all', {
      dishlist_id: menuId,
      ...(locationId === undefined ? {} : { location_id: locationId }),
      ...(orderIds === undefined ? {} : { order_ids: orderIds }),
    }),
  /** The orders print-out PDF (all locations, or one) as a blob, fetched with the bearer header. */
  printPdf: (menuId: number, filter: AcceptedFilter, locationId?: number) =>
    api.get<Blob>(`/app/dishlists/${menuId}/print-orders${locationId === undefined ? '' : `/${locationId}`}`, {
      parse: 'blob',
      headers: { Accept: 'application/pdf' },
      query: printQuery(filter),
    }),
};
