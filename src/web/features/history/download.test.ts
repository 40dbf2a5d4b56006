import { describe, expect, it } from 'vitest';
import { reportFileName } from './download';

describe('report file name', () => {
  it('keeps Latvian titles readable without diacritics', () => {
    expect(reportFileName('Pusdienas 22.11.2026', 4)).toBe('pusdienas-22-11-2026-4.pdf');
    expect(reportFileName('Zaļā Bļoda — ēdienkarte', '7')).toBe('zala-bloda-edienkarte-7.pdf');
  });
  it('falls back to "menu" when nothing is left of the title', () => {
    expect(reportFileName('Обед', 3)).toBe('menu-3.pdf');
    expect(reportFileName('', 3)).toBe('menu-3.pdf');
  });
});
