import { lineHeight, textWidth, WORD_END, wrapText } from './measure.js';
import { newPdfDocument, pdfDocumentBytes, PDF_FACE, type PdfKitDocument } from './pdfkit-doc.js';

/*
 * A flowing report written with PDFKit directly (decision 089): paragraphs and tables laid out by
 * our own code as pdfmake lays out the reports (pdf.ts: A4, margins 36/40, Roboto 9 pt, the
 * 'lightHorizontalLines' tables with their header row repeated on every page, 'auto', '*' and
 * fixed column widths by pdfmake's own rule), and each line of a cell written as one text. pdfmake
 * measures, styles and writes every word on its own; for the lap report (8,000 words, 28 pages)
 * that was 300–400 ms of CPU per PDF, this is under half of it, the pages alike to the pixel at
 * 80 dpi. Only what the lap report uses: no images, no row spans, no nested tables, no links.
 */

/** A run of text on its own line(s): a paragraph, or one of the stacked parts of a table cell. */
export interface Span {
  text: string;
  bold?: boolean;
  /** Points; 9 unless given (the 'small' style is 8 in grey: SMALL). */
  size?: number;
  color?: string;
  align?: 'left' | 'right';
  /** Never broken (a column is then at least as wide). */
  noWrap?: boolean;
  /** Space below it in points. */
  gapAfter?: number;
}
/** A table cell: its parts stacked; `span` columns wide (the first of them, the others left out). */
export interface Cell {
  parts: Span[];
  span?: number;
}
export type Width = 'auto' | '*' | number;
export interface TextBlock {
  kind: 'text';
  span: Span;
  marginTop?: number;
  marginBottom?: number;
  pageBreakBefore?: boolean;
}
export interface TableBlock {
  kind: 'table';
  header: string[];
  widths: Width[];
  rows: Cell[][];
  footer?: Cell[];
}
export type Block = TextBlock | TableBlock;

export const SMALL = { size: 8, color: '#4b5563' } as const;
export const GREY = '#4b5563';
const HEADER_FILL = '#f3f4f6';
const PAGE = { width: 841.89, height: 595.28, left: 36, top: 40, right: 36, bottom: 40 }; // A4 landscape
const CONTENT_WIDTH = PAGE.width - PAGE.left - PAGE.right;
const PAD_Y = 2;
const padLeft = (i: number) => (i === 0 ? 0 : 8);
const padRight = (i: number, n: number) => (i === n - 1 ? 0 : 8);

/** A cell of plain text (one part). */
export const cell = (text: string, span: Omit<Span, 'text'> = {}): Cell => ({ parts: [{ text, ...span }] });

interface Line {
  text: string;
  bold: boolean;
  size: number;
  color: string;
  align: 'left' | 'right';
  /** Top of the line below the cell's top. */
  dy: number;
  height: number;
  /** Space below the line before the next part (the span's gapAfter on its last line). */
  after: number;
}

const sizeOf = (s: Span) => s.size ?? 9;

/** The lines of a span at `width`, from `dy` down; answers them and the height used. */
function linesOf(s: Span, width: number, dy: number, out: Line[]): number {
  const size = sizeOf(s);
  const bold = !!s.bold;
  const h = lineHeight(size, bold);
  // (a column as wide as its widest text fits it, whatever the order the widths were summed in)
  const texts = s.noWrap ? [s.text] : wrapText(s.text, size, bold, () => width + 0.001);
  for (const text of texts.length ? texts : ['']) {
    out.push({ text, bold, size, color: s.color ?? 'black', align: s.align ?? 'left', dy, height: h, after: 0 });
    dy += h;
  }
  out[out.length - 1]!.after = s.gapAfter ?? 0;
  return dy + (s.gapAfter ?? 0);
}

/** The widest word and the whole width of a cell (pdfmake's minimum and maximum of a column). */
function minMax(c: Cell): { min: number; max: number } {
  let min = 0;
  let max = 0;
  for (const s of c.parts) {
    const size = sizeOf(s);
    const whole = textWidth(s.text.trim(), size, !!s.bold);
    max = Math.max(max, whole);
    if (s.noWrap) min = Math.max(min, whole);
    else for (const word of s.text.split(WORD_END)) min = Math.max(min, textWidth(word.trim(), size, !!s.bold));
  }
  return { min, max };
}

