import { describe, expect, it } from 'vitest';
import { MAX_INVITES_PER_CALL, defaultPeriod, pasteInto, rowErrors, rowsToSend, splitEmails } from './invite-rows';

describe('invite rows', () => {
  it('splits pasted text on spaces, commas, semicolons and new lines', () => {
    expect(splitEmails(' a@x.lv, b@x.lv;c@x.lv\nd@x.lv\t ')).toEqual(['a@x.lv', 'b@x.lv', 'c@x.lv', 'd@x.lv']);
    expect(splitEmails('  ')).toEqual([]);
  });

  it('spreads a paste of several addresses over rows, keeping the others; one address is an ordinary paste', () => {
    expect(pasteInto(['first@x.lv', '', 'last@x.lv'], 1, 'a@x.lv b@x.lv')).toEqual(['first@x.lv', 'a@x.lv', 'b@x.lv', 'last@x.lv']);
    expect(pasteInto([''], 0, 'a@x.lv')).toBeNull();
    const many = Array.from({ length: MAX_INVITES_PER_CALL + 5 }, (_, i) => `p${i}@x.lv`).join(',');
    expect(pasteInto([''], 0, many)).toHaveLength(MAX_INVITES_PER_CALL);
  });

  it('sends the non-empty rows and maps emails.{n} errors back to their rows', () => {
    const { emails, rowOf } = rowsToSend([' a@x.lv ', '', 'bad', '  ', 'c@x.lv']);
    expect(emails).toEqual(['a@x.lv', 'bad', 'c@x.lv']);
    expect(rowOf).toEqual([0, 2, 4]);
    expect(
      rowErrors({ 'emails.1': ['Enter a valid e-mail address.'], emails: ['At most 50 are allowed.'], 'emails.9': ['x'] }, rowOf),
    ).toEqual({
      2: 'Enter a valid e-mail address.',
    });
  });

  it('defaults the report period to the current month up to today in the zone', () => {
    // 22:30 UTC on 31 Oct is already 1 Nov in Riga.
    expect(defaultPeriod(new Date('2026-10-31T22:30:00Z'), 'Europe/Riga')).toEqual({ from: '2026-11-01', to: '2026-11-01' });
    expect(defaultPeriod(new Date('2026-11-22T10:00:00Z'), 'Europe/Riga')).toEqual({ from: '2026-11-01', to: '2026-11-22' });
  });
});
