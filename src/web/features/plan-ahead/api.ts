import type { AwayDaysResult, ClosedDaysResult, StandingDishesResult, StandingOrdersResult } from '../../../shared/schemas/plan-ahead';
import { useApiQuery } from '../../lib/query';

export const STANDING_KEY = ['plan-ahead', 'standing'] as const;
export const AWAY_KEY = ['plan-ahead', 'away'] as const;

/** GET /app/standing-orders: the caller's standing orders at the active provider. */
export function useStandingOrders() {
  return useApiQuery<StandingOrdersResult>(STANDING_KEY, '/app/standing-orders');
}

/** GET /app/away-days: the caller's away days, their location's closed days and the orders on them. */
export function useAwayDays() {
  return useApiQuery<AwayDaysResult>(AWAY_KEY, '/app/away-days');
}

/** The dishes to choose from: plain dishes of the provider's menus of the last four weeks and to come. */
export function useStandingDishes() {
  return useApiQuery<StandingDishesResult>(['plan-ahead', 'dishes'], '/app/standing-orders/dishes', { staleTime: 60_000 });
}

export const closedDaysKey = (locationId: number) => ['plan-ahead', 'closed', locationId] as const;

/** GET /app/locations/{id}/closed-days: the location's closed days from today on (its manager, staff). */
export function useClosedDays(locationId: number) {
  return useApiQuery<ClosedDaysResult>(closedDaysKey(locationId), `/app/locations/${locationId}/closed-days`, {
    enabled: Number.isInteger(locationId) && locationId > 0,
    retry: false,
  });
}
