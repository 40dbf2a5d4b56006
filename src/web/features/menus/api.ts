import { keepPreviousData } from '@tanstack/react-query';
import type { Dish } from '../../../shared/schemas/catalogue';
import type { Paged } from '../../../shared/list-query';
import type {
  BalanceInput,
  CopyMenuInput,
  CopyMenuResult,
  CreateMenuInput,
  MenuBalance,
  MenuDetail,
  MenuSummary,
  UpdateMenuInput,
} from '../../../shared/schemas/menus';
import type { ForecastEntry, MenuForecast } from '../../../shared/schemas/forecast';
import type { WithdrawDishInput, WithdrawPreview, WithdrawResult, WithdrawalList } from '../../../shared/schemas/withdrawals';
import { SUMMARY_MAX_IDS, type RatingSummaries, type RatingSummary } from '../../../shared/schemas/rating-reports';
import { api, type Query } from '../../lib/api';
import { useApiQuery } from '../../lib/query';

export type { BalanceInput, Dish, ForecastEntry, MenuBalance, MenuDetail, MenuForecast, MenuSummary, RatingSummary };
export type WithdrawResultOf = WithdrawResult;

export const MENUS_KEY = ['menus'] as const;
/** Spec 9: the dish selector shows 20 active dishes per page. */
export const SELECTOR_PAGE_SIZE = 20;

export function useMenus(query: Query) {
  return useApiQuery<Paged<MenuSummary>>([...MENUS_KEY, 'page'], '/app/dishlists', { query, placeholderData: keepPreviousData });
}

export function useMenu(id: number | null) {
  return useApiQuery<MenuDetail>([...MENUS_KEY, 'one', id], `/app/dishlists/${id}`, { enabled: id !== null, staleTime: 0 });
}

export function useMenuBalance(id: number) {
  return useApiQuery<MenuBalance>([...MENUS_KEY, 'balance', id], `/app/dishlists/${id}/balance`, { staleTime: 0 });
}

/** The suggested quantities beside the balance editor (decision 062): read fresh each time the page opens. */
export function useMenuForecast(id: number) {
  return useApiQuery<MenuForecast>([...MENUS_KEY, 'forecast', id], `/app/dishlists/${id}/forecast`, { staleTime: 0 });
}

/**
 * The dishes' ratings (average, count; last 90 days) beside them in the balance editor and the menu
 * form: one batched read per page for all its dishes, never one per dish (decision 080).
 */
export function useDishRatings(ids: readonly number[]) {
  const list = [...new Set(ids)].sort((a, b) => a - b).slice(0, SUMMARY_MAX_IDS);
  const key = list.join(',');
  const ratings = useApiQuery<RatingSummaries>([...MENUS_KEY, 'ratings', key], '/app/rating-reports/summary', {
    query: { dish_ids: key },
    enabled: list.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  return new Map((ratings.data?.data ?? []).map((r) => [r.dish_id, r]));
}

/** Spec 9: active dishes only, 20 per page, with search. */
export function useSelectorDishes(page: number, search: string) {
  return useApiQuery<Paged<Dish>>(['catalogue', 'dishes', 'selector'], '/app/dishes', {
    // In category order, so the page lists its dishes under their categories (issue 24).
    query: { page, per_page: SELECTOR_PAGE_SIZE, search: search || undefined, filter: { status: 1 }, sort: { category: 'asc' } },
    placeholderData: keepPreviousData,
  });
}

/** Every active dish of the provider: the selector's "whole category" tools. */
export function useActiveDishes() {
  return useApiQuery<Paged<Dish>>(['catalogue', 'dishes', 'active'], '/app/dishes', {
    query: { per_page: 'all', filter: { status: 1 } },
    staleTime: 60_000,
  });
}

/** Every dish of the provider (inactive too): names and complex options of what a menu holds. */
export function useAllDishes() {
  return useApiQuery<Paged<Dish>>(['catalogue', 'dishes', 'all'], '/app/dishes', { query: { per_page: 'all' }, staleTime: 60_000 });
}

/** The dishes withdrawn from a menu after people ordered them (decision 083). */
export function useWithdrawals(id: number) {
  return useApiQuery<WithdrawalList>([...MENUS_KEY, 'withdrawals', id], `/app/dishlists/${id}/withdrawals`, { staleTime: 0 });
}

/** What withdrawing a dish would touch (orders, people, money), shown before confirming. */
export function useWithdrawPreview(id: number, dishId: number) {
  return useApiQuery<WithdrawPreview>([...MENUS_KEY, 'withdraw-preview', id, dishId], `/app/dishlists/${id}/withdrawals/preview`, {
    query: { dish_id: dishId },
    staleTime: 0,
  });
}

export const menusApi = {
  withdraw: (id: number, input: WithdrawDishInput) => api.post<WithdrawResult>(`/app/dishlists/${id}/withdrawals`, input),
  create: (input: CreateMenuInput) => api.post<MenuDetail>('/app/dishlists', input),
  update: (id: number, input: UpdateMenuInput) => api.put<MenuDetail>(`/app/dishlists/${id}`, input),
  remove: (id: number) => api.delete<{ success: true }>(`/app/dishlists/${id}`),
  copy: (id: number, input: CopyMenuInput) => api.post<CopyMenuResult>(`/app/dishlists/${id}/copy`, input),
  saveBalance: (id: number, input: BalanceInput) => api.post<MenuBalance>(`/app/dishlists/${id}/balance`, input),
};
