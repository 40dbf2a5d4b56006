import type {
  CashBalanceInput,
  CashBalanceResult,
  CreateLapInput,
  DayCash,
  Lap,
  LapList,
  LapReport,
  StopStatus,
  StopStatusInput,
  UpdateLapInput,
} from '../../../shared/schemas/laps';
import type { DayPlan, LapDayPlan, LapRunInput } from '../../../shared/schemas/lap-plans';
import type { Paged } from '../../../shared/list-query';
import type { MenuDetail, MenuSummary } from '../../../shared/schemas/menus';
import { api } from '../../lib/api';
import { useApiQuery } from '../../lib/query';

export type { DayCash, Lap, LapList, LapReport, StopStatus };

export const LAPS_KEY = ['laps'] as const;

/** GET /app/laps: the laps of the active provider and the locations on no lap. */
export function useLaps() {
  return useApiQuery<LapList>([...LAPS_KEY, 'list'], '/app/laps', { staleTime: 0 });
}

/** The menu's title and times for /menu-laps/{menuId} (GET /app/dishlists/{id}). */
export function useLapMenu(menuId: number | null) {
  return useApiQuery<MenuDetail>([...LAPS_KEY, 'menu', menuId], `/app/dishlists/${menuId ?? 0}`, {
    enabled: menuId !== null,
    retry: false,
  });
}

/** Menus, newest first, to open their laps (GET /app/dishlists, all of them). */
export function useLapMenus() {
  return useApiQuery<Paged<MenuSummary>>([...LAPS_KEY, 'menus'], '/app/dishlists', { query: { per_page: 'all', sort: { from: 'desc' } } });
}

/** GET /app/laps/report/{lapId}/{menuId}. */
export function useLapReport(lapId: number | null, menuId: number | null) {
  return useApiQuery<LapReport>([...LAPS_KEY, 'report', lapId, menuId], `/app/laps/report/${lapId ?? 0}/${menuId ?? 0}`, {
    enabled: lapId !== null && menuId !== null,
    staleTime: 0,
    retry: false,
  });
}

/** GET /app/laps/cash/{menuId}: the day's cash across laps, with each lap's stop statuses counted. */
export function useDayCash(menuId: number | null) {
  return useApiQuery<DayCash>([...LAPS_KEY, 'cash', menuId], `/app/laps/cash/${menuId ?? 0}`, {
    enabled: menuId !== null,
    staleTime: 0,
    retry: false,
  });
}

/** GET /app/laps/plans/{menuId}: each active lap's departure, driver and stop windows on the menu's day (issue 28). */
export function useDayPlan(menuId: number | null) {
  return useApiQuery<DayPlan>([...LAPS_KEY, 'plans', menuId], `/app/laps/plans/${menuId ?? 0}`, {
    enabled: menuId !== null,
    staleTime: 0,
    retry: false,
  });
}

export const lapsApi = {
  setRun: (lapId: number, menuId: number, body: LapRunInput) => api.put<LapDayPlan>(`/app/laps/${lapId}/runs/${menuId}`, body),
  remove: (id: number) => api.delete<{ success: true }>(`/app/laps/${id}`),
  setStop: (menuId: number, locationId: number, body: StopStatusInput) =>
    api.put<StopStatus>(`/app/laps/stops/${menuId}/${locationId}`, body),
  create: (body: CreateLapInput) => api.post<Lap>('/app/laps', body),
  update: (id: number, body: UpdateLapInput) => api.put<Lap>(`/app/laps/${id}`, body),
  recordCash: (menuId: number, body: CashBalanceInput) => api.post<CashBalanceResult>(`/app/cashbalance/${menuId}`, body),
  /** The report PDF as a blob, fetched with the bearer header. */
  pdf: (lapId: number, menuId: number) =>
    api.get<Blob>(`/app/laps/print-report/${lapId}/${menuId}`, { parse: 'blob', headers: { Accept: 'application/pdf' } }),
};
