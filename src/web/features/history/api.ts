import { api } from '../../lib/api';
import { useApiQuery } from '../../lib/query';
import type { HistoryMenu, HistoryMenuResult } from '../../../shared/schemas/history';

export type { HistoryMenu, HistoryMenuResult };

export interface HistoryMenusPage {
  data: HistoryMenu[];
  total: number;
}

/** Spec 7: GET /dishlists/history/{locationId} with per_page=all. */
export function useHistoryMenus(locationId: number | null) {
  return useApiQuery<HistoryMenusPage>(['history', locationId], `/app/dishlists/history/${locationId ?? 0}`, {
    query: { per_page: 'all' },
    enabled: locationId !== null,
  });
}

/** Spec 7: GET /dishlists/history/{locationId}/{menuId} with per_page=all. */
export function useMenuHistory(locationId: number | null, menuId: string) {
  return useApiQuery<HistoryMenuResult>(
    ['history', locationId, menuId],
    `/app/dishlists/history/${locationId ?? 0}/${encodeURIComponent(menuId)}`,
    { query: { per_page: 'all' }, enabled: locationId !== null },
  );
}

export interface LocationOption {
  id: number;
  title: string;
}

/** Staff pick the location whose history they look at (GET /app/locations, all of them). */
export function useLocations(enabled: boolean) {
  return useApiQuery<{ data: LocationOption[] }>(['history', 'locations'], '/app/locations', {
    query: { per_page: 'all', sort: { title: 'asc' } },
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** The report PDF as a blob, fetched with the bearer header (not a token in the address). */
export function fetchHistoryPdf(locationId: number, menuId: string): Promise<Blob | undefined> {
  return api.get<Blob>(`/app/dishlists/history/${locationId}/${encodeURIComponent(menuId)}/pdf`, {
    parse: 'blob',
    headers: { Accept: 'application/pdf' },
  });
}
