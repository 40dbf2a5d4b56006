import { useCallback } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { MenuDelivery, OrderDelivery } from '../../../shared/schemas/delivery';
import { useLiveRefetch, type ServerEvent } from '../../lib/events';
import { useApiQuery } from '../../lib/query';
import { LIVE_REFETCH_MS, ORDER_KEYS } from './api';

/**
 * GET /app/order/delivery/{menuId}: "delivery expected" for the caller's location and their
 * latest order's progress, one read per page. Under the menu's order-page key, so the page's own
 * live refetch (useLiveOrdering: a `menu` event, e.g. a stop marked delivered) refetches it too.
 */
export function useMenuDelivery(menuId: number, enabled: boolean) {
  return useApiQuery<MenuDelivery>([...ORDER_KEYS.page(menuId), 'delivery'], `/app/order/delivery/${menuId}`, {
    enabled,
    staleTime: 30_000,
  });
}

/**
 * GET /app/orders/{id}/delivery: the order's progress on its details page, refetched when the
 * event stream tells of a change to its menu (a departure, a delivery), without a reload.
 */
export function useOrderDelivery(orderId: string, menuId: number | null) {
  const route = useCallback(
    (event: ServerEvent, client: QueryClient) => {
      if (event.type === 'reset') void client.invalidateQueries({ queryKey: deliveryKey(orderId) });
      return event.type === 'menu' && event.menuId === menuId
        ? { bucket: `order delivery ${orderId}`, queryKey: deliveryKey(orderId), gapMs: LIVE_REFETCH_MS }
        : null;
    },
    [orderId, menuId],
  );
  useLiveRefetch(route);
  return useApiQuery<OrderDelivery>(deliveryKey(orderId), `/app/orders/${encodeURIComponent(orderId)}/delivery`, {
    enabled: menuId !== null,
    staleTime: 30_000,
  });
}

const deliveryKey = (orderId: string) => [...ORDER_KEYS.order(orderId), 'delivery'] as const;
