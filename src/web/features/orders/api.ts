import { useCallback } from 'react';
import type { Paged } from '../../../shared/list-query';
import type { MenuSummary } from '../../../shared/schemas/menus';
import type { AcceptAllResult, Order, OrdersByMenuResult } from '../../../shared/schemas/orders';
import { api } from '../../lib/api';
import { useLiveRefetch, type LiveRefetch, type ServerEvent } from '../../lib/events';
import { useApiQuery } from '../../lib/query';
import { ordersQuery, printQuery, type AcceptedFilter } from './filter';

export type { MenuSummary, Order, OrdersByMenuResult };

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

/** Placed orders of one menu grouped per location, with totals; polled only while the stream is down. */
export function useMenuOrders(menuId: number | null, filter: AcceptedFilter, live = true) {
  return useApiQuery<OrdersByMenuResult>([...ORDERS_KEY, 'menu', menuId, filter], '/app/order', {
    query: ordersQuery(menuId ?? 0, filter),
    enabled: menuId !== null,
    staleTime: 0,
    refetchInterval: live ? false : ORDERS_POLL_MS,
    silent: true,
  });
}

/** Cancelled orders of one menu (status 3, decision 031): listed with their refunds, never counted. */
export function useCancelledOrders(menuId: number | null) {
  return useApiQuery<OrdersByMenuResult>([...ORDERS_KEY, 'menu', menuId, 'cancelled'], '/app/order', {
    query: ordersQuery(menuId ?? 0, 'all', 3),
    enabled: menuId !== null,
    staleTime: 0,
  });
}

export const ordersApi = {
  setAccepted: (id: number, accepted: 0 | 1) => api.put<Order>(`/app/order/${id}`, undefined, { query: { accepted } }),
  remove: (id: number) => api.delete<{ success: true }>(`/app/order/${id}`),
  /** Accepts the new orders the page showed (`orderIds`) of the menu, or of one location on it (one call); newer ones stay new. */
  acceptAll: (menuId: number, orderIds: number[], locationId?: number) =>
    api.post<AcceptAllResult>(
      '/app/order/accept-all',
      locationId === undefined
        ? { dishlist_id: menuId, order_ids: orderIds }
        : { dishlist_id: menuId, location_id: locationId, order_ids: orderIds },
    ),
  /** The orders print-out PDF (all locations, or one) as a blob, fetched with the bearer header. */
  printPdf: (menuId: number, filter: AcceptedFilter, locationId?: number) =>
    api.get<Blob>(`/app/dishlists/${menuId}/print-orders${locationId === undefined ? '' : `/${locationId}`}`, {
      parse: 'blob',
      headers: { Accept: 'application/pdf' },
      query: printQuery(filter),
    }),
};
