import { describe, expect, it } from 'vitest';
import {
  addToCart,
  canIncrease,
  cartTotals,
  changeQuantity,
  isOverLimit,
  lineRemaining,
  menuIndex,
  pickDishlist,
  pruneCart,
  removeLine,
  setQuantityFromInput,
  type Cart,
} from './cart.js';

const soup = { id: 1, category: 1, type: 'simple' as const, selected: {}, price: 300 };
const main = { id: 2, category: 2, type: 'simple' as const, selected: {}, price: 550 };
const set = (selected: Record<number, number[]>, price = 850) => ({ id: 10, category: 3, type: 'complex' as const, selected, price });
const stock = { 1: 3, 2: 10 };

describe('adding to the cart', () => {
  it('adds a plain dish once and then raises its quantity', () => {
    let cart: Cart = [];
    cart = addToCart(cart, stock, soup);
    cart = addToCart(cart, stock, soup, 2);
    expect(cart).toHaveLength(1);
    expect(cart[0]).toMatchObject({ id: 1, quantity: 3, key: 'd1' });
  });
  it('ignores an add when the stock left is less than asked for', () => {
    const cart = addToCart([], stock, soup, 3);
    expect(addToCart(cart, stock, soup)).toBe(cart);
    expect(addToCart([], { 1: 0 }, soup)).toEqual([]);
    expect(addToCart([], stock, soup, 4)).toEqual([]);
  });
  it('makes every complex a new line', () => {
    let cart: Cart = [];
    cart = addToCart(cart, stock, set({ 5: [1], 6: [2] }));
    cart = addToCart(cart, stock, set({ 5: [1], 6: [2] }));
    expect(cart.map((l) => l.key)).toEqual(['c10-1', 'c10-2']);
  });
  it('limits a complex by the lowest stock of its chosen dishes, counting plain lines too', () => {
    let cart: Cart = addToCart([], stock, soup, 2);
    cart = addToCart(cart, stock, set({ 5: [1], 6: [2] }));
    expect(cart).toHaveLength(2);
    expect(addToCart(cart, stock, set({ 5: [1], 6: [2] }))).toBe(cart);
    expect(addToCart(cart, stock, set({ 6: [2] }))).toHaveLength(3);
  });
});

describe('changing quantities', () => {
  const cart = addToCart(addToCart([], stock, soup), stock, main, 2);
  it('changes by a delta and removes at 0 or below', () => {
    expect(changeQuantity(cart, 'd2', 1).find((l) => l.key === 'd2')!.quantity).toBe(3);
    expect(changeQuantity(cart, 'd2', -2).map((l) => l.key)).toEqual(['d1']);
    expect(changeQuantity(cart, 'd2', -5).map((l) => l.key)).toEqual(['d1']);
  });
  it('applies a typed quantity as a difference; 0 removes; empty or invalid reverts', () => {
    expect(setQuantityFromInput(cart, 'd2', '5').find((l) => l.key === 'd2')!.quantity).toBe(5);
    expect(setQuantityFromInput(cart, 'd2', '0').map((l) => l.key)).toEqual(['d1']);
    expect(setQuantityFromInput(cart, 'd2', '-1').map((l) => l.key)).toEqual(['d1']);
    expect(setQuantityFromInput(cart, 'd2', '')).toBe(cart);
    expect(setQuantityFromInput(cart, 'd2', 'abc')).toBe(cart);
    expect(setQuantityFromInput(cart, 'd2', '1.5')).toBe(cart);
  });
  it('removes a line', () => {
    expect(removeLine(cart, 'd1').map((l) => l.key)).toEqual(['d2']);
  });
  it('disables plus at no stock left and marks lines over the limit', () => {
    let c = addToCart([], stock, soup, 3);
    expect(lineRemaining(c, stock, 'd1')).toBe(0);
    expect(canIncrease(c, stock, 'd1')).toBe(false);
    expect(isOverLimit(c, stock, 'd1')).toBe(false);
    c = changeQuantity(c, 'd1', 1);
    expect(isOverLimit(c, stock, 'd1')).toBe(true);
    expect(canIncrease(c, {}, 'd1')).toBe(true);
  });
});

describe('menu changes', () => {
  const categories = [
    {
      dishes: [
        { id: 1, complex: [] },
        {
          id: 10,
          complex: [
            { id: 5, dishes: [{ id: 1 }] },
            { id: 6, dishes: [{ id: 2 }] },
          ],
        },
      ],
    },
  ];
  it('removes lines whose dish or option left the menu', () => {
    const cart = addToCart(addToCart(addToCart([], stock, soup), stock, main), stock, set({ 5: [1], 6: [2] }));
    expect(pruneCart(cart, menuIndex(categories)).map((l) => l.key)).toEqual(['d1', 'c10-1']);
    const noMain = [
      {
        dishes: [
          { id: 1, complex: [] },
          {
            id: 10,
            complex: [
              { id: 5, dishes: [{ id: 1 }] },
              { id: 6, dishes: [] },
            ],
          },
        ],
      },
    ];
    expect(pruneCart(cart, menuIndex(noMain)).map((l) => l.key)).toEqual(['d1']);
    const kept = addToCart([], stock, soup);
    expect(pruneCart(kept, menuIndex(categories))).toBe(kept);
  });
  it('falls back to the first available menu, or none', () => {
    const menus = [{ id: 4 }, { id: 7 }];
    expect(pickDishlist(menus, 7)).toEqual({ id: 7 });
    expect(pickDishlist(menus, 9)).toEqual({ id: 4 });
    expect(pickDishlist([], 9)).toBeNull();
  });
});

describe('cart totals', () => {
  it('applies bonus, subsidy and commission', () => {
    const cart = addToCart(addToCart([], stock, soup, 2), stock, main);
    expect(cartTotals(cart, { bonusCents: 100, subsidyCents: 350, fullSubsidy: false }, 25)).toEqual({
      amount: 1150,
      subsidy: 350,
      budget: 0,
      budgetWanted: 0,
      bonus: 100,
      commission: 25,
      amountToPay: 725,
    });
    expect(cartTotals(cart, { bonusCents: 0, subsidyCents: 0, fullSubsidy: true }, 25).amountToPay).toBe(0);
  });

  it('shows the budget part after the subsidy and before the bonus, as the server prices it', () => {
    const cart = addToCart(addToCart([], stock, soup, 2), stock, main);
    const user = { bonusCents: 100, subsidyCents: 350, fullSubsidy: false };
    expect(cartTotals(cart, user, 25, { leftCents: 500, capCents: null, blocking: false })).toMatchObject({
      subsidy: 350,
      budget: 500,
      budgetWanted: 800,
      bonus: 100,
      amountToPay: 225,
    });
    expect(cartTotals(cart, user, 25, { leftCents: 2000, capCents: 300, blocking: true })).toMatchObject({ budget: 300, amountToPay: 425 });
  });
});
