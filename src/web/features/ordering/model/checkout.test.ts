import { describe, expect, it } from 'vitest';
import { addToCart } from '../../../../shared/ordering/cart';
import type { PaymentMethods } from '../../../../shared/schemas/ordering';
import { ApiError } from '../../../lib/api';
import {
  attemptFor,
  checkoutBlockers,
  classifyOrderFailure,
  commissionCents,
  initialForm,
  initialPayment,
  isPlaced,
  orderPayload,
  paymentChoices,
  randomKey,
  userCents,
  type BlockerInput,
  type CheckoutForm,
} from './checkout';

const methods: PaymentMethods = {
  card: true,
  cardCommission: 0.25,
  cardConsent: '',
  banks: [{ code: 'swed', name: 'Swedbank', imageUrl: '/x.png' }],
  bankCommission: 0.1,
  bankConsent: '',
};
const noCard: PaymentMethods = { ...methods, card: false, banks: [] };

describe('payment choice', () => {
  it('offers customers card, bank and cash; cash goes with disable_cash', () => {
    expect(paymentChoices({ isCustomer: true, methods, disableCash: false })).toEqual(['card', 'bank', 'cash']);
    expect(paymentChoices({ isCustomer: true, methods, disableCash: true })).toEqual(['card', 'bank']);
    expect(paymentChoices({ isCustomer: true, methods: noCard, disableCash: false })).toEqual(['cash']);
  });

  it('offers staff cash only', () => {
    expect(paymentChoices({ isCustomer: false, methods, disableCash: true })).toEqual(['cash']);
  });

  it('preselects card for customers when offered, else cash, else what is left', () => {
    expect(initialPayment({ isCustomer: true, methods, disableCash: false })).toBe('card');
    expect(initialPayment({ isCustomer: true, methods: noCard, disableCash: false })).toBe('cash');
    expect(initialPayment({ isCustomer: true, methods: { ...methods, card: false }, disableCash: true })).toBe('bank');
    expect(initialPayment({ isCustomer: false, methods, disableCash: false })).toBe('cash');
  });

  it('starts unticked, and takes the only shift', () => {
    const form = initialForm({ isCustomer: true, methods, disableCash: false }, [{ id: 4 }]);
    expect(form).toMatchObject({ payment: 'card', terms: false, shiftId: 4, userId: null, comment: '' });
    expect(initialForm({ isCustomer: true, methods, disableCash: false }, [{ id: 4 }, { id: 5 }]).shiftId).toBeNull();
  });

  it('adds the commission of card or bank only', () => {
    expect(commissionCents('card', methods)).toBe(25);
    expect(commissionCents('bank', methods)).toBe(10);
    expect(commissionCents('cash', methods)).toBe(0);
  });

  it('reads bonus and subsidy as cents', () => {
    expect(userCents({ bonus: 2, subsidy: 3.5, full_subsidy: false })).toEqual({ bonusCents: 200, subsidyCents: 350, fullSubsidy: false });
    expect(userCents(null)).toEqual({ bonusCents: 0, subsidyCents: 0, fullSubsidy: false });
  });
});

const soup = { id: 1, category: 1, type: 'simple' as const, selected: {}, price: 300 };
const lunch = { id: 10, category: 3, type: 'complex' as const, selected: { 5: [101], 6: [201, 202] }, price: 900 };
const cart = addToCart(addToCart(addToCart([], {}, soup, 2), {}, lunch), {}, lunch);
const form: CheckoutForm = { payment: 'card', bank: null, comment: '', shiftId: null, terms: true, userId: null };

describe('Order button', () => {
  const base: BlockerInput = {
    isCustomer: true,
    displayOnly: false,
    sending: false,
    cart,
    form,
    choices: ['card', 'bank', 'cash'],
    shifts: [],
  };

  it('is enabled for a complete customer checkout', () => {
    expect(checkoutBlockers(base)).toEqual([]);
  });

  it('needs items, the terms, a shift when there are shifts, a bank for bank payments', () => {
    expect(checkoutBlockers({ ...base, cart: [] })).toEqual(['empty']);
    expect(checkoutBlockers({ ...base, form: { ...form, terms: false } })).toEqual(['terms']);
    expect(checkoutBlockers({ ...base, shifts: [{ id: 1 }, { id: 2 }] })).toEqual(['shift']);
    expect(checkoutBlockers({ ...base, shifts: [{ id: 1 }], form: { ...form, shiftId: 1 } })).toEqual([]);
    expect(checkoutBlockers({ ...base, form: { ...form, payment: 'bank' } })).toEqual(['bank']);
    expect(checkoutBlockers({ ...base, form: { ...form, payment: 'bank', bank: 'swed' } })).toEqual([]);
    expect(checkoutBlockers({ ...base, choices: ['cash'] })).toEqual(['payment']);
  });

  it('is disabled while sending and after the deadline', () => {
    expect(checkoutBlockers({ ...base, sending: true })).toEqual(['sending']);
    expect(checkoutBlockers({ ...base, displayOnly: true })).toEqual(['closed']);
  });

  it('needs a user for staff, but no terms', () => {
    const staff = { ...base, isCustomer: false, choices: ['cash' as const], form: { ...form, payment: 'cash' as const, terms: false } };
    expect(checkoutBlockers(staff)).toEqual(['user']);
    expect(checkoutBlockers({ ...staff, form: { ...staff.form, userId: 3 } })).toEqual([]);
  });
});

