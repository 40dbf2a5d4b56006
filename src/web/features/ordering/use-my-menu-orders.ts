import type { HistoryMenuResult } from '../../../shared/schemas/history';
import { useApiQuery } from '../../lib/query';

/**
 * The customer's own orders on a menu, read through the history call (GET
 * /app/dishlists/history/{locationId}/{menuId}) under the ['history'] key, so a cancel or a new
 * order refetches it with the history pages. The order page asks it itself and loads the list's
 * code (with Cancel and Change) only when there is an order to show.
 */
export function useMyMenuOrders(locationId: number, menuId: number, enabled = true) {
  return useApiQuery<HistoryMenuResult>(['history', locationId, String(menuId)], `/app/dishlists/history/${locationId}/${menuId}`, {
    query: { per_page: 'all' },
    staleTime: 0,
    enabled,
  });
}
