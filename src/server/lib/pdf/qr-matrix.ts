/*
 * The labels' QR codes, computed here instead of by `qrcode-generator` (decision 060): that
 * package picks the mask by laying out the code eight times and scoring each layout through a
 * bounds-checked `isDark(row, col)` call per module and neighbour, about 3 ms of CPU per code,
 * which was a third of 600 labels' time. This is the same algorithm step by step (byte mode,
 * error correction M, the smallest version that holds the text, the package's penalty score
 * including its quirks: format and version bits read as light while scoring), on flat arrays,
 * so it draws the very same modules; qr-matrix.test.ts compares both on hundreds of addresses.
 * Versions 1–10 (texts up to 213 bytes); `null` for anything else, and the caller then asks the
 * package (qr.ts).
 */

/** Error correction M, per version 1–10: [blocks, total, data] (and a second group). */
const RS_BLOCKS_M: number[][] = [
  [1, 26, 16],
  [1, 44, 28],
  [1, 70, 44],
  [2, 50, 32],
  [2, 67, 43],
  [4, 43, 27],
  [4, 49, 31],
  [2, 60, 38, 2, 61, 39],
  [3, 58, 36, 2, 59, 37],
  [4, 69, 43, 1, 70, 44],
];
const ALIGNMENT: number[][] = [[], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50]];
const LEVEL_M = 0;
const G15 = 0b10100110111;
const G15_MASK = 0b101010000010010;
const G18 = 0b1111100100101;

// GF(256), primitive polynomial 0x11d.
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
for (let i = 0, x = 1; i < 255; i++) {
  EXP[i] = x;
  LOG[x] = i;
  x <<= 1;
  if (x & 0x100) x ^= 0x11d;
}
for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255]!;

const generators = new Map<number, Uint8Array>();
/** The generator polynomial of `n` error correction codewords, highest power first (leading 1 left out). */
function generator(n: number): Uint8Array {
  let g = generators.get(n);
  if (g) return g;
  let poly = [1];
  for (let i = 0; i < n; i++) {
    const next = new Array<number>(poly.length + 1).fill(0);
    for (let j = 0; j < poly.length; j++) {
      next[j]! ^= poly[j]!;
      if (poly[j]) next[j + 1]! ^= EXP[LOG[poly[j]!]! + i]!;
    }
    poly = next;
  }
  g = Uint8Array.from(poly.slice(1));
  generators.set(n, g);
  return g;
}

function remainder(data: number[], n: number): number[] {
  const g = generator(n);
  const r = new Array<number>(n).fill(0);
  for (const d of data) {
    const factor = d ^ r[0]!;
    r.shift();
    r.push(0);
    if (factor) for (let j = 0; j < n; j++) r[j]! ^= EXP[LOG[g[j]!]! + LOG[factor]!]!;
  }
  return r;
}

const digits = (v: number) => (v === 0 ? 0 : 32 - Math.clz32(v));
function bch(data: number, g: number, bits: number): number {
  let d = data << bits;
  while (digits(d) - digits(g) >= 0) d ^= g << (digits(d) - digits(g));
  return (data << bits) | d;
}

const MASKS: ((i: number, j: number) => boolean)[] = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_i, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i * j) % 3) + ((i + j) % 2)) % 2 === 0,
];