/** Inner column widths by pdfmake's rule (columnCalculator.js buildColumnWidths). */
function columnWidths(widths: Width[], cells: Cell[][]): number[] {
  const n = widths.length;
  const mins = widths.map(() => 0);
  const maxs = widths.map(() => 0);
  for (const row of cells) {
    let i = 0;
    for (const c of row) {
      // A cell over several columns does not widen them (its text is short: a total's name).
      if ((c.span ?? 1) === 1 && i < n) {
        const m = minMax(c);
        mins[i] = Math.max(mins[i]!, m.min);
        maxs[i] = Math.max(maxs[i]!, m.max);
      }
      i += c.span ?? 1;
    }
  }
  let available = CONTENT_WIDTH;
  for (let i = 0; i < n; i++) available -= padLeft(i) + padRight(i, n);
  const out = widths.map((w) => (typeof w === 'number' ? w : 0));
  for (const w of widths) if (typeof w === 'number') available -= w;
  const autos = widths.flatMap((w, i) => (w === 'auto' ? [i] : []));
  const stars = widths.flatMap((w, i) => (w === '*' ? [i] : []));
  const autoMin = autos.reduce((a, i) => a + mins[i]!, 0);
  const autoMax = autos.reduce((a, i) => a + maxs[i]!, 0);
  const starMin = Math.max(0, ...stars.map((i) => mins[i]!));
  const starMax = Math.max(0, ...stars.map((i) => maxs[i]!));
  const minW = autoMin + starMin * stars.length;
  const maxW = autoMax + starMax * stars.length;
  if (minW >= available) {
    for (const i of autos) out[i] = mins[i]!;
    for (const i of stars) out[i] = starMin;
    return out;
  }
  const allMax = maxW < available;
  const spare = available - minW;
  for (const i of autos) {
    out[i] = allMax ? maxs[i]! : mins[i]! + ((maxs[i]! - mins[i]!) * spare) / (maxW - minW);
    available -= out[i]!;
  }
  for (const i of stars) out[i] = available / stars.length;
  return out;
}

/** Writes the blocks as a landscape A4 document and answers its bytes. */
export function renderFlow(title: string, blocks: Block[]): Promise<Buffer> {
  const doc = newPdfDocument(title);
  const w = new Writer(doc);
  for (const b of blocks) {
    if (b.kind === 'text') w.paragraph(b);
    else w.table(b);
  }
  return pdfDocumentBytes(doc);
}

