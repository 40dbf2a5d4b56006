import { describe, expect, it } from 'vitest';
import { hasCentPrecision, toCents, toEuros } from './money.js';

describe('money', () => {
  it('converts euros to cents without float error', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(4.35)).toBe(435);
    expect(toCents('3,5')).toBe(350);
    expect(toCents('12')).toBe(1200);
    expect(toCents(-1.05)).toBe(-105);
    expect(() => toCents('1.234')).toThrow(RangeError);
    expect(() => toCents('abc')).toThrow(RangeError);
  });
  it('converts cents to euros', () => {
    expect(toEuros(435)).toBe(4.35);
    expect(toEuros(0)).toBe(0);
  });
  it('tells whether an amount has cent precision', () => {
    expect(hasCentPrecision(4.35)).toBe(true);
    expect(hasCentPrecision(4.351)).toBe(false);
    expect(hasCentPrecision(Number.NaN)).toBe(false);
  });
});