/** The codewords of `bytes` at `version` (data then error correction, interleaved by block). */
function codewords(bytes: number[], version: number, capacity: number): number[] {
  const bits: number[] = [];
  const put = (v: number, n: number) => {
    for (let i = n - 1; i >= 0; i--) bits.push((v >>> i) & 1);
  };
  put(4, 4);
  put(bytes.length, version < 10 ? 8 : 16);
  for (const b of bytes) put(b, 8);
  if (bits.length + 4 <= capacity * 8) put(0, 4);
  while (bits.length % 8) bits.push(0);
  for (let pad = 0; bits.length < capacity * 8; pad ^= 1) put(pad ? 0x11 : 0xec, 8);
  const all: number[] = [];
  for (let i = 0; i < bits.length; i += 8) all.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  const t = RS_BLOCKS_M[version - 1]!;
  const blocks: { data: number[]; ec: number[] }[] = [];
  let at = 0;
  for (let g = 0; g < t.length; g += 3)
    for (let k = 0; k < t[g]!; k++) {
      const data = all.slice(at, (at += t[g + 2]!));
      blocks.push({ data, ec: remainder(data, t[g + 1]! - t[g + 2]!) });
    }
  const out: number[] = [];
  for (const part of ['data', 'ec'] as const) {
    const most = Math.max(...blocks.map((b) => b[part].length));
    for (let i = 0; i < most; i++) for (const b of blocks) if (i < b[part].length) out.push(b[part][i]!);
  }
  return out;
}

/** The package's penalty score of a layout (lower is better), the same sums in the same order. */
function penalty(m: Uint8Array, n: number): number {
  let lost = 0;
  // Each module's like neighbours (of up to 8): from the dark count of its 3 × 3 box, by row sums.
  const rows = new Uint8Array(n * n);
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      rows[i] = m[i]! + (c > 0 ? m[i - 1]! : 0) + (c < n - 1 ? m[i + 1]! : 0);
    }
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      const darkBox = rows[i]! + (r > 0 ? rows[i - n]! : 0) + (r < n - 1 ? rows[i + n]! : 0);
      const cells = (r > 0 && r < n - 1 ? 3 : 2) * (c > 0 && c < n - 1 ? 3 : 2);
      const same = m[i] === 1 ? darkBox - 1 : cells - darkBox - 1;
      if (same > 5) lost += 3 + same - 5;
    }
  for (let r = 0; r < n - 1; r++)
    for (let c = 0; c < n - 1; c++) {
      const i = r * n + c;
      const count = m[i]! + m[i + n]! + m[i + 1]! + m[i + n + 1]!;
      if (count === 0 || count === 4) lost += 3;
    }
  // 1:1:3:1:1 (dark, light, dark × 3, light, dark) along rows (step 1) and columns (step n).
  const finder = (i: number, step: number) =>
    m[i] === 1 &&
    m[i + step] === 0 &&
    m[i + 2 * step] === 1 &&
    m[i + 3 * step] === 1 &&
    m[i + 4 * step] === 1 &&
    m[i + 5 * step] === 0 &&
    m[i + 6 * step] === 1;
  for (let r = 0; r < n; r++) for (let c = 0; c < n - 6; c++) if (finder(r * n + c, 1)) lost += 40;
  for (let c = 0; c < n; c++) for (let r = 0; r < n - 6; r++) if (finder(r * n + c, n)) lost += 40;
  let dark = 0;
  for (let i = 0; i < n * n; i++) dark += m[i]!;
  return lost + (Math.abs((100 * dark) / n / n - 50) / 5) * 10;
}

/** A code's modules: `dark[row * size + col]` is 1 for a dark module. */
export interface QrMatrix {
  size: number;
  dark: Uint8Array;
}

