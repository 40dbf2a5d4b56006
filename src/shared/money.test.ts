import { describe, expect, it } from 'vitest';
import { euroText, hasCentPrecision, toCents, toEuros } from './money.js';

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

  it('writes euro amounts in each language, making one formatter per language however many it writes', () => {
    const real = Intl.NumberFormat;
    let made = 0;
    Intl.NumberFormat = new Proxy(real, {
      construct: (target, args: ConstructorParameters<typeof Intl.NumberFormat>) => (made++, new target(...args)),
    });
    try {
      const plain = (text: string) => text.replace(/\s/g, ' ');
      for (let i = 0; i < 50; i++) {
        expect(plain(euroText(450, 'lv'))).toBe('4,50 €');
        expect(plain(euroText(123456, 'en'))).toBe('€1,234.56');
        expect(plain(euroText(-7, 'ru'))).toBe('-0,07 €');
      }
      expect(made).toBeLessThanOrEqual(3);
    } finally {
      Intl.NumberFormat = real;
    }
  });
});
