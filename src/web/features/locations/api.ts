import { keepPreviousData } from '@tanstack/react-query';
import type { CreateLocationInput, Location, UpdateLocationInput } from '../../../shared/schemas/locations';
import type { Paged } from '../../../shared/list-query';
import { api, type Query } from '../../lib/api';
import { useApiQuery } from '../../lib/query';

// Types only: `import type` keeps zod out of the bundle.
export type { Location };

export const LOCATIONS_KEY = ['locations'] as const;

export function useLocations(query: Query) {
  return useApiQuery<Paged<Location>>([...LOCATIONS_KEY, 'page'], '/app/locations', { query, placeholderData: keepPreviousData });
}

export const locationsApi = {
  create: (input: CreateLocationInput) => api.post<Location>('/app/locations', input),
  update: (id: number, input: UpdateLocationInput) => api.put<Location>(`/app/locations/${id}`, input),
  /** Spec 7 names it GET; it is idempotent (marks the location confirmed). */
  reconfirm: (id: number) => api.get<Location>(`/app/locations/${id}/reconfirm`),
};
