import { keepPreviousData } from '@tanstack/react-query';
import type { Paged } from '../../../shared/list-query';
import type { CorrectionInput, LedgerEntryAnswer } from '../../../shared/schemas/ledger';
import { api, type Query } from '../../lib/api';
import { useApiQuery } from '../../lib/query';

export type LedgerEntry = LedgerEntryAnswer;
export type LedgerPage = Paged<LedgerEntry> & { sum_cents: number };

export const LEDGER_KEY = ['ledger'] as const;

export function useLedger(query: Query) {
  return useApiQuery<LedgerPage>([...LEDGER_KEY, 'page'], '/app/ledger', { query, placeholderData: keepPreviousData });
}

/** Every location by title, for the correction's location (a correction reaches that location's statement and invoice). */
export function useCorrectionLocations(enabled: boolean) {
  return useApiQuery<{ data: { id: number; title: string }[] }>([...LEDGER_KEY, 'locations'], '/app/locations', {
    query: { per_page: 'all', sort: { title: 'asc' } },
    staleTime: 60_000,
    enabled,
  });
}

export const ledgerApi = {
  correct: (input: CorrectionInput) =>
    api.post<{ id: number; amount_cents: number; order_id: number | null }>('/app/ledger/corrections', input),
};
