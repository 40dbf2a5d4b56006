import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';

/**
 * Reads the QR codes of a PDF the labels print-out writes (for tests and the labels bench): a
 * code is a filled path of rectangles (`x y w h re`), one per run of dark modules in a row
 * (lib/pdf/qr.ts), written in page coordinates from the top left. The rectangles of each page's content stream
 * are grouped by the cell of a `cellWidth` × `cellHeight` grid they fall in (one code per label),
 * each group is rebuilt into a bitmap with a quiet zone, and jsQR decodes it. Answers per page the
 * decoded texts in drawing order (null for a group that does not decode).
 */
export function pdfQrCodes(pdf: Buffer, cellWidth: number, cellHeight: number): (string | null)[][] {
  const src = pdf.toString('latin1');
  const pages: (string | null)[][] = [];
  const streamRe = /stream\r?\n([\s\S]*?)endstream/g;
  for (let m = streamRe.exec(src); m; m = streamRe.exec(src)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    if (!/\bBT\b/.test(content)) continue;
    // A rectangle: "x y w h re".
    const n = String.raw`(-?[\d.]+)`;
    const rectRe = new RegExp(String.raw`${n} ${n} ${n} ${n} re\b`, 'g');
    const cells = new Map<string, Run[]>();
    const order: string[] = [];
    for (let r = rectRe.exec(content); r; r = rectRe.exec(content)) {
      const [x, y, w, h] = [1, 2, 3, 4].map((i) => Number(r![i]));
      const run = { x: Math.min(x!, x! + w!), y: Math.min(y!, y! + h!), w: Math.abs(w!), h: Math.abs(h!) };
      if (run.h === 0 || run.w === 0 || run.h > 6) continue;
      const key = `${Math.floor(run.x / cellWidth)}:${Math.floor(run.y / cellHeight)}`;
      if (!cells.has(key)) {
        cells.set(key, []);
        order.push(key);
      }
      cells.get(key)!.push(run);
    }
    if (order.length === 0) continue;
    pages.push(order.map((key) => decode(cells.get(key)!)));
  }
  return pages;
}

interface Run {
  x: number;
  y: number;
  w: number;
  h: number;
}

function decode(runs: Run[]): string | null {
  const size = Math.min(...runs.map((r) => r.h));
  const minX = Math.min(...runs.map((r) => r.x));
  const minY = Math.min(...runs.map((r) => r.y));
  const n = Math.round((Math.max(...runs.map((r) => r.x + r.w)) - minX) / size);
  const quiet = 4;
  const scale = 4;
  const side = (n + 2 * quiet) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const r of runs) {
    const row = Math.round((r.y - minY) / size) + quiet;
    const first = Math.round((r.x - minX) / size) + quiet;
    const cols = Math.round(r.w / size);
    for (let col = first; col < first + cols; col++)
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const i = ((row * scale + dy) * side + col * scale + dx) * 4;
          data[i] = data[i + 1] = data[i + 2] = 0;
        }
  }
  return jsQR(data, side, side, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

/** The number of pages of a PDF (its page objects). */
export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
}