describe('order payload', () => {
  it('sends plain lines, complexes with their choices, the method and the terms', () => {
    expect(orderPayload(7, cart, { ...form, comment: '  no onions ', shiftId: 2 }, true)).toEqual({
      dishlist_id: 7,
      items: [
        { id: 1, qty: 2 },
        {
          id: 10,
          qty: 1,
          complex: [
            { group_id: 5, dish_id: 101 },
            { group_id: 6, dish_id: 201 },
            { group_id: 6, dish_id: 202 },
          ],
        },
        {
          id: 10,
          qty: 1,
          complex: [
            { group_id: 5, dish_id: 101 },
            { group_id: 6, dish_id: 201 },
            { group_id: 6, dish_id: 202 },
          ],
        },
      ],
      comment: 'no onions',
      shift_id: 2,
      payment_type: 'card',
      terms: true,
    });
  });

  it('sends the bank code only for bank payments', () => {
    expect(orderPayload(7, cart, { ...form, payment: 'bank', bank: 'swed' }, true)).toMatchObject({ payment_type: 'bank', bank: 'swed' });
    expect(orderPayload(7, cart, { ...form, bank: 'swed' }, true)).not.toHaveProperty('bank');
  });

  it('sends the chosen cost centre (or none) once the checkout shows the select, else leaves it to the server', () => {
    expect(orderPayload(7, cart, form, true)).not.toHaveProperty('cost_centre_id');
    expect(orderPayload(7, cart, { ...form, costCentreId: 4 }, true)).toMatchObject({ cost_centre_id: 4 });
    expect(orderPayload(7, cart, { ...form, costCentreId: null }, true)).toMatchObject({ cost_centre_id: null });
    expect(orderPayload(7, cart, { ...form, costCentreId: 4, userId: 12 }, false)).not.toHaveProperty('cost_centre_id');
  });

  it('sends staff orders as cash for the chosen user, without terms', () => {
    const body = orderPayload(7, cart, { ...form, userId: 12 }, false);
    expect(body).toMatchObject({ user_id: 12, payment_type: 'cash' });
    expect(body).not.toHaveProperty('terms');
    expect(body).not.toHaveProperty('comment');
  });
});

describe('idempotency key', () => {
  it('keeps the key for a retry of the same payload and makes a new one otherwise', () => {
    let n = 0;
    const next = () => `k${++n}`;
    const first = attemptFor(null, { a: 1 }, next);
    expect(first.key).toBe('k1');
    expect(attemptFor(first, { a: 1 }, next)).toBe(first);
    expect(attemptFor(first, { a: 2 }, next).key).toBe('k2');
  });

  it('makes distinct random keys', () => {
    const a = randomKey();
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(randomKey()).not.toBe(a);
  });
});

describe('order failures', () => {
  it('balance errors mean "not available", whatever else is there', () => {
    const error = new ApiError(422, 'Invalid', {
      'balance.15': ['Salmon: only 1 left.'],
      'balance.16': ['Pancakes: only 0 left.'],
      shift_id: ['Choose a shift'],
    });
    expect(classifyOrderFailure(error)).toEqual({
      kind: 'balance',
      fields: { shift: 'Choose a shift' },
      other: ['Salmon: only 1 left.', 'Pancakes: only 0 left.'],
    });
  });

  it('puts payment_type and bank errors at the method choice, others under their fields', () => {
    const error = new ApiError(422, 'Invalid', {
      payment_type: ['Card is not available'],
      bank: ['Unknown bank'],
      terms: ['Accept the terms'],
      user_id: ['Pick a user'],
      comment: ['Too long'],
      'items.0.id': ['Dish was removed'],
      'items.1.id': ['Dish was removed'],
    });
    expect(classifyOrderFailure(error)).toEqual({
      kind: 'fields',
      fields: { payment: 'Card is not available', terms: 'Accept the terms', user: 'Pick a user', comment: 'Too long' },
      other: ['Dish was removed'],
    });
  });

  it('anything without field errors is a general failure (network, 500, odd answers)', () => {
    expect(classifyOrderFailure(new ApiError(0, 'Failed to fetch'))).toEqual({ kind: 'general' });
    expect(classifyOrderFailure(new ApiError(500, 'Internal'))).toEqual({ kind: 'general' });
    expect(classifyOrderFailure(new Error('x'))).toEqual({ kind: 'general' });
  });

  it('recognises a placed order', () => {
    expect(isPlaced({ success: true, order_id: 5 })).toBe(true);
    expect(isPlaced({ success: true, order_id: 5, payment_link: '/pay' })).toBe(true);
    expect(isPlaced({ success: false })).toBe(false);
    expect(isPlaced(undefined)).toBe(false);
  });
});
