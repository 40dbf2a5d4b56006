import type { BudgetRule, BudgetRuleInput, BudgetRuleList, GroupList, LocationGroup } from '../../../shared/schemas/budget-rules';
import type { SpendAnswer } from '../../../shared/schemas/spend';
import { api } from '../../lib/api';
import { useApiQuery } from '../../lib/query';

export type { BudgetRule, GroupList, LocationGroup, SpendAnswer };

export const groupsKey = (locationId: number) => ['budgets', 'groups', locationId] as const;
export const rulesKey = (locationId: number) => ['budgets', 'rules', locationId] as const;
export const spendKey = (month: string, locationId: number | null) => ['spend', month, locationId] as const;

export const useGroups = (locationId: number) => useApiQuery<GroupList>(groupsKey(locationId), `/app/locations/${locationId}/groups`);
export const useRules = (locationId: number) =>
  useApiQuery<BudgetRuleList>(rulesKey(locationId), `/app/locations/${locationId}/budget-rules`);
export const useSpend = (month: string, locationId: number | null) =>
  useApiQuery<SpendAnswer>(spendKey(month, locationId), '/app/spend', {
    query: { month, ...(locationId === null ? {} : { location_id: locationId }) },
  });

/** Staff: the locations to pick from (GET /app/locations is staff-only). */
export const useLocationChoices = (enabled: boolean) =>
  useApiQuery<{ data: { id: number; title: string }[] }>(['spend', 'locations'], '/app/locations', {
    query: { per_page: 'all', sort: { title: 'asc' } },
    enabled,
    staleTime: 5 * 60_000,
  });

export const budgetsApi = {
  addGroup: (locationId: number, title: string) => api.post<LocationGroup>(`/app/locations/${locationId}/groups`, { title }),
  renameGroup: (id: number, title: string) => api.put<LocationGroup>(`/app/groups/${id}`, { title }),
  deleteGroup: (id: number) => api.delete<LocationGroup>(`/app/groups/${id}`),
  setGroup: (userId: number, groupId: number | null) => api.put(`/app/users/${userId}/group`, { group_id: groupId }),
  setRule: (locationId: number, input: BudgetRuleInput) => api.put<BudgetRule>(`/app/locations/${locationId}/budget-rules`, input),
  deleteRule: (locationId: number, groupId: number | null) =>
    api.delete<BudgetRule>(`/app/locations/${locationId}/budget-rules`, { query: groupId === null ? {} : { group_id: groupId } }),
  /** A file fetched with the bearer header as a blob (decision 012: no token in an address). */
  spendFile: (month: string, locationId: number | null, format: 'csv' | 'xlsx') =>
    api.get<Blob>('/app/spend/export', {
      parse: 'blob',
      query: { month, format, ...(locationId === null ? {} : { location_id: locationId }) },
    }),
};
