import { describe, expect, it } from 'vitest';
import { isClosed } from './deadline';

const received = 1_000_000;
const data = { open: true, now: '2025-03-01T09:00:00.000Z', receivedAt: received, dishlist: { to: '2025-03-01T09:30:00.000Z' } };

describe('ordering closed', () => {
  it('is closed when the server says so', () => {
    expect(isClosed({ ...data, open: false }, received)).toBe(true);
  });

  it('closes when the deadline passes by the server clock, whatever the device clock says', () => {
    expect(isClosed(data, received)).toBe(false);
    expect(isClosed(data, received + 29 * 60_000)).toBe(false);
    expect(isClosed(data, received + 30 * 60_000)).toBe(true);
  });

  it('is open without a menu (nothing to close)', () => {
    expect(isClosed({ ...data, dishlist: null }, received + 1e9)).toBe(false);
  });
});
