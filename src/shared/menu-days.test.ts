import { describe, expect, it } from 'vitest';
import { addDays, nextWeekWorkingDays, nextWorkingDay, weekday } from './menu-days';

describe('menu copy days', () => {
  it('counts weekdays from Monday and crosses months and years', () => {
    expect(weekday('2026-11-23')).toBe(1);
    expect(weekday('2026-11-29')).toBe(7);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('skips the weekend for the next working day', () => {
    expect(nextWorkingDay('2026-11-24')).toBe('2026-11-25'); // Tuesday -> Wednesday
    expect(nextWorkingDay('2026-11-27')).toBe('2026-11-30'); // Friday -> Monday
    expect(nextWorkingDay('2026-11-28')).toBe('2026-11-30'); // Saturday -> Monday
  });

  it('gives Monday to Friday of the next week, from any day of this one', () => {
    const next = ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'];
    expect(nextWeekWorkingDays('2026-11-23')).toEqual(next);
    expect(nextWeekWorkingDays('2026-11-29')).toEqual(next);
  });
});
