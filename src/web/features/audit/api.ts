import { keepPreviousData } from '@tanstack/react-query';
import type { Paged } from '../../../shared/list-query';
import type { AuditEntryAnswer } from '../../../shared/schemas/audit';
import type { Query } from '../../lib/api';
import { useApiQuery } from '../../lib/query';

export type AuditEntry = AuditEntryAnswer;
export interface AuditActor {
  id: number;
  name: string;
  email: string;
}

export const AUDIT_KEY = ['audit'] as const;

export function useAuditLog(query: Query) {
  return useApiQuery<Paged<AuditEntry>>([...AUDIT_KEY, 'page'], '/app/audit', { query, placeholderData: keepPreviousData });
}

export function useAuditActors() {
  return useApiQuery<{ data: AuditActor[] }>([...AUDIT_KEY, 'actors'], '/app/audit/actors');
}
