import { describe, expect, it } from 'vitest';
import { lapPdfName, parseAmount, parseId } from './helpers';

describe('lap page helpers', () => {
  it('reads ids from the address', () => {
    expect(parseId('12')).toBe(12);
    expect(parseId('0')).toBeNull();
    expect(parseId('x')).toBeNull();
    expect(parseId(undefined)).toBeNull();
    expect(parseId('2147483648')).toBeNull();
  });

  it('reads cash amounts with a comma or a point, at most two decimals', () => {
    expect(parseAmount('4,5')).toBe(4.5);
    expect(parseAmount(' 12.05 ')).toBe(12.05);
    expect(parseAmount('0')).toBe(0);
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('1.234')).toBeNull();
    expect(parseAmount('-1')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
  });

  it('names the PDF after the lap and the menu', () => {
    expect(lapPdfName('Centrs — rīta maršruts', 'Pusdienas 22.11.2026', 3, 7)).toBe('centrs-rita-marsruts-pusdienas-22-11-2026-3-7.pdf');
    expect(lapPdfName('Маршрут', '', 1, 2)).toBe('lap-1-2.pdf');
  });
});
