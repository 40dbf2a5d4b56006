import type { Invoice, InvoiceList, InvoiceScopes, IssueInvoiceInput, Statement } from '../../../shared/schemas/invoices';
import { api, type Query } from '../../lib/api';
import { useApiQuery } from '../../lib/query';

export type { Invoice, InvoiceScopes, Statement };

export const INVOICES_KEY = ['invoices'] as const;

/** A location (`l:12`) or a company (`c:40003123456`) as the picker holds it. */
export function scopeQuery(scope: string): { location_id?: number; company?: string } {
  return scope.startsWith('l:') ? { location_id: Number(scope.slice(2)) } : { company: scope.slice(2) };
}

export function useInvoiceScopes() {
  return useApiQuery<InvoiceScopes>([...INVOICES_KEY, 'scopes'], '/app/invoices/scopes');
}

export function useStatement(scope: string, month: string) {
  return useApiQuery<Statement>([...INVOICES_KEY, 'statement'], '/app/invoices/statement', {
    query: { ...scopeQuery(scope), month },
    enabled: scope !== '' && month !== '',
  });
}

export function useInvoices(month: string) {
  return useApiQuery<InvoiceList>([...INVOICES_KEY, 'list'], '/app/invoices', { query: { month }, enabled: month !== '' });
}

/** A file fetched with the bearer header as a blob (decision 012: no token in an address). */
const file = (path: string, query: Query = {}) => api.get<Blob>(path, { parse: 'blob', query });

export const invoicesApi = {
  issue: (input: IssueInvoiceInput) => api.post<Invoice>('/app/invoices', input),
  credit: (id: number) => api.post<Invoice>(`/app/invoices/${id}/credit-note`),
  statementFile: (scope: string, month: string, format: 'csv' | 'xlsx') =>
    file('/app/invoices/statement/export', { ...scopeQuery(scope), month, format }),
  payrollFile: (locationId: number, month: string, format: 'csv' | 'xlsx') =>
    file('/app/invoices/payroll/export', { location_id: locationId, month, format }),
  document: (id: number, format: 'pdf' | 'xml') => file(`/app/invoices/${id}/${format}`),
};
