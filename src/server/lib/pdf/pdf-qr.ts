import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';

/**
 * Reads the QR codes of a PDF written by pdfmake (for tests): pdfmake draws a QR code as one
 * filled square per dark module. The black squares of each page's content stream are grouped by
 * the cell of a `cellWidth` × `cellHeight` grid they fall in (one code per label), each group is
 * rebuilt into a bitmap with a quiet zone, and jsQR decodes it. Answers per page the decoded
 * texts in drawing order (null for a group that does not decode).
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
    if (!/\bre\b/.test(content) || !/\bBT\b/.test(content)) continue;
    // "x y w h re" then the fill colour ("r g b scn") and "f".
    const rectRe = /([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re\s+\/DeviceRGB cs\s+([\d.]+) ([\d.]+) ([\d.]+) scn/g;
    const cells = new Map<string, { x: number; y: number; size: number }[]>();
    const order: string[] = [];
    for (let r = rectRe.exec(content); r; r = rectRe.exec(content)) {
      const [x, y, w, h] = [Number(r[1]), Number(r[2]), Number(r[3]), Number(r[4])];
      const black = r[5] === '0' && r[6] === '0' && r[7] === '0';
      if (!black || w !== h || w > 6) continue;
      const key = `${Math.floor(x / cellWidth)}:${Math.floor(y / cellHeight)}`;
      if (!cells.has(key)) {
        cells.set(key, []);
        order.push(key);
      }
      cells.get(key)!.push({ x, y, size: w });
    }
    if (order.length === 0) continue;
    pages.push(order.map((key) => decode(cells.get(key)!)));
  }
  return pages;
}

function decode(modules: { x: number; y: number; size: number }[]): string | null {
  const size = modules[0]!.size;
  const minX = Math.min(...modules.map((m) => m.x));
  // PDF space grows upwards: the top row has the largest y.
  const maxY = Math.max(...modules.map((m) => m.y));
  const n = Math.round((Math.max(...modules.map((m) => m.x)) - minX) / size) + 1;
  const quiet = 4;
  const scale = 4;
  const side = (n + 2 * quiet) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const m of modules) {
    const col = Math.round((m.x - minX) / size) + quiet;
    const row = Math.round((maxY - m.y) / size) + quiet;
    for (let dy = 0; dy < scale; dy++)
      for (let dx = 0; dx < scale; dx++) {
        const i = ((row * scale + dy) * side + col * scale + dx) * 4;
        data[i] = data[i + 1] = data[i + 2] = 0;
      }
  }
  return jsQR(data, side, side)?.data ?? null;
}

/** The number of pages of a PDF (its page objects). */
export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
}
