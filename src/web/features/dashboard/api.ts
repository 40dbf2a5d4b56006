import { keepPreviousData } from '@tanstack/react-query';
import type { DashboardChart, DashboardQuery, DashboardResult } from '../../../shared/schemas/dashboard';
import type { MonthRatings } from '../../../shared/schemas/rating-reports';
import { api } from '../../lib/api';
import { useApiQuery } from '../../lib/query';

export type { DashboardChart, DashboardQuery, DashboardResult, MonthRatings };

export const DASHBOARD_KEY = ['dashboard'] as const;

export function useDashboard(query: DashboardQuery, enabled: boolean) {
  return useApiQuery<DashboardResult>(DASHBOARD_KEY, '/app/dashboard', { query, enabled, placeholderData: keepPreviousData });
}

/** Best and worst rated dishes of this month (decision 080): a call of its own, the dashboard's figures stay as they are. */
export function useMonthRatings() {
  return useApiQuery<MonthRatings>([...DASHBOARD_KEY, 'ratings'], '/app/rating-reports/month', { staleTime: 60_000 });
}

/** Every location by title, for the location filter. */
export function useDashboardLocations() {
  return useApiQuery<{ data: { id: number; title: string }[] }>([...DASHBOARD_KEY, 'locations'], '/app/locations', {
    query: { per_page: 'all', sort: { title: 'asc' } },
    staleTime: 60_000,
  });
}

export const dashboardApi = {
  /** One chart's figures as CSV, fetched with the bearer header (decision 012: no token in an address). */
  csv: (chart: DashboardChart, query: DashboardQuery) =>
    api.get<Blob>('/app/dashboard/export', { parse: 'blob', query: { ...query, chart } }),
};
