import { fontOf, type Face, type FontkitFont } from './fonts.js';

/*
 * Text measured as pdfmake measures it, so a layout can be computed before rendering (the labels:
 * decision 040). pdfmake asks PDFKit, PDFKit asks fontkit: a string's width is the sum of its
 * space-ended pieces laid out by fontkit (kerning within a piece), and a line is as high as the
 * font's ascent minus its descent (no line gap). The fonts are the very ones the PDFs are laid
 * out with (fonts.ts: parsed once per process).
 */
class Metrics {
  private readonly font: FontkitFont;
  /** Width at 1 pt of each space-ended piece already measured. */
  private readonly widths = new Map<string, number>();
  /** Line height at 1 pt. */
  readonly lineHeight: number;
  constructor(face: Face) {
    this.font = fontOf(face);
    this.lineHeight = (this.font.ascent - this.font.descent) / this.font.unitsPerEm;
  }
  private piece(p: string): number {
    let w = this.widths.get(p);
    if (w === undefined) {
      w = this.font.layout(p).advanceWidth / this.font.unitsPerEm;
      if (this.widths.size < 50_000) this.widths.set(p, w);
    }
    return w;
  }
  /** Width of `text` at `size` points, as PDFKit measures it. */
  width(text: string, size: number): number {
    let w = 0;
    let last = 0;
    for (let i = 0; i < text.length; i++) {
      if (text[i] === ' ' || text[i] === '\t') {
        w += this.piece(text.slice(last, i + 1));
        last = i + 1;
      }
    }
    if (last < text.length) w += this.piece(text.slice(last));
    return w * size;
  }
}

let loaded: { normal: Metrics; bold: Metrics } | null = null;
function metrics(bold: boolean): Metrics {
  loaded ??= { normal: new Metrics('normal'), bold: new Metrics('bold') };
  return bold ? loaded.bold : loaded.normal;
}

/** Width of one line of text in points (Roboto; `bold` is the Medium face the PDFs use for bold). */
export function textWidth(text: string, size: number, bold = false): number {
  return metrics(bold).width(text, size);
}

/** Height of one line of text in points at `size` (pdfmake's line height 1). */
export function lineHeight(size: number, bold = false): number {
  return metrics(bold).lineHeight * size;
}

/**
 * Where a word too wide for its line is cut: the longest start of its `length` letters that fits (at
 * least one letter; all of them when the whole fits). Found by doubling, then halving, so only starts
 * about a line long are measured: trying every length from the word's end, and measuring the rest
 * whole after each cut, measured the word once per letter, per line (2,000 pasted slashes: 12 s).
 */
function longestStart(length: number, fits: (n: number) => boolean): number {
  let cut = 1;
  let over = 2;
  while (over < length && fits(over)) [cut, over] = [over, over * 2];
  if (over >= length) {
    if (fits(length)) return length;
    over = length;
  }
  while (over - cut > 1) {
    const mid = (cut + over) >> 1;
    if (fits(mid)) cut = mid;
    else over = mid;
  }
  return cut;
}

/**
 * A word and the spaces after it. A word ends after hyphens, or after slashes not followed by a
 * digit ("Piens/Laktoze" breaks after the slash, "1/2" and "12/3" do not), as the Unicode line
 * breaking rules pdfmake followed. A carriage return is a space (text pasted from Windows).
 */
const PIECE = /((?:[^ \t\r\n/-]|\/+(?=\d))*(?:-+|\/+)|(?:[^ \t\r\n/-]|\/+(?=\d))+)([ \t\r\n]*)/g;
/** Where a word may end, for the widest word of a text (flow.ts column widths). */
export const WORD_END = /(?<=[ \t\r\n-]|\/(?![\d/]))/;

/**
 * Breaks `text` into lines no wider than `widthOf(lineIndex)` points: after spaces, hyphens and
 * slashes (a space that breaks the line is dropped, a hyphen or slash kept), and inside a word only when the word
 * alone is wider than the line. Nothing is ever dropped or cut: joined back (a space where a space
 * broke the line) the lines are the text.
 */
