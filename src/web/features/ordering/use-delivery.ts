import type { MenuDelivery } from '../../../shared/schemas/delivery';
import { useApiQuery } from '../../lib/query';
import { ORDER_KEYS } from './api';

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
 * The order page's delivery read, answered only when it has something to show: a promised window
 * for the eater's location, or their order past "accepted" (cooking from the deadline, on the
 * way, delivered). Before that the page's own orders list says the order is in; the panel's code
 * and texts then stay unloaded (the order page's first-load budget, tests/e2e/page-weight.e2e.ts).
 */
export function useDeliveryWorthShowing(menuId: number, enabled: boolean): MenuDelivery | null {
  const delivery = useMenuDelivery(menuId, enabled).data;
  if (!delivery) return null;
  const progressed = delivery.order?.steps.some((s) => s.step !== 'accepted' && s.at !== null) ?? false;
  return delivery.window || progressed ? delivery : null;
}
