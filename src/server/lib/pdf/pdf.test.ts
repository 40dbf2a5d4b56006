import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { FONT_FILES, renderPdf, table } from './pdf.js';
import { pdfText } from './pdf-text.js';

// fontkit comes with pdfkit (pdfmake's engine); it reads the font's character map.
const fontkit = createRequire(import.meta.url)('fontkit') as {
  create(data: Buffer): { hasGlyphForCodePoint(codePoint: number): boolean };
};

const LATVIAN = 'āčēģīķļņšūžĀČĒĢĪĶĻŅŠŪŽ';

describe('PDF helpers', () => {
  it('uses fonts that have every Latvian letter, Cyrillic and the euro sign', () => {
    for (const file of Object.values(FONT_FILES)) {
      const font = fontkit.create(readFileSync(file));
      for (const ch of `${LATVIAN}€ЖёЯ`) expect(font.hasGlyphForCodePoint(ch.codePointAt(0)!), `${file} ${ch}`).toBe(true);
    }
  });

  it('renders a real PDF whose text reads back with Latvian letters', async () => {
    const pdf = await renderPdf({
      content: [
        { text: 'Pasūtījumu atskaite', style: 'title' },
        table(
          ['Vārds', 'Summa'],
          [
            ['Jānis Bērziņš', '4,50 €'],
            ['Ģirts Ķēniņš', 'Šķūņa žņaudzējs'],
          ],
          ['*', 'auto'],
        ),
      ],
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Pasūtījumu atskaite');
    expect(text).toContain('Jānis Bērziņš');
    expect(text).toContain('Ģirts Ķēniņš');
    expect(text).toContain('Šķūņa žņaudzējs');
  });

  it('reads ligatures back as their letters ("fi", "ffi")', async () => {
    const pdf = await renderPdf({ content: [{ text: 'Allergens not confirmed · Bread soup · office' }] });
    expect(pdfText(pdf)).toBe('Allergens not confirmed · Bread soup · office');
  });
});