/** The QR code of `text` as qrcode-generator draws it (`qrcode(0, 'M')`, byte mode); null beyond version 10 or for non-Latin-1 text. */
export function qrMatrix(text: string): QrMatrix | null {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0xff) return null;
    bytes.push(code);
  }
  let version = 0;
  let capacity = 0;
  for (let v = 1; v <= RS_BLOCKS_M.length && !version; v++) {
    const t = RS_BLOCKS_M[v - 1]!;
    capacity = 0;
    for (let g = 0; g < t.length; g += 3) capacity += t[g]! * t[g + 2]!;
    if (4 + (v < 10 ? 8 : 16) + 8 * bytes.length <= capacity * 8) version = v;
  }
  if (!version) return null;
  const n = version * 4 + 17;
  const data = codewords(bytes, version, capacity);
  // Function patterns: 1 dark, 0 light, 2 free for data.
  const base = new Uint8Array(n * n).fill(2);
  const set = (r: number, c: number, v: boolean) => (base[r * n + c] = v ? 1 : 0);
  for (const [row, col] of [
    [0, 0],
    [n - 7, 0],
    [0, n - 7],
  ] as const)
    for (let r = -1; r <= 7; r++)
      for (let c = -1; c <= 7; c++) {
        if (row + r < 0 || row + r >= n || col + c < 0 || col + c >= n) continue;
        set(
          row + r,
          col + c,
          (r >= 0 && r <= 6 && (c === 0 || c === 6)) ||
            (c >= 0 && c <= 6 && (r === 0 || r === 6)) ||
            (r >= 2 && r <= 4 && c >= 2 && c <= 4),
        );
      }
  const pos = ALIGNMENT[version - 1]!;
  for (const row of pos)
    for (const col of pos) {
      if (base[row * n + col] !== 2) continue;
      for (let r = -2; r <= 2; r++)
        for (let c = -2; c <= 2; c++) set(row + r, col + c, r === -2 || r === 2 || c === -2 || c === 2 || (r === 0 && c === 0));
    }
  for (let i = 8; i < n - 8; i++) {
    if (base[i * n + 6] === 2) set(i, 6, i % 2 === 0);
    if (base[6 * n + i] === 2) set(6, i, i % 2 === 0);
  }
  // Format (and version) bits: placed light while scoring the masks, as the package does.
  const typeInfo = (m: Uint8Array, mask: number | null) => {
    const bits = mask === null ? 0 : bch((LEVEL_M << 3) | mask, G15, 10) ^ G15_MASK;
    const bit = (i: number) => (mask !== null && ((bits >> i) & 1) === 1 ? 1 : 0);
    for (let i = 0; i < 15; i++) {
      const r = i < 6 ? i : i < 8 ? i + 1 : n - 15 + i;
      m[r * n + 8] = bit(i);
      const c = i < 8 ? n - i - 1 : i < 9 ? 15 - i : 15 - i - 1;
      m[8 * n + c] = bit(i);
    }
    m[(n - 8) * n + 8] = mask === null ? 0 : 1;
    if (version >= 7) {
      const vbits = mask === null ? 0 : bch(version, G18, 12);
      for (let i = 0; i < 18; i++) {
        const v = (vbits >> i) & 1;
        m[Math.floor(i / 3) * n + ((i % 3) + n - 11)] = v;
        m[((i % 3) + n - 11) * n + Math.floor(i / 3)] = v;
      }
    }
  };
  typeInfo(base, null);
  const layout = (mask: number, final: boolean) => {
    const m = Uint8Array.from(base);
    const fn = MASKS[mask]!;
    let row = n - 1;
    let inc = -1;
    let bitIndex = 7;
    let byteIndex = 0;
    for (let col = n - 1; col > 0; col -= 2) {
      if (col === 6) col--;
      for (;;) {
        for (let c = 0; c < 2; c++) {
          if (m[row * n + col - c] !== 2) continue;
          let dark = byteIndex < data.length && ((data[byteIndex]! >>> bitIndex) & 1) === 1;
          if (fn(row, col - c)) dark = !dark;
          m[row * n + col - c] = dark ? 1 : 0;
          if (--bitIndex === -1) {
            byteIndex++;
            bitIndex = 7;
          }
        }
        row += inc;
        if (row < 0 || row >= n) {
          row -= inc;
          inc = -inc;
          break;
        }
      }
    }
    if (final) typeInfo(m, mask);
    return m;
  };
  let best = 0;
  let bestScore = 0;
  for (let mask = 0; mask < 8; mask++) {
    const score = penalty(layout(mask, false), n);
    if (mask === 0 || bestScore > score) [best, bestScore] = [mask, score];
  }
  return { size: n, dark: layout(best, true) };
}
