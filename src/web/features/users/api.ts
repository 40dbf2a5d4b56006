import { keepPreviousData } from '@tanstack/react-query';
import type { Paged } from '../../../shared/list-query';
import type { AdminUser, AdminUserInput, AdminUserOrders, AdminUserResult } from '../../../shared/schemas/users';
import { api, type Query } from '../../lib/api';
import { useApiQuery } from '../../lib/query';

export type { AdminUser, AdminUserInput, AdminUserOrders, AdminUserResult };

export const USERS_KEY = ['admin-users'] as const;

/** GET /app/admin/users: one page, with search and filters. */
export function useAdminUsers(query: Query) {
  return useApiQuery<Paged<AdminUser>>([...USERS_KEY, 'page'], '/app/admin/users', { query, placeholderData: keepPreviousData });
}

/** Locations to filter by and to move users to (all of them, by title). */
export function useLocationChoices() {
  return useApiQuery<{ data: { id: number; title: string }[] }>([...USERS_KEY, 'locations'], '/app/locations', {
    query: { per_page: 'all', sort: { title: 'asc' } },
    staleTime: 60_000,
  });
}

export function useUserOrders(id: number | null) {
  return useApiQuery<AdminUserOrders>([...USERS_KEY, 'orders', id], `/app/admin/users/${id ?? 0}/orders`, {
    enabled: id !== null,
    staleTime: 0,
  });
}

export const usersApi = {
  update: (id: number, input: AdminUserInput) => api.put<AdminUserResult>(`/app/admin/users/${id}`, input),
  deactivate: (id: number) => api.post<AdminUserResult>(`/app/admin/users/${id}/deactivate`),
  activate: (id: number) => api.post<AdminUserResult>(`/app/admin/users/${id}/activate`),
  invite: (id: number) => api.post<AdminUserResult>(`/app/admin/users/${id}/invite`, undefined, { rateLimitError: true }),
};
