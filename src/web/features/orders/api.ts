import type { Paged } from '../../../shared/list-query';
import type { MenuSummary } from '../../../shared/schemas/menus';
import type { Order, OrdersByMenuResult } from '../../../shared/schemas/orders';
import { api } from '../../lib/api';
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

/** Placed orders of one menu grouped per location, with totals. */
export function useMenuOrders(menuId: number | null, filter: AcceptedFilter) {
  return useApiQuery<OrdersByMenuResult>([...ORDERS_KEY, 'menu', menuId, filter], '/app/order', {
    query: ordersQuery(menuId ?? 0, filter),
    enabled: menuId !== null,
    staleTime: 0,
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
  /** The orders print-out PDF (all locations, or one) as a blob, fetched with the bearer header. */
  printPdf: (menuId: number, filter: AcceptedFilter, locationId?: number) =>
    api.get<Blob>(`/app/dishlists/${menuId}/print-orders${locationId === undefined ? '' : `/${locationId}`}`, {
      parse: 'blob',
      headers: { Accept: 'application/pdf' },
      query: printQuery(filter),
    }),
};
