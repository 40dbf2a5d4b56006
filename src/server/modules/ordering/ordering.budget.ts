/**
 * The employer's budget in the order check (issue 29, decision 073): what is left for this order,
 * and the refusal of an order a blocking budget cannot cover.
 */
import { euroText } from '../../../shared/money.js';
import { budgetRefused, type Totals } from '../../../shared/ordering/totals.js';
import type { CodedFieldErrors } from '../../lib/errors.js';
import type { LocalText } from '../../lib/i18n.js';
import type { BudgetState } from '../budgets/budgets.read.js';
import { orderingText } from './ordering.messages.js';
import type { CustomerState } from './ordering.users.js';

/**
 * The budget left for this order once it releases (or not) the customer's unpaid orders on the
 * menu (decision 045): the budget they hold is this order's to use.
 */
export function budgetAfterRelease(state: Pick<CustomerState, 'budget' | 'budgetHeldCents'>, releases: boolean): BudgetState | null {
  const b = state.budget;
  if (!b || !releases || state.budgetHeldCents === 0) return b;
  const usedCents = Math.max(0, b.usedCents - state.budgetHeldCents);
  return { ...b, usedCents, leftCents: Math.max(0, b.amountCents - usedCents) };
}

const BUDGET_TEXTS = { day: 'budgetExceededDay', week: 'budgetExceededWeek', month: 'budgetExceededMonth' } as const;

/** A blocking budget that cannot cover what the order wants of it: the refusal, on the field `budget`, naming what is left. */
export function budgetRefusal(totals: Totals, budget: BudgetState | null): CodedFieldErrors | null {
  if (!budget || !budgetRefused(totals, budget)) return null;
  const params = { needed: euroParam(totals.budgetWanted), left: euroParam(budget.leftCents) };
  return { budget: [orderingText.coded(BUDGET_TEXTS[budget.period], params)] };
}

/** An amount in cents as a message parameter, in the reader's language's format ("4,50 €"). */
function euroParam(cents: number): LocalText {
  return { code: 'euros', params: undefined, render: (lang) => euroText(cents, lang) };
}
