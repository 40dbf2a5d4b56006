import type { DishlistsResult, OrderPageData } from '../../../shared/schemas/ordering';
import type {
  CreatedVisitorLink,
  CreateVisitorLinkInput,
  HostOrderInput,
  HostOrderResult,
  Visit,
  VisitDish,
  VisitOption,
  VisitOrderInput,
  VisitOrderResult,
  VisitorLink,
  VisitorLinkList,
} from '../../../shared/schemas/visitors';
import { api } from '../../lib/api';
import { useApiQuery } from '../../lib/query';

// Types only (`import type`): zod stays out of the visitor's page bundle.
export type { CreatedVisitorLink, Visit, VisitDish, VisitOption, VisitorLink };

export const VISITOR_LINKS_KEY = ['visitors', 'links'] as const;

/** The host's visitor links (GET /app/visitor-links). */
export function useVisitorLinks() {
  return useApiQuery<VisitorLinkList>(VISITOR_LINKS_KEY, '/app/visitor-links', { staleTime: 0, retry: false });
}

/** Menus open for ordering (the host picks the visitor's day). */
export function useOpenMenus() {
  return useApiQuery<DishlistsResult>(['visitors', 'menus'], '/app/order/dishlists', { staleTime: 60_000 });
}

/** One menu's dishes, to order for a visitor directly. */
export function useMenuDishes(menuId: number | null) {
  return useApiQuery<OrderPageData>(['visitors', 'menu', menuId], `/app/order/create/${menuId}`, {
    enabled: menuId !== null,
    staleTime: 30_000,
  });
}

/** Staff name the visitor's location (GET /app/locations, all of them). */
export function useLocationChoices(enabled: boolean) {
  return useApiQuery<{ data: { id: number; title: string }[] }>(['visitors', 'locations'], '/app/locations', {
    query: { per_page: 'all', sort: { title: 'asc' } },
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** The visitor's page (no session needed). */
export function useVisit(token: string) {
  return useApiQuery<Visit>(['visit', token], `/app/visit/${encodeURIComponent(token)}`, { retry: false, staleTime: 30_000 });
}

export const visitorsApi = {
  createLink: (input: CreateVisitorLinkInput) => api.post<CreatedVisitorLink>('/app/visitor-links', input, { rateLimitError: true }),
  revokeLink: (id: number) => api.delete<{ id: number }>(`/app/visitor-links/${id}`),
  orderForVisitor: (input: HostOrderInput) => api.post<HostOrderResult>('/app/visitors/orders', input),
  pick: (token: string, input: VisitOrderInput) => api.post<VisitOrderResult>(`/app/visit/${encodeURIComponent(token)}/order`, input),
};
