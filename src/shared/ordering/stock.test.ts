import { describe, expect, it } from 'vitest';
import { isSoldOut, remainingFor, shortages, showsLeftTag, stockFromBalance, stockLeft, stockNeeds } from './stock.js';

describe('stock', () => {
  const stock = { 1: 5, 2: 3, 3: null, 4: 0 };

  it('counts what plain and complex lines consume', () => {
    const needs = stockNeeds([
      { id: 1, quantity: 2 },
      { id: 10, quantity: 3, options: [1, 2] },
    ]);
    expect(Object.fromEntries(needs)).toEqual({ 1: 5, 10: 3, 2: 3 });
  });
  it('is the balance minus what the cart already holds; unlimited without a balance', () => {
    expect(stockLeft(stock, 1, [{ id: 1, quantity: 2 }])).toBe(3);
    expect(stockLeft(stock, 3, [{ id: 3, quantity: 99 }])).toBe(Infinity);
    expect(stockLeft(stock, 99, [])).toBe(Infinity);
  });
  it('for a complex is the lowest stock left among its chosen dishes (and itself)', () => {
    expect(remainingFor(stock, 10, [1, 2], [])).toBe(3);
    expect(remainingFor(stock, 10, [1, 2], [{ id: 2, quantity: 2 }])).toBe(1);
    expect(remainingFor(stock, 10, [1, 3], [])).toBe(5);
    expect(remainingFor({ ...stock, 10: 2 }, 10, [1, 3], [])).toBe(2);
    expect(remainingFor(stock, 10, [3], [])).toBe(Infinity);
  });
  it('counts a dish chosen twice in one complex twice', () => {
    expect(remainingFor(stock, 10, [2, 2], [])).toBe(1);
  });
  it('lists shortages per dish', () => {
    expect(
      Object.fromEntries(
        shortages(stock, [
          { id: 10, quantity: 4, options: [1, 2] },
          { id: 4, quantity: 1 },
        ]),
      ),
    ).toEqual({ 2: 1, 4: 1 });
  });
  it('hides sold-out dishes and tags the last few', () => {
    expect([isSoldOut(0), isSoldOut(-1), isSoldOut(1), isSoldOut(null)]).toEqual([true, true, false, false]);
    expect([showsLeftTag(0), showsLeftTag(1), showsLeftTag(4), showsLeftTag(5), showsLeftTag(null)]).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
  });
  it('reads the API balance list', () => {
    expect(
      stockFromBalance([
        { id: 1, qty: 2 },
        { id: 2, qty: null },
      ]),
    ).toEqual({ 1: 2, 2: null });
  });
});
