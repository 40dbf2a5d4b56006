import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatClock,
  formatDate,
  formatDateTime,
  formatDeadline,
  formatEuros,
  formatTime,
  formatWeekdayDate,
  toEpoch,
  warmFormats,
} from './format';

// Intl puts no-break spaces (U+00A0 / U+202F) between number and sign; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('money', () => {
  it('formats integer cents as euros for each language', () => {
    expect(plain(formatCents(1250, 'lv'))).toBe('12,50 €');
    expect(plain(formatCents(1250, 'en'))).toBe('€12.50');
    expect(plain(formatCents(1250, 'ru'))).toBe('12,50 €');
  });

  it('always shows two decimals and groups thousands', () => {
    expect(plain(formatCents(0, 'lv'))).toBe('0,00 €');
    expect(plain(formatCents(5, 'en'))).toBe('€0.05');
    expect(plain(formatCents(123456, 'en'))).toBe('€1,234.56');
    expect(plain(formatCents(-300, 'lv'))).toBe('-3,00 €');
  });

  it('formats API euro amounts exactly', () => {
    expect(plain(formatEuros(4.1, 'en'))).toBe('€4.10');
    expect(plain(formatEuros('0.07', 'lv'))).toBe('0,07 €');
    expect(formatEuros('abc', 'lv')).toBe('');
    expect(formatCents(Number.NaN, 'lv')).toBe('');
  });
});

describe('dates (Europe/Riga)', () => {
  // 2025-01-15 10:05 UTC is 12:05 in Riga (UTC+2); 2025-07-01 21:30 UTC is 00:30 next day (UTC+3).
  const winter = '2025-01-15T10:05:00Z';
  const summer = '2025-07-01T21:30:00Z';

  it('HH:mm', () => {
    expect(formatTime(winter)).toBe('12:05');
    expect(formatTime(summer)).toBe('00:30');
  });

  it('dd.LL.yyyy', () => {
    expect(formatDate(winter)).toBe('15.01.2025');
    expect(formatDate(summer)).toBe('02.07.2025');
  });

  it('dd.LL.yy HH:mm', () => {
    expect(formatDateTime(winter)).toBe('15.01.25 12:05');
  });

  it('"Order until" deadline HH:mm dd.LL.yyyy', () => {
    expect(formatDeadline(summer)).toBe('00:30 02.07.2025');
  });

  it('reads times without an offset as Riga time, and SQL-style strings', () => {
    expect(formatDateTime('2025-03-04T09:15:00')).toBe('04.03.25 09:15');
    expect(formatDateTime('2025-03-04 09:15:00')).toBe('04.03.25 09:15');
  });

  it('follows Riga summer time and its changes', () => {
    expect(formatTime('2025-07-01T10:00:00Z')).toBe('13:00');
    expect(formatDateTime('2025-10-26T00:30:00Z')).toBe('26.10.25 03:30');
    expect(formatDateTime('2025-10-26T01:30:00Z')).toBe('26.10.25 03:30');
    expect(toEpoch('2025-07-01 09:00')).toBe(Date.parse('2025-07-01T06:00:00Z'));
    expect(toEpoch('2025-01-15T09:00:00')).toBe(Date.parse('2025-01-15T07:00:00Z'));
  });

  it('accepts Date and millis, and gives empty text for nothing or nonsense', () => {
    expect(formatTime(new Date(winter))).toBe('12:05');
    expect(formatTime(Date.parse(winter))).toBe('12:05');
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('one date format per kind, in every language (issue 24)', () => {
  // 2026-11-26 12:07:09 UTC is 14:07:09 in Riga, a Thursday.
  const at = '2026-11-26T12:07:09.000Z';
  it.each([
    ['lv', 'Ceturtdiena, 26.11.2026'],
    ['en', 'Thursday, 26.11.2026'],
    ['ru', 'четверг, 26.11.2026'],
  ])('%s: date, date-time, time, clock and weekday+date', (lang, weekday) => {
    expect(formatDate(at, lang)).toBe('26.11.2026');
    expect(formatDateTime(at, lang)).toBe('26.11.26 14:07');
    expect(formatTime(at, lang)).toBe('14:07');
    expect(formatClock(at, lang)).toBe('14:07:09');
    expect(formatDeadline(at, lang)).toBe('14:07 26.11.2026');
    expect(formatWeekdayDate(at, lang)).toBe(weekday);
  });
});

describe('warmFormats (made ahead of the first render, decision 095)', () => {
  it('leaves money and dates formatted as before in each language, and a language it does not know is no error', () => {
    for (const lang of ['lv', 'en', 'ru', 'xx']) expect(() => warmFormats(lang)).not.toThrow();
    expect(plain(formatCents(1250, 'lv'))).toBe('12,50 €');
    expect(plain(formatCents(1250, 'en'))).toBe('€12.50');
    expect(formatDeadline('2026-11-26T10:30:00Z', 'lv')).toBe('12:30 26.11.2026');
  });
});
