import qrcode from 'qrcode-generator';
import { describe, expect, it } from 'vitest';
import { qrMatrix } from './qr-matrix.js';

/** The modules qrcode-generator draws for `text` (error correction M, byte mode), as 0/1 rows. */
function reference(text: string): { size: number; rows: string[] } {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const size = qr.getModuleCount();
  const rows = Array.from({ length: size }, (_, r) => Array.from({ length: size }, (_, c) => (qr.isDark(r, c) ? '1' : '0')).join(''));
  return { size, rows };
}

function ours(text: string) {
  const m = qrMatrix(text);
  if (!m) return null;
  const rows = Array.from({ length: m.size }, (_, r) => Array.from(m.dark.subarray(r * m.size, (r + 1) * m.size)).join(''));
  return { size: m.size, rows };
}

describe('qrMatrix', () => {
  it('draws the same modules as qrcode-generator for hand-over addresses and texts of every length up to version 10', () => {
    const texts = [
      ...Array.from({ length: 40 }, (_, i) => `https://lunch.example.lv/handover/${1000 + i * 7919}/${20000 + i * 104729}/${(i % 3) + 1}`),
      ...Array.from({ length: 108 }, (_, i) => `http://localhost:3000/handover/${i}/${i * 31}/1?${'x'.repeat(2 * i)}`.slice(0, 1 + i * 2)),
      'Ā', // Latin-1 only: null below
    ];
    const versions = new Set<number>();
    let compared = 0;
    for (const text of texts) {
      const got = ours(text);
      if (got === null) {
        expect([...text].some((ch) => ch.charCodeAt(0) > 0xff) || text.length > 213, text).toBe(true);
        continue;
      }
      expect(got, text).toEqual(reference(text));
      versions.add((got.size - 17) / 4);
      compared++;
    }
    expect(compared).toBeGreaterThan(140);
    expect([...versions].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('leaves texts beyond version 10 to the package', () => {
    expect(qrMatrix('x'.repeat(214))).toBeNull();
    expect(qrMatrix('x'.repeat(213))?.size).toBe(57);
  });
});
