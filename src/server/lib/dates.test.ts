import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { formatClockTime, formatDay, formatDayTime, formatDeadlineAt } from './dates.js';

describe('server date formats (print-outs, CSV, e-mails)', () => {
  // 2026-07-01 21:30 UTC is 00:30 on 2 July in Riga (UTC+3).
  const at = new Date('2026-07-01T21:30:00.000Z');
  it('writes each kind in the provider’s zone, whatever the input type', () => {
    expect(formatDay(at, 'Europe/Riga')).toBe('02.07.2026');
    expect(formatDayTime(at, 'Europe/Riga')).toBe('02.07.26 00:30');
    expect(formatClockTime(at.toISOString(), 'Europe/Riga')).toBe('00:30');
    expect(formatDeadlineAt(DateTime.fromJSDate(at), 'Europe/Riga')).toBe('00:30 02.07.2026');
    expect(formatDay(at, 'UTC')).toBe('01.07.2026');
  });
});
