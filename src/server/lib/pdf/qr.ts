import QRCode from 'qrcode';

/**
 * A QR code as PDF drawing operators (decision 040, 086): each row's runs of dark modules are
 * rectangles (`re`) of one path, filled once. Error correction M, byte mode; `size` is the code's
 * side in points (modules are whole points when it allows, so printers keep the edges sharp). No
 * quiet zone: the label's margin is it. `at` is the code's top left in the coordinates the page's
 * content is written in (PDFKit's: from the page's top left, y down).
 *
 * The modules come from `qrcode` (node-qrcode), which lays a code out in typed arrays: 600 codes
 * take about a quarter of the CPU `qrcode-generator` took (decision 086).
 */
export function qrOperators(text: string, size: number, at: { x: number; y: number }): string {
  const { modules } = QRCode.create([{ data: Buffer.from(text, 'utf8'), mode: 'byte' }], { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const dark = modules.data;
  const mod = size >= n ? Math.floor(size / n) : size / n;
  // Whole hundredths of a point: shorter numbers in the file, no visible difference.
  const num = (v: number) => String(Math.round(v * 100) / 100);
  const [x, y] = [Math.round(at.x * 100) / 100, Math.round(at.y * 100) / 100];
  const m = num(mod);
  const parts: string[] = [];
  for (let row = 0; row < n; row++) {
    const top = num(y + row * mod);
    for (let col = 0; col < n;) {
      if (!dark[row * n + col]) {
        col++;
        continue;
      }
      let end = col;
      while (end < n && dark[row * n + end]) end++;
      parts.push(`${num(x + col * mod)} ${top} ${num((end - col) * mod)} ${m} re`);
      col = end;
    }
  }
  parts.push('f');
  return parts.join('\n');
}