class Writer {
  private y = PAGE.top;
  private face: string | null = null;
  private size = 0;
  private color = '';
  constructor(private readonly doc: PdfKitDocument) {
    this.newPage();
  }
  private newPage() {
    this.doc.addPage({ size: 'A4', layout: 'landscape', margin: 0 });
    this.face = null;
    this.size = 0;
    this.color = '';
    this.y = PAGE.top;
  }
  private get room() {
    return PAGE.height - PAGE.bottom - this.y;
  }
  /** One line of text with its top at `y` (PDFKit's and pdfmake's top: the ascent below it). */
  private write(l: Line, x: number, width: number, y: number) {
    const face = l.bold ? PDF_FACE.bold : PDF_FACE.normal;
    if (face !== this.face) this.doc.font((this.face = face));
    if (l.size !== this.size) this.doc.fontSize((this.size = l.size));
    if (l.color !== this.color) this.doc.fillColor((this.color = l.color));
    const at = l.align === 'right' ? x + width - textWidth(l.text, l.size, l.bold) : x;
    this.doc.text(l.text, at, y, { lineBreak: false });
  }
  paragraph(b: TextBlock) {
    if (b.pageBreakBefore) this.newPage();
    this.y += b.marginTop ?? 0;
    const lines: Line[] = [];
    linesOf(b.span, CONTENT_WIDTH, 0, lines);
    for (const l of lines) {
      if (l.height > this.room) this.newPage();
      this.write(l, PAGE.left, CONTENT_WIDTH, this.y);
      this.y += l.height;
    }
    this.y += b.marginBottom ?? 0;
  }
  table(t: TableBlock) {
    const n = t.widths.length;
    const header: Cell[] = t.header.map((h) => cell(h, { bold: true }));
    const body = [...t.rows, ...(t.footer ? [t.footer] : [])];
    const inner = columnWidths(t.widths, [header, ...body]);
    // Each column's left edge (its padding included) and its text's left edge.
    const edges: number[] = [];
    let x = PAGE.left;
    for (let i = 0; i < n; i++) {
      edges.push(x);
      x += padLeft(i) + inner[i]! + padRight(i, n);
    }
    edges.push(x);
    const layout = (row: Cell[]) => {
      const cells: { x: number; width: number; lines: Line[] }[] = [];
      let height = 0;
      let col = 0;
      for (const c of row) {
        if (col >= n) break;
        const last = Math.min(n, col + (c.span ?? 1)) - 1;
        const left = edges[col]! + padLeft(col);
        const width = edges[last + 1]! - padRight(last, n) - left;
        const lines: Line[] = [];
        let dy = 0;
        for (const s of c.parts) dy = linesOf(s, width, dy, lines);
        height = Math.max(height, dy);
        cells.push({ x: left, width, lines });
        col = last + 1;
      }
      return { cells, height };
    };
    const head = layout(header);
    const headHeight = PAD_Y + head.height + PAD_Y;
    const drawHeader = () => {
      this.doc.rect(edges[0]!, this.y, edges[n]! - edges[0]!, headHeight).fill(HEADER_FILL);
      this.color = '';
      for (const c of head.cells) for (const l of c.lines) this.write(l, c.x, c.width, this.y + PAD_Y + l.dy);
      this.y += headHeight;
      this.rule(edges[0]!, edges[n]!, 2, 'black');
    };
    if (this.room < headHeight + 2 + 20) this.newPage();
    drawHeader();
    body.forEach((row, r) => {
      const { cells, height } = layout(row);
      // Where the row breaks: down the row, a line that does not fit in the page's room starts the
      // next page (after the header again). Then each part is written cell by cell (each cell's text
      // in reading order), the cells' lines of that part only.
      const all = cells.flatMap((c) => c.lines).sort((a, b) => a.dy - b.dy);
      const parts: { from: number; to: number; bottom: number }[] = [{ from: 0, to: Infinity, bottom: 0 }];
      let room = PAGE.height - PAGE.bottom - (this.y + PAD_Y);
      for (const l of all) {
        const part = parts.at(-1)!;
        if (l.dy - part.from + l.height > room && l.dy > part.from) {
          part.to = l.dy;
          parts.push({ from: l.dy, to: Infinity, bottom: 0 });
          room = PAGE.height - PAGE.bottom - (PAGE.top + headHeight + 2 + PAD_Y);
        } else if (l.dy - part.from + l.height > room && part.from === 0 && l.dy === 0 && this.y > PAGE.top + headHeight + 2) {
          // Not even the row's first line fits: the whole row starts on the next page.
          parts[0]!.from = -1;
          parts.push({ from: 0, to: Infinity, bottom: 0 });
          parts[0]!.to = 0;
          room = PAGE.height - PAGE.bottom - (PAGE.top + headHeight + 2 + PAD_Y);
        }
        const last = parts.at(-1)!;
        last.bottom = Math.max(last.bottom, l.dy - last.from + l.height + l.after);
      }
      let top = this.y + PAD_Y;
      let from = 0;
      parts.forEach((part, k) => {
        if (k > 0) {
          if (parts[k - 1]!.from >= 0) {
            this.y = top + parts[k - 1]!.bottom + PAD_Y;
            this.rule(edges[0]!, edges[n]!, 1, '#aaa');
          }
          this.newPage();
          drawHeader();
          top = this.y + PAD_Y;
        }
        from = Math.max(part.from, 0);
        for (const c of cells)
          for (const l of c.lines) if (l.dy >= part.from && l.dy < part.to) this.write(l, c.x, c.width, top + (l.dy - from));
      });
      this.y = top + (height - from) + PAD_Y;
      if (r < body.length - 1) this.rule(edges[0]!, edges[n]!, 1, '#aaa');
    });
  }
  /** A horizontal rule below `y`, `width` thick (pdfmake draws it there and moves down by it). */
  private rule(x0: number, x1: number, width: number, color: string) {
    this.doc
      .moveTo(x0, this.y + width / 2)
      .lineTo(x1, this.y + width / 2)
      .lineWidth(width)
      .strokeColor(color)
      .stroke();
    this.y += width;
  }
}
