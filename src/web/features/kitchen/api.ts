import type { KitchenResult } from '../../../shared/schemas/kitchen';
import { useApiQuery } from '../../lib/query';
import { KITCHEN_REFRESH_MS } from './display';

export type { KitchenResult };

/** GET /app/kitchen/{menuId}, polled every 10 s without flashing the progress bar. */
export function useKitchen(menuId: number | null) {
  return useApiQuery<KitchenResult>(['kitchen', menuId], `/app/kitchen/${menuId ?? 0}`, {
    enabled: menuId !== null,
    staleTime: 0,
    silent: true,
    refetchInterval: KITCHEN_REFRESH_MS,
    refetchIntervalInBackground: true,
    retry: false,
  });
}
