/*
 * What a standing order's set-meal options and payment must be when it is saved (issue 27): the
 * sweep would refuse them later ("invalid"); the form hears it at once, on the field.
 */
import type { StandingGroup } from '../../../shared/schemas/plan-ahead.js';
import type { PaymentMethods } from '../../../shared/schemas/ordering.js';
import type { CodedFieldErrors } from '../../lib/errors.js';
import { standingText } from './standing.messages.js';

type Choice = { group_id: number; dish_id: number };

/**
 * The field errors of a dish's options: a plain dish takes none; a set meal one option of its own
 * per group, at most one per group, and one in every mandatory group.
 */
export function optionErrors(groups: StandingGroup[] | null, complex: Choice[]): CodedFieldErrors {
  if (groups === null) return complex.length > 0 ? { complex: [standingText.coded('optionsNotSetMeal')] } : {};
  const seen = new Set<number>();
  for (const c of complex) {
    const group = groups.find((g) => g.id === c.group_id);
    if (!group || !group.options.some((o) => o.id === c.dish_id) || seen.has(c.group_id))
      return { complex: [standingText.coded('optionInvalid')] };
    seen.add(c.group_id);
  }
  const missing = groups.find((g) => !g.optional && !seen.has(g.id));
  return missing ? { complex: [standingText.coded('optionMissing', { group: missing.title })] } : {};
}

/** The field errors of the payment: card only where offered, bank with one of the offered banks. */
export function paymentErrors(
  methods: Pick<PaymentMethods, 'card' | 'banks'>,
  input: { payment_type: string; bank: string | null },
): CodedFieldErrors {
  if (input.payment_type === 'card' && !methods.card) return { payment_type: [standingText.coded('paymentNotOffered')] };
  if (input.payment_type !== 'bank') return {};
  if (methods.banks.length === 0) return { payment_type: [standingText.coded('paymentNotOffered')] };
  if (!input.bank) return { bank: [standingText.coded('bankMissing')] };
  if (!methods.banks.some((b) => b.code === input.bank)) return { bank: [standingText.coded('bankUnknown')] };
  return {};
}

/** The field errors of the shift: one of the location's shifts when it has any, else none. */
export function shiftErrors(shifts: readonly { id: number }[], shiftId: number | null): CodedFieldErrors {
  if (shifts.length === 0) return shiftId === null ? {} : { shift_id: [standingText.coded('shiftUnknown')] };
  if (shiftId === null) return { shift_id: [standingText.coded('shiftMissing')] };
  return shifts.some((s) => s.id === shiftId) ? {} : { shift_id: [standingText.coded('shiftUnknown')] };
}
