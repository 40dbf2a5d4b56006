import { describe, expect, it } from 'vitest';
import { menuDay, periodBounds } from './budgets.read.js';

describe('budget periods (by the menu day in Europe/Riga)', () => {
  it('a day is itself', () => {
    expect(periodBounds('2026-02-28', 'day')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
  });

  it('months end on their last day, February and leap years included, and at the year end', () => {
    expect(periodBounds('2026-02-14', 'month')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodBounds('2028-02-29', 'month')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodBounds('2026-12-31', 'month')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(periodBounds('2027-01-01', 'month')).toEqual({ from: '2027-01-01', to: '2027-01-31' });
    expect(periodBounds('2026-04-30', 'month')).toEqual({ from: '2026-04-01', to: '2026-04-30' });
  });

  it('ISO weeks run Monday to Sunday, also when they start in another month or year', () => {
    expect(periodBounds('2026-12-02', 'week')).toEqual({ from: '2026-11-30', to: '2026-12-06' });
    expect(periodBounds('2027-01-01', 'week')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(periodBounds('2027-01-03', 'week')).toEqual({ from: '2026-12-28', to: '2027-01-03' }); // a Sunday
    expect(periodBounds('2027-01-04', 'week')).toEqual({ from: '2027-01-04', to: '2027-01-10' }); // a Monday
  });

  it("a menu's day is its start's calendar day in Riga, not in UTC", () => {
    expect(menuDay(new Date('2026-12-31T22:30:00Z'))).toBe('2027-01-01');
    expect(menuDay(new Date('2026-07-31T21:30:00Z'))).toBe('2026-08-01'); // summer time: UTC+3
    expect(menuDay(new Date('2026-07-31T20:30:00Z'))).toBe('2026-07-31');
  });
});
