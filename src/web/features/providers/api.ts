import type { CreateProviderInput, Provider, ProviderList, UpdateProviderInput } from '../../../shared/schemas/providers';
import { api } from '../../lib/api';
import { useApiQuery } from '../../lib/query';

export type { Provider, ProviderList };

export const PROVIDERS_KEY = ['providers'] as const;

export function useProviders() {
  return useApiQuery<ProviderList>(PROVIDERS_KEY, '/app/providers', { staleTime: 60_000 });
}

export const providersApi = {
  create: (input: CreateProviderInput) => api.post<Provider>('/app/providers', input),
  update: (id: number, input: UpdateProviderInput) => api.put<Provider>(`/app/providers/${id}`, input),
};
