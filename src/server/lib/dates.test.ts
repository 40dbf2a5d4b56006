import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { formatClockTime, formatDay, formatDayTime, formatDeadlineAt, zoneClock } from './dates.js';

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

describe('a zone’s clock for many instants (zoneClock)', () => {
  it('writes what the named zone’s formats write, across the changes of summer time', () => {
    // Riga (UTC+2/+3), a zone half an hour off (Kolkata) and one whose summer time moves half an hour (Lord Howe).
    for (const zone of ['Europe/Riga', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC']) {
      const clock = zoneClock(zone);
      const ours: string[] = [];
      const luxons: string[] = [];
      const same = (ms: number) => {
        const at = new Date(ms);
        const wall = DateTime.fromMillis(ms, { zone });
        const f = clock.fields(at);
        ours.push(`${clock.dayTime(at)} ${clock.day(at)} ${f.year}-${f.month}-${f.day} ${f.hour}:${f.minute}`);
        luxons.push(`${formatDayTime(at, zone)} ${formatDay(at, zone)} ${wall.year}-${wall.month}-${wall.day} ${wall.hour}:${wall.minute}`);
      };
      const start = Date.UTC(2026, 0, 1);
      let offset = DateTime.fromMillis(start, { zone }).offset;
      // Every six hours for a year (seven minutes later each time), and every five minutes of the hours around a change.
      for (let ms = start; ms < start + 366 * 86400_000; ms += 6 * 3_600_000 + 420_000) {
        same(ms);
        const now = DateTime.fromMillis(ms, { zone }).offset;
        if (now === offset) continue;
        offset = now;
        for (let m = ms - 4 * 3_600_000; m < ms + 3_600_000; m += 300_000) same(m);
      }
      expect(ours).toEqual(luxons);
    }
  });

  it('resolves an instant just before and just after a change of offset', () => {
    const clock = zoneClock('Europe/Riga');
    // Summer time starts 2026-03-29 01:00 UTC (03:00 -> 04:00 local) and ends 2026-10-25 01:00 UTC.
    expect(clock.dayTime(new Date('2026-03-29T00:59:59.999Z'))).toBe('29.03.26 02:59');
    expect(clock.dayTime(new Date('2026-03-29T01:00:00.000Z'))).toBe('29.03.26 04:00');
    expect(clock.dayTime(new Date('2026-10-25T00:59:59.999Z'))).toBe('25.10.26 03:59');
    expect(clock.dayTime(new Date('2026-10-25T01:00:00.000Z'))).toBe('25.10.26 03:00');
  });
});
