import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { checkOrder, MAX_ORDER_CENTS, recheckOrder, type CheckedOrder, type CheckRequest, type PlaceOrderInput } from './ordering.check.js';
import type { PricedMenuJson } from '../priced-menu/priced-menu.read.js';
import type { CustomerState } from './ordering.users.js';

// The order check without a database: the customer query's answer and the input go in.
const NOW = new Date('2030-01-10T09:00:00Z');
const t = (en: string) => ({ lv: en, en });

const menuJson = (over: Partial<PricedMenuJson> = {}): PricedMenuJson => ({
  id: 7,
  title: 'Monday',
  from: Date.parse('2030-01-10T00:00:00Z'),
  to: Date.parse('2030-01-10T10:00:00Z'),
  status: true,
  provider_id: 1,
  timezone: 'Europe/Riga',
  card_enabled: true,
  card_commission_cents: 25,
  bank_commission_cents: 10,
  provider_status: true,
  dishes: [
    [1, t('Soup'), t(''), 'S', 3, 'simple', 300, 0, null, null, []],
    // A set meal: base 50, a mandatory group (main 400 or 450) and an optional dessert (100).
    [
      10,
      t('Lunch'),
      t(''),
      'L',
      3,
      'complex',
      50,
      1,
      [
        [
          5,
          3,
          t('Main'),
          false,
          [
            [101, t('Chop'), t(''), 400, null, []],
            [102, t('Fish'), t(''), 450, null, []],
          ],
        ],
        [6, 3, t('Dessert'), true, [[201, t('Cake'), t(''), 100, null, []]]],
      ],
      null,
      [],
    ],
  ],
  ...over,
});

const state = (over: Partial<CustomerState> = {}, customer: Partial<CustomerState['customer']> = {}): CustomerState => ({
  customer: {
    id: 3,
    email: 'a@example.com',
    firstName: 'Anna',
    phone: '',
    role: 'customer',
    active: true,
    bonusCents: 100,
    avoidedAllergens: [],
    diets: [],
    location: { id: 2, title: 'Office', subsidyCents: 200, fullSubsidy: false, disableCash: false },
    shifts: [],
    ...customer,
  },
  version: '42',
  subsidyUsedCents: 50,
  unpaidOrderIds: [],
  subsidyHeldCents: 0,
  existingOrderId: null,
  budget: null,
  budgetHeldCents: 0,
  costCentreId: null,
  companyRegistration: null,
  stock: new Map([[1, 5]]),
  orderMenu: menuJson(),
  session: null,
  ...over,
});

const input = (over: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
  dishlist_id: 7,
  items: [{ id: 1, qty: 2 }],
  payment_type: 'cash',
  terms: true,
  ...over,
});

const request = (over: Partial<CheckRequest> = {}): CheckRequest => ({
  state: state(),
  staffId: null,
  input: input(),
  gateway: { card: true, banks: [{ code: 'swed' }] },
  now: NOW,
  ...over,
});

/** The 422's field errors of a refused check. */
function refusal(req: CheckRequest): Record<string, string[]> {
  try {
    checkOrder(req);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return (err as AppError).errors ?? {};
  }
  throw new Error('the order was not refused');
}

const checked = (req: CheckRequest) => {
  const result = checkOrder(req);
  if (result.kind !== 'new') throw new Error('a repeat');
  return result;
};

