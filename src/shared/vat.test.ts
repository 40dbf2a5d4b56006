import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ratePercent, splitGross } from './vat.js';

describe('VAT of VAT-inclusive amounts', () => {
  it('splits a gross amount into net and VAT to the cent', () => {
    expect(splitGross(1210, 2100)).toEqual({ net: 1000, vat: 210 });
    expect(splitGross(350, 2100)).toEqual({ net: 289, vat: 61 }); // 289.256 -> 289
    expect(splitGross(1, 2100)).toEqual({ net: 1, vat: 0 });
    expect(splitGross(0, 2100)).toEqual({ net: 0, vat: 0 });
    expect(splitGross(500, 0)).toEqual({ net: 500, vat: 0 });
    expect(splitGross(-350, 2100)).toEqual({ net: -289, vat: -61 });
    expect(splitGross(1120, 1200)).toEqual({ net: 1000, vat: 120 });
  });

  it('keeps net + VAT = gross and the VAT within half a cent of net x rate', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max: 10_000 }), (gross, rate) => {
        const { net, vat } = splitGross(gross, rate);
        expect(net + vat).toBe(gross);
        // gross / (1 + r) rounded: |net - gross/(1+r)| <= 0.5
        expect(Math.abs(net * (10_000 + rate) - gross * 10_000)).toBeLessThanOrEqual((10_000 + rate) / 2);
      }),
    );
  });

  it('prints rates as percent', () => {
    expect(ratePercent(2100)).toBe('21');
    expect(ratePercent(1250)).toBe('12.5');
    expect(ratePercent(505)).toBe('5.05');
    expect(ratePercent(0)).toBe('0');
  });
});
