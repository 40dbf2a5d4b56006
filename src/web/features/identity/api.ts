import type {
  CreateIdentityProviderInput,
  IdentityProvider,
  IdentityProviderList,
  UpdateIdentityProviderInput,
} from '../../../shared/schemas/identity';
import { api } from '../../lib/api';
import { useApiQuery } from '../../lib/query';

// Types only: `import type` keeps zod out of the bundle.
export type { CreateIdentityProviderInput, IdentityProvider, UpdateIdentityProviderInput };

export const IDENTITY_PROVIDERS_KEY = ['identity-providers'] as const;

export function useIdentityProviders() {
  return useApiQuery<IdentityProviderList>(IDENTITY_PROVIDERS_KEY, '/app/admin/identity-providers');
}

/** Locations new users of a provider may join (all of them, by title). */
export function useLocationChoices() {
  return useApiQuery<{ data: { id: number; title: string }[] }>(['identity-providers', 'locations'], '/app/locations', {
    query: { per_page: 'all', sort: { title: 'asc' } },
    staleTime: 60_000,
  });
}

export const identityApi = {
  create: (input: CreateIdentityProviderInput) => api.post<IdentityProvider>('/app/admin/identity-providers', input),
  update: (id: number, input: UpdateIdentityProviderInput) => api.put<IdentityProvider>(`/app/admin/identity-providers/${id}`, input),
  remove: (id: number) => api.delete<{ ok: true }>(`/app/admin/identity-providers/${id}`),
};