describe('the order check', () => {
  it('prices lines from the menu: subsidy first, then bonus, commission only on what is left', () => {
    const order = checked(request({ input: input({ payment_type: 'card' }) }));
    // 2 x 300 = 600; subsidy 200 - 50 used = 150; bonus 100; 350 left + 25 commission.
    expect(order.totals).toEqual({ amount: 600, subsidy: 150, budget: 0, budgetWanted: 0, bonus: 100, commission: 25, amountToPay: 375 });
    expect(order.version).toBe('42');
    expect([...order.needs]).toEqual([[1, 2]]);
  });

  it('prices a set meal from its base and chosen options, and needs each option', () => {
    const order = checked(
      request({
        input: input({
          items: [
            {
              id: 10,
              qty: 2,
              complex: [
                { group_id: 5, dish_id: 102 },
                { group_id: 6, dish_id: 201 },
              ],
            },
          ],
        }),
      }),
    );
    expect(order.lines[0]).toMatchObject({
      unitPriceCents: 600,
      options: [
        { dishId: 102, priceCents: 450 },
        { dishId: 201, priceCents: 100 },
      ],
    });
    expect(Object.fromEntries(order.needs)).toEqual({ 10: 2, 102: 2, 201: 2 });
    expect(refusal(request({ input: input({ items: [{ id: 10, qty: 1, complex: [{ group_id: 6, dish_id: 201 }] }] }) }))).toEqual({
      'items.0.complex': ['Choose exactly one option in every required group, and only offered options.'],
    });
  });

  it('refuses every checkout problem at its field, with its text', () => {
    expect(refusal(request({ input: input({ terms: false }) }))).toEqual({ terms: [expect.any(String)] });
    expect(Object.keys(refusal(request({ input: input({ payment_type: 'card' }), gateway: { card: false, banks: [] } })))).toEqual([
      'payment_type',
    ]);
    expect(Object.keys(refusal(request({ input: input({ payment_type: 'bank' }) })))).toEqual(['bank']);
    expect(Object.keys(refusal(request({ input: input({ payment_type: 'bank', bank: 'nope' }) })))).toEqual(['bank']);
    expect(Object.keys(refusal(request({ state: state({}, { shifts: [{ id: 1, title: 'Early' }] }) })))).toEqual(['shift_id']);
    expect(Object.keys(refusal(request({ input: input({ shift_id: 9 }) })))).toEqual(['shift_id']);
    expect(Object.keys(refusal(request({ input: input({ items: [{ id: 99, qty: 1 }] }) })))).toEqual(['items.0.id']);
  });

  it('refuses cash at a disable_cash location only when something is left to pay, and only on an otherwise valid order', () => {
    const strict = { disableCash: true, id: 2, title: 'Office', subsidyCents: 200, fullSubsidy: false };
    expect(Object.keys(refusal(request({ state: state({}, { location: strict }) })))).toEqual(['payment_type']);
    expect(Object.keys(refusal(request({ state: state({}, { location: strict }), input: input({ terms: false }) })))).toEqual(['terms']);
    expect(checked(request({ state: state({}, { location: { ...strict, fullSubsidy: true } }) })).totals.amountToPay).toBe(0);
    // Staff order cash for such a user, never card.
    expect(checked(request({ state: state({}, { location: strict }), staffId: 8, input: input({ terms: undefined }) })).staffId).toBe(8);
    expect(Object.keys(refusal(request({ staffId: 8, input: input({ payment_type: 'card' }) })))).toEqual(['payment_type']);
  });

  it('refuses an order over the limit', () => {
    const huge = menuJson({ dishes: [[1, t('Gold'), t(''), 'G', 3, 'simple', MAX_ORDER_CENTS, 0, null, null, []]] });
    expect(Object.keys(refusal(request({ state: state({ orderMenu: huge }) })))).toEqual(['items']);
  });

  it('refuses at once what the stock as read cannot serve', () => {
    expect(refusal(request({ input: input({ items: [{ id: 1, qty: 6 }] }) }))).toEqual({ 'balance.1': ['Soup: only 5 left.'] });
    expect(refusal(request({ state: state({ stock: new Map([[1, 0]]) }) }))).toEqual({ 'balance.1': ['Soup: sold out.'] });
  });

  it('caps what an unpaid card or bank order may hold of a limited dish; cash and unlimited dishes are not capped', () => {
    const plenty = state({ stock: new Map<number, number | null>([[1, 20]]) });
    const six = input({ items: [{ id: 1, qty: 6 }] });
    expect(refusal(request({ state: plenty, input: { ...six, payment_type: 'card' } }))).toEqual({
      'balance.1': ['Soup: a card or bank order may hold at most 5 portions until it is paid. Order fewer or pay in cash.'],
    });
    expect(Object.keys(refusal(request({ state: plenty, input: { ...six, payment_type: 'bank', bank: 'swed' } })))).toEqual(['balance.1']);
    expect(checked(request({ state: plenty, input: { ...six, payment_type: 'card', items: [{ id: 1, qty: 5 }] } })).needs.get(1)).toBe(5);
    expect(checked(request({ state: plenty, input: six })).needs.get(1)).toBe(6);
    expect(checked(request({ state: state({ stock: new Map() }), input: { ...six, payment_type: 'card' } })).needs.get(1)).toBe(6);
  });

  it("leaves the stock to the statement while the customer's own unpaid order holds it (this order releases it)", () => {
    const held = state({ stock: new Map([[1, 0]]), unpaidOrderIds: [9] });
    expect(checked(request({ state: held })).unpaidOrderIds).toEqual([9]);
  });

  it('refuses an unknown or inactive user, a closed or missing menu; repeats a known key', () => {
    expect(Object.keys(refusal(request({ state: null })))).toEqual(['user_id']);
    expect(Object.keys(refusal(request({ state: state({}, { active: false }) })))).toEqual(['user_id']);
    expect(Object.keys(refusal(request({ state: state({}, { role: 'kitchen' }), staffId: 8 })))).toEqual(['user_id']);
    expect(refusal(request({ now: new Date('2030-01-10T10:00:00Z') }))).toEqual({ dishlist_id: ['Ordering from this menu has closed.'] });
    expect(Object.keys(refusal(request({ state: state({ orderMenu: null }) })))).toEqual(['dishlist_id']);
    expect(Object.keys(refusal(request({ state: state({ orderMenu: menuJson({ provider_status: false }) }) })))).toEqual(['dishlist_id']);
    const repeat = checkOrder(request({ state: state({ existingOrderId: 5, orderMenu: null }) }));
    expect(repeat).toMatchObject({ kind: 'repeat', customerId: 3 });
  });

  it('prices again from a fresh read of the customer', () => {
    const order: CheckedOrder = checked(request());
    const again = recheckOrder(order, state({ version: '43', subsidyUsedCents: 200 }, { bonusCents: 0 }));
    expect(again).toMatchObject({ kind: 'new', version: '43', totals: { amount: 600, subsidy: 0, bonus: 0, amountToPay: 600 } });
    expect(() => recheckOrder(order, state({}, { active: false }))).toThrow(AppError);
  });
});
