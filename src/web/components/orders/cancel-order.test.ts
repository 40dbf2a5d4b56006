import { describe, expect, it } from 'vitest';
import { canCancelOrder } from './cancel-order';

const deadline = '2026-11-24T10:00:00.000Z';
const order = (status: number) => ({
  status,
  dishlist: { id: 1, title: 'Pusdienas', from: '2026-11-24T06:00:00.000Z', to: deadline, provider_id: 1, timezone: 'Europe/Riga' },
});
const before = Date.parse(deadline) - 1;
const after = Date.parse(deadline);

describe('canCancelOrder', () => {
  it('offers Cancel to a customer for a placed or pending order until the deadline', () => {
    expect(canCancelOrder(order(2), false, before)).toBe(true);
    expect(canCancelOrder(order(1), false, before)).toBe(true);
    expect(canCancelOrder(order(2), false, after)).toBe(false);
  });

  it('offers it to staff at any time, and never for a failed or cancelled order', () => {
    expect(canCancelOrder(order(2), true, after)).toBe(true);
    for (const status of [0, 3]) {
      expect(canCancelOrder(order(status), true, before)).toBe(false);
      expect(canCancelOrder(order(status), false, before)).toBe(false);
    }
  });
});