export function wrapText(text: string, size: number, bold: boolean, widthOf: (line: number) => number): string[] {
  const m = metrics(bold);
  // Pieces: each word with the hyphens or slashes that end it, and whether a space follows.
  const pieces: { text: string; space: boolean }[] = [];
  // Not at a no-break space (U+00A0): an amount and its euro sign stay together, as in pdfmake.
  for (const match of text.trim().matchAll(PIECE)) {
    if (match[1]) pieces.push({ text: match[1], space: match[2]!.length > 0 });
  }
  const lines: string[] = [];
  // The line so far: its pieces up to the last space (measured), then the open piece after it.
  let line = '';
  let closed = 0;
  let open = '';
  const fits = (w: number) => w <= widthOf(lines.length);
  const startLine = (text: string) => {
    line = text;
    closed = 0;
    open = text;
  };
  for (const piece of pieces) {
    if (line === '' || fits(closed + m.width(open + piece.text, size))) {
      line += piece.text;
      open += piece.text;
    } else {
      lines.push(line.trimEnd());
      startLine(piece.text);
    }
    // A single word wider than its line: cut it between letters (never lost, only moved on).
    // Only starts about a line long are measured after the first check, never the whole rest again.
    if (closed === 0 && open.length > 1 && !fits(m.width(open, size)))
      for (;;) {
        const word = open;
        const cut = longestStart(word.length, (n) => fits(m.width(word.slice(0, n), size)));
        if (cut === word.length) break;
        lines.push(word.slice(0, cut));
        startLine(word.slice(cut));
        if (open.length <= 1) break;
      }
    if (piece.space) {
      line += ' ';
      closed += m.width(`${open} `, size);
      open = '';
    }
  }
  if (line.trimEnd() !== '') lines.push(line.trimEnd());
  return lines;
}

/** A run of text in one face: a line of a label mixes plain and bold runs (the allergens emphasised). */
export interface Run {
  text: string;
  bold: boolean;
}

/**
 * Breaks runs of mixed faces into lines no wider than `widthOf(lineIndex)` points, as wrapText
 * breaks plain text: after spaces and hyphens, inside a word only when the word alone is wider
 * than the line. Each piece is measured in its own face. Nothing is dropped: joined back (a space
 * where a space broke the line) the lines are the runs' text.
 */
export function wrapRuns(runs: Run[], size: number, widthOf: (line: number) => number): Run[][] {
  // Pieces: a word (with the hyphen that ends it) in one face, and whether a space follows.
  const pieces: { text: string; bold: boolean; space: boolean }[] = [];
  for (const run of runs)
    for (const match of run.text.matchAll(/([^\s-]*-+|[^\s-]+)(\s*)|(\s+)/g)) {
      if (match[3]) {
        const last = pieces.at(-1);
        if (last) last.space = true;
      } else if (match[1]) pieces.push({ text: match[1], bold: run.bold, space: match[2]!.length > 0 });
    }
  const lines: Run[][] = [];
  let line: Run[] = [];
  let width = 0;
  let spaceWidth = 0;
  const push = (text: string, bold: boolean) => {
    const last = line.at(-1);
    if (last && last.bold === bold) last.text += text;
    else line.push({ text, bold });
  };
  const close = () => {
    const last = line.at(-1);
    if (last) last.text = last.text.trimEnd();
    if (line.length) lines.push(line.filter((r) => r.text !== ''));
    line = [];
    width = 0;
    spaceWidth = 0;
  };
  for (const p of pieces) {
    const m = metrics(p.bold);
    let w = m.width(p.text, size);
    if (line.length > 0 && width + spaceWidth + w > widthOf(lines.length)) close();
    if (line.length > 0 && spaceWidth > 0) {
      push(' ', line.at(-1)!.bold);
      width += spaceWidth;
    }
    let text = p.text;
    // A single word wider than its line: cut between letters (never lost, only moved on).
    if (line.length === 0 && w > widthOf(lines.length) && text.length > 1) {
      for (;;) {
        const word = text;
        const cut = longestStart(word.length, (n) => m.width(word.slice(0, n), size) <= widthOf(lines.length));
        if (cut === word.length) break;
        push(word.slice(0, cut), p.bold);
        close();
        text = word.slice(cut);
        if (text.length <= 1) break;
      }
      w = m.width(text, size);
    }
    push(text, p.bold);
    width += w;
    spaceWidth = p.space ? m.width(' ', size) : 0;
  }
  close();
  return lines;
}
