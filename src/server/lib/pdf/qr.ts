import qrcode from 'qrcode-generator';
import type { Content } from 'pdfmake/interfaces';

/**
 * A QR code placed at `at` (points from the page's top left) as one pdfmake vector path (decision
 * 040): each row's runs of dark modules are rectangles of one path, filled once. pdfmake's own
 * `{ qr }` draws every dark module as a filled square with its own drawing state, which made 600
 * labels spend most of their time on the codes. Error correction M, byte mode; `size` is the
 * code's side in points (modules are whole points when it allows, so printers keep the edges
 * sharp). No quiet zone: the label's margin is it.
 *
 * pdfmake moves rectangles and lines of a canvas to the node's position but draws a 'path' as
 * given, so the path is written in page coordinates; the node's absolutePosition only places it
 * for the layout (and @types/pdfmake does not list the 'path' element at all).
 */
export function qrCode(text: string, size: number, at: { x: number; y: number }): Content {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  const mod = size >= n ? Math.floor(size / n) : size / n;
  // Whole hundredths of a point: shorter numbers in the file, no visible difference.
  const [x, y] = [Math.round(at.x * 100) / 100, Math.round(at.y * 100) / 100];
  let d = '';
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n;) {
      if (!qr.isDark(row, col)) {
        col++;
        continue;
      }
      let end = col;
      while (end < n && qr.isDark(row, end)) end++;
      d += `M${x + col * mod} ${y + row * mod}h${(end - col) * mod}v${mod}h${(col - end) * mod}z`;
      col = end;
    }
  }
  const side = n * mod;
  const node = { absolutePosition: { x, y }, canvas: [{ type: 'path', d, color: '#000000' }], width: side, height: side };
  return node as unknown as Content;
}
