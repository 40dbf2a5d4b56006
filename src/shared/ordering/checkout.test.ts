import { describe, expect, it } from 'vitest';
import {
  cashAllowed,
  checkoutProblems,
  initialPayment,
  onlineMethods,
  paymentChoices,
  stockShortages,
  type CheckoutState,
} from './checkout.js';

const customer = { forCustomer: true, card: true, banks: 2, disableCash: false };

describe('payment methods on offer', () => {
  it('offers card and banks to customers only, card when provider and gateway both take it', () => {
    expect(onlineMethods({ forCustomer: true, providerCard: true, gatewayCard: true, banks: ['swed'] })).toEqual({
      card: true,
      banks: ['swed'],
    });
    expect(onlineMethods({ forCustomer: true, providerCard: false, gatewayCard: true, banks: ['swed'] }).card).toBe(false);
    expect(onlineMethods({ forCustomer: false, providerCard: true, gatewayCard: true, banks: ['swed'] })).toEqual({
      card: false,
      banks: [],
    });
  });

  it('refuses cash to a disable_cash customer only while something is left to pay', () => {
    const strict = { ...customer, disableCash: true };
    expect(paymentChoices(strict)).toEqual(['card', 'bank']);
    expect(paymentChoices(strict, 120)).toEqual(['card', 'bank']);
    expect(paymentChoices(strict, 0)).toEqual(['card', 'bank', 'cash']);
    expect(cashAllowed({ forCustomer: false, disableCash: true }, 500)).toBe(true);
  });

  it('preselects card, else cash, else what is left; staff cash', () => {
    expect(initialPayment(customer)).toBe('card');
    expect(initialPayment({ ...customer, card: false, disableCash: true })).toBe('bank');
    expect(initialPayment({ ...customer, forCustomer: false })).toBe('cash');
  });
});

describe('checkout problems', () => {
  const ok: CheckoutState = {
    forCustomer: true,
    choices: ['card', 'bank', 'cash'],
    bankCodes: ['swed'],
    shifts: [],
    choice: { payment: 'card', bank: null, shiftId: null, terms: true, userChosen: false },
  };

  it('none for a complete customer checkout', () => {
    expect(checkoutProblems(ok)).toEqual([]);
  });

  it('names each missing or unknown choice', () => {
    expect(checkoutProblems({ ...ok, choice: { ...ok.choice, terms: false } })).toEqual(['termsMissing']);
    expect(checkoutProblems({ ...ok, choices: ['cash'] })).toEqual(['cardUnavailable']);
    expect(checkoutProblems({ ...ok, choices: ['card'], choice: { ...ok.choice, payment: 'cash' } })).toEqual(['cashDisabled']);
    expect(checkoutProblems({ ...ok, choice: { ...ok.choice, payment: 'bank' } })).toEqual(['bankMissing']);
    expect(checkoutProblems({ ...ok, choice: { ...ok.choice, payment: 'bank', bank: 'nope' } })).toEqual(['bankUnknown']);
    expect(checkoutProblems({ ...ok, choices: ['cash'], bankCodes: [], choice: { ...ok.choice, payment: 'bank', bank: 'swed' } })).toEqual([
      'bankNotOffered',
      'bankUnknown',
    ]);
    expect(checkoutProblems({ ...ok, shifts: [{ id: 1 }, { id: 2 }] })).toEqual(['shiftMissing']);
    expect(checkoutProblems({ ...ok, shifts: [{ id: 1 }], choice: { ...ok.choice, shiftId: 3 } })).toEqual(['shiftUnknown']);
    expect(checkoutProblems({ ...ok, choice: { ...ok.choice, shiftId: 3 } })).toEqual(['shiftUnknown']);
  });

  it('staff need a user and cash, never the terms', () => {
    const staff: CheckoutState = { ...ok, forCustomer: false, choices: ['cash'], choice: { ...ok.choice, terms: false } };
    expect(checkoutProblems(staff)).toEqual(['userMissing', 'staffCashOnly']);
    expect(checkoutProblems({ ...staff, choice: { ...staff.choice, payment: 'cash', userChosen: true } })).toEqual([]);
  });
});

describe('stock shortages', () => {
  it('lists limited dishes the lines take more of, with what is left', () => {
    const stock = { 1: 2, 2: null, 3: 0, 4: 5 };
    const lines = [
      { id: 1, quantity: 3 },
      { id: 2, quantity: 9 },
      { id: 10, quantity: 1, options: [3, 4] },
    ];
    expect(stockShortages(stock, lines)).toEqual([
      { dishId: 1, left: 2 },
      { dishId: 3, left: 0 },
    ]);
  });
});
