import { toEuros } from '../../../shared/money.js';
import type { Invoice } from '../../../shared/schemas/invoices.js';
import { isoTime } from '../../lib/time.js';
import type { listSelect } from './invoices.queries.js';
import type { Sums } from './statement.js';

export const sumsEuros = (s: Sums) => ({
  orders: s.orders,
  gross: toEuros(s.gross),
  subsidy: toEuros(s.subsidy),
  bonus: toEuros(s.bonus),
  cash: toEuros(s.cash),
  card: toEuros(s.card),
  bank: toEuros(s.bank),
  refunds: toEuros(s.refunds),
  corrections: toEuros(s.corrections),
});

export function present(r: Awaited<ReturnType<ReturnType<typeof listSelect>['execute']>>[number]): Invoice {
  return {
    id: r.id,
    kind: r.kind,
    code: r.code,
    month: r.month,
    issue_date: r.issueDate,
    location_id: r.locationId,
    company: r.company,
    buyer: r.buyer,
    total: toEuros(r.kind === 'credit_note' ? -r.totalCents : r.totalCents),
    credits_id: r.creditsId,
    credited_by_id: r.creditedById,
    created_at: isoTime(r.createdAt),
  };
}
