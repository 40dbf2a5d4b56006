import { describe, expect, it } from 'vitest';
import { parseQty } from './quantity';

describe('parseQty', () => {
  it('reads empty as unlimited and accepts only whole numbers from 0', () => {
    expect(parseQty('')).toBeNull();
    expect(parseQty(' 0 ')).toBe(0);
    expect(parseQty('12')).toBe(12);
    expect(parseQty('-1')).toBeUndefined();
    expect(parseQty('1.5')).toBeUndefined();
    expect(parseQty('x')).toBeUndefined();
    // The request schema's largest quantity.
    expect(parseQty('1000000')).toBe(1_000_000);
    expect(parseQty('1000001')).toBeUndefined();
  });
});
