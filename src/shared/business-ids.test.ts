import { describe, expect, it } from 'vitest';
import { compactId, isIban, isRegistrationNumber, isVatNumber } from './business-ids.js';

describe('invoice identifiers', () => {
  it('checks IBANs by their mod-97 check digits', () => {
    expect(isIban('LV80BANK0000435195001')).toBe(true);
    expect(isIban('lv80 bank 0000 4351 9500 1')).toBe(true);
    expect(isIban('LV81BANK0000435195001')).toBe(false);
    expect(isIban('LV80')).toBe(false);
  });
  it('checks VAT and registration numbers and compacts them', () => {
    expect(isVatNumber('LV40003000000')).toBe(true);
    expect(isVatNumber('40003000000')).toBe(false);
    expect(isRegistrationNumber('40003000000')).toBe(true);
    expect(isRegistrationNumber('x')).toBe(false);
    expect(compactId('lv 4000-3000 000')).toBe('LV40003000000');
  });
});
