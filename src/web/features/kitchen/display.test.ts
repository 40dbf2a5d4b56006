import { describe, expect, it } from 'vitest';
import { MIN_BOARD_SCALE, fitScale, formatClock, groupTotal, isEmpty, parseMenuId, ticketIndexOfKey } from './display';

describe('kitchen display helpers', () => {
  it('reads the menu id from the address', () => {
    expect(parseMenuId('12')).toBe(12);
    expect(parseMenuId('0')).toBeNull();
    expect(parseMenuId('abc')).toBeNull();
    expect(parseMenuId(undefined)).toBeNull();
    expect(parseMenuId('99999999999')).toBeNull();
    expect(parseMenuId('2147483648')).toBeNull();
  });

  it('shows the update time as HH:mm:ss in the provider’s zone', () => {
    expect(formatClock('2026-11-22T10:05:09.000Z', 'Europe/Riga')).toBe('12:05:09');
    expect(formatClock('2026-07-01T23:00:00.000Z', 'Europe/Riga')).toBe('02:00:00');
    expect(formatClock('2026-07-01T23:00:00.000Z', 'UTC')).toBe('23:00:00');
  });

  it('knows an empty display and sums a category', () => {
    expect(isEmpty({ dishes: [], initials: [] })).toBe(true);
    expect(isEmpty({ dishes: [{ key: 1, title: 'Zupas', data: [] }], initials: [] })).toBe(true);
    expect(isEmpty({ dishes: [], initials: [{ id: 1, title: 'Set', qty: 1 }] })).toBe(false);
    expect(
      groupTotal({
        key: 1,
        title: 'Zupas',
        data: [
          { id: 1, title: 'A', qty: 2 },
          { id: 2, title: 'B', qty: 5 },
        ],
      }),
    ).toBe(7);
  });
});

describe('ticketIndexOfKey', () => {
  it('maps the number keys 1–9 to the shown tickets and ignores every other key', () => {
    expect(ticketIndexOfKey('1', 3)).toBe(0);
    expect(ticketIndexOfKey('3', 3)).toBe(2);
    expect(ticketIndexOfKey('4', 3)).toBeNull();
    expect(ticketIndexOfKey('0', 12)).toBeNull();
    expect(ticketIndexOfKey('Enter', 3)).toBeNull();
    expect(ticketIndexOfKey('12', 12)).toBeNull();
  });

  it('finds the largest board scale that fits the screen', () => {
    expect(fitScale(() => true)).toBe(1);
    expect(fitScale(() => false)).toBe(MIN_BOARD_SCALE);
    const tried: number[] = [];
    const scale = fitScale((s) => {
      tried.push(s);
      return s <= 0.93;
    });
    expect(scale).toBeLessThanOrEqual(0.93);
    expect(scale).toBeGreaterThan(0.93 - 1 / 128);
    // Never below the smallest scale, whatever fits (decision 046: readable from three metres).
    expect(tried.every((s) => s >= MIN_BOARD_SCALE)).toBe(true);
    expect(tried.length).toBeLessThanOrEqual(8);
  });
});
