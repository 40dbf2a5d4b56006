import { describe, expect, it } from 'vitest';
import { textWidth, wrapRuns, wrapText } from './measure.js';

const SIZE = 10;
/** Room for `text` at SIZE, and a hair more. */
const room = (text: string) => textWidth(text, SIZE, false) + 0.01;

describe('wrapText', () => {
  it('breaks after a slash that is not followed by a digit, and keeps the slash on its line', () => {
    const lines = wrapText('Piens/Laktoze', SIZE, false, () => room('Laktoze'));
    expect(lines).toEqual(['Piens/', 'Laktoze']);
  });

  it('does not break inside a fraction or a number with a slash', () => {
    // Too narrow for "1/2" whole: it is cut between letters only because no break is allowed.
    const lines = wrapText('porcija 1/2 litra', SIZE, false, () => room('porcija 1/2'));
    expect(lines).toEqual(['porcija 1/2', 'litra']);
  });

  it('takes a carriage return as a space: no line keeps one', () => {
    const lines = wrapText('Zupa\r\nar krējumu', SIZE, false, () => room('ar krējumu'));
    expect(lines).toEqual(['Zupa ar', 'krējumu']);
    expect(lines.join('')).not.toContain('\r');
  });

  it('still breaks after hyphens and spaces, and loses no letter', () => {
    const text = 'Vistas-dārzeņu zupa ar grauzdiņiem/krutoniem';
    const lines = wrapText(text, SIZE, false, () => room('Vistas-dārzeņu'));
    for (const l of lines) expect(textWidth(l, SIZE, false)).toBeLessThanOrEqual(room('Vistas-dārzeņu'));
    expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
    expect(lines).toContain('grauzdiņiem/');
  });

  // A pasted run of 2,000 slashes (or any word with no break) is cut between letters. Each line's cut
  // was found by measuring the word one letter shorter at a time: 12 s for 2,000 letters, growing with
  // the cube of the length, the server's event loop blocked meanwhile.
  it('cuts a very long word into lines measuring each line a few times, not once per letter', () => {
    const width = room('//////////');
    for (const text of ['/'.repeat(2000), '1/'.repeat(1000)]) {
      let asked = 0;
      const lines = wrapText(text, SIZE, false, () => (asked++, width));
      expect(lines.join('')).toBe(text);
      for (const l of lines) expect(textWidth(l, SIZE, false)).toBeLessThanOrEqual(width);
      expect(asked).toBeLessThan(lines.length * 20);
      let runsAsked = 0;
      const runLines = wrapRuns([{ text, bold: true }], SIZE, () => (runsAsked++, width));
      expect(runLines.map((l) => l.map((r) => r.text).join('')).join('')).toBe(text);
      expect(runsAsked).toBeLessThan(runLines.length * 20);
    }
  });
});
