import { useQueryClient } from '@tanstack/react-query';
import type {
  CostCentre,
  CostCentreList,
  CreateCostCentreInput,
  RemoveCostCentreResult,
  UpdateCostCentreInput,
} from '../../../shared/schemas/cost-centres';
import { api } from '../../lib/api';
import { useApiQuery } from '../../lib/query';

export const COST_CENTRES_KEY = ['cost-centres'] as const;

/** A company's cost centres: `company` (administrators), or none (a manager's own company). */
export function useCostCentres(company: string | null, enabled: boolean) {
  return useApiQuery<CostCentreList>([...COST_CENTRES_KEY, 'list', company], '/app/cost-centres', {
    query: company ? { company } : undefined,
    enabled,
    retry: false,
  });
}

export function useInvalidateCostCentres() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: COST_CENTRES_KEY });
}

export const costCentresApi = {
  create: (input: CreateCostCentreInput) => api.post<CostCentre>('/app/cost-centres', input),
  update: (id: number, input: UpdateCostCentreInput) => api.put<CostCentre>(`/app/cost-centres/${id}`, input),
  remove: (id: number) => api.delete<RemoveCostCentreResult>(`/app/cost-centres/${id}`),
  setMine: (costCentreId: number | null) => api.put('/app/me/cost-centre', { cost_centre_id: costCentreId }),
};
