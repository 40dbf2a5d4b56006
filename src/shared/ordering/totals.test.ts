import { describe, expect, it } from 'vitest';
import { defaultPaymentType } from './checkout.js';
import { budgetRefused, commissionFor, computeTotals, recordedPaymentType, sumLines } from './totals.js';

const base = { linesCents: 1000, bonusCents: 0, subsidyCents: 0, fullSubsidy: false, commissionCents: 0 };

describe('computeTotals', () => {
  it('sums price x quantity', () => {
    expect(
      sumLines([
        { unitPriceCents: 450, qty: 2 },
        { unitPriceCents: 135, qty: 3 },
      ]),
    ).toBe(1305);
  });
  it('pays the lines when there is no bonus or subsidy', () => {
    expect(computeTotals(base)).toEqual({
      amount: 1000,
      subsidy: 0,
      budget: 0,
      budgetWanted: 0,
      bonus: 0,
      commission: 0,
      amountToPay: 1000,
    });
  });
  it('subtracts subsidy, then bonus', () => {
    expect(computeTotals({ ...base, subsidyCents: 350, bonusCents: 200 })).toMatchObject({ subsidy: 350, bonus: 200, amountToPay: 450 });
  });
  it('floors at 0 and uses only the bonus needed after the subsidy', () => {
    expect(computeTotals({ ...base, subsidyCents: 800, bonusCents: 500 })).toMatchObject({ subsidy: 800, bonus: 200, amountToPay: 0 });
    expect(computeTotals({ ...base, subsidyCents: 1500 })).toMatchObject({ subsidy: 1000, bonus: 0, amountToPay: 0 });
  });
  it('is 0 with full subsidy, and keeps the bonus', () => {
    expect(computeTotals({ ...base, fullSubsidy: true, bonusCents: 300, commissionCents: 25 })).toEqual({
      amount: 1000,
      subsidy: 1000,
      budget: 0,
      budgetWanted: 0,
      bonus: 0,
      commission: 0,
      amountToPay: 0,
    });
  });
  it('adds the commission when something is left to pay, not otherwise', () => {
    expect(computeTotals({ ...base, commissionCents: 25 })).toMatchObject({ commission: 25, amountToPay: 1025 });
    expect(computeTotals({ ...base, subsidyCents: 1000, commissionCents: 25 })).toMatchObject({ commission: 0, amountToPay: 0 });
  });
  it('ignores negative inputs', () => {
    expect(computeTotals({ ...base, subsidyCents: -5, bonusCents: -5, commissionCents: -5 })).toMatchObject({ amountToPay: 1000 });
  });
});

describe('payment types', () => {
  it('records what covered a free order', () => {
    const paid = computeTotals(base);
    expect(recordedPaymentType(paid, 'card')).toBe('card');
    expect(recordedPaymentType(computeTotals({ ...base, subsidyCents: 2000 }), 'card')).toBe('subsidy');
    expect(recordedPaymentType(computeTotals({ ...base, subsidyCents: 500, bonusCents: 600 }), 'cash')).toBe('bonus');
    expect(recordedPaymentType(computeTotals({ ...base, fullSubsidy: true }), 'bank')).toBe('subsidy');
  });
  it('picks the commission of the method', () => {
    const c = { cardCents: 25, bankCents: 15 };
    expect([commissionFor('card', c), commissionFor('bank', c), commissionFor('cash', c)]).toEqual([25, 15, 0]);
  });
  it('defaults to card for customers when offered, otherwise cash', () => {
    expect(defaultPaymentType({ isCustomer: true, card: true, banks: 2, disableCash: false })).toBe('card');
    expect(defaultPaymentType({ isCustomer: true, card: false, banks: 2, disableCash: false })).toBe('cash');
    expect(defaultPaymentType({ isCustomer: false, card: true, banks: 2, disableCash: false })).toBe('cash');
    expect(defaultPaymentType({ isCustomer: true, card: false, banks: 2, disableCash: true })).toBe('bank');
  });
});

describe('computeTotals with the employer budget (issue 29: subsidy, then budget, then bonus, then pay)', () => {
  const order = { linesCents: 1000, bonusCents: 300, subsidyCents: 200, fullSubsidy: false, commissionCents: 25 };
  it('covers what the subsidy leaves, up to what is left, before the bonus', () => {
    const t = computeTotals({ ...order, budget: { leftCents: 500, capCents: null, blocking: false } });
    expect(t).toEqual({ amount: 1000, subsidy: 200, budget: 500, budgetWanted: 800, bonus: 300, commission: 0, amountToPay: 0 });
    expect(recordedPaymentType(t, 'card')).toBe('budget');
    expect(budgetRefused(t, { leftCents: 500, capCents: null, blocking: false })).toBe(false);
  });
  it('a cap limits what one order takes', () => {
    const t = computeTotals({ ...order, budget: { leftCents: 5000, capCents: 300, blocking: true } });
    expect(t).toMatchObject({ budget: 300, budgetWanted: 300, bonus: 300, amountToPay: 225 });
    expect(recordedPaymentType(t, 'card')).toBe('card');
  });
  it('a blocking budget that cannot cover what the order wants refuses it', () => {
    const b = { leftCents: 799, capCents: null, blocking: true };
    const t = computeTotals({ ...order, budget: b });
    expect(budgetRefused(t, b)).toBe(true);
    expect(budgetRefused(computeTotals({ ...order, budget: { ...b, leftCents: 800 } }), { ...b, leftCents: 800 })).toBe(false);
  });
  it('full subsidy leaves the budget untouched', () => {
    expect(computeTotals({ ...order, fullSubsidy: true, budget: { leftCents: 500, capCents: null, blocking: true } })).toMatchObject({
      budget: 0,
      budgetWanted: 0,
    });
  });
});
