import { describe, expect, it } from 'vitest';
import { safePaymentLink } from './payment-link';

const base = 'https://lunch.example.lv/order/5';

describe('safePaymentLink', () => {
  it('follows the sandbox page and gateway addresses over http(s)', () => {
    expect(safePaymentLink('/app/payments/sandbox/abc?lang=lv', base)).toBe('https://lunch.example.lv/app/payments/sandbox/abc?lang=lv');
    expect(safePaymentLink('https://pay.example.com/p/1', base)).toBe('https://pay.example.com/p/1');
  });

  it('refuses script and data addresses, and nothing at all', () => {
    expect(safePaymentLink('javascript:alert(1)', base)).toBeNull();
    expect(safePaymentLink(' JavaScript:alert(1)', base)).toBeNull();
    expect(safePaymentLink('data:text/html,<script>x</script>', base)).toBeNull();
    expect(safePaymentLink(null, base)).toBeNull();
    expect(safePaymentLink('', base)).toBeNull();
  });
});
