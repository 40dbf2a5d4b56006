import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/*
 * The PDFs' fonts, read and parsed once per process (decision 060). PDFKit (pdfmake's engine)
 * makes a fontkit font from the file for every document, and fontkit decodes a font's tables
 * (GSUB, GPOS, cmap, hmtx...) lazily on the first text it lays out: that decoding, repeated for
 * every document and face, was a good part of a short report's time. Here each face's file is
 * read into one Buffer (handed to pdfmake through its virtual file system, pdf.ts), and the
 * tables fontkit decodes from one of these Buffers are kept, so every later font of the same
 * Buffer takes them as they are. A document's subset and widths stay in PDFKit's per-document
 * font; only the decoded tables are shared. The labels' measuring (measure.ts) uses the same
 * Buffers, so it shares those tables too.
 */

const require = createRequire(import.meta.url);

/**
 * Roboto as shipped inside the pdfmake package (no system fonts needed). Its glyphs cover
 * Latin Extended-A (ā č ē ģ ī ķ ļ ņ š ū ž), Cyrillic and the euro sign; pdf.test.ts checks that.
 */
export const FONT_DIR = path.dirname(require.resolve('pdfmake/fonts/Roboto/Roboto-Regular.ttf'));
export const FONT_FILES = {
  normal: path.join(FONT_DIR, 'Roboto-Regular.ttf'),
  bold: path.join(FONT_DIR, 'Roboto-Medium.ttf'),
  italics: path.join(FONT_DIR, 'Roboto-Italic.ttf'),
  bolditalics: path.join(FONT_DIR, 'Roboto-MediumItalic.ttf'),
} as const;
export type Face = keyof typeof FONT_FILES;

/** What the PDFs and the measuring use of a fontkit font. */
export interface FontkitFont {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  layout(text: string): { advanceWidth: number };
}

/** fontkit as PDFKit loads it (not a dependency of our own): the instance whose `create` PDFKit calls. */
type Fontkit = { create(data: Uint8Array, family?: string): FontkitFont };
const pdfkitPath = createRequire(require.resolve('pdfmake/package.json')).resolve('pdfkit');
const fontkit = createRequire(pdfkitPath)('fontkit') as Fontkit;

/** Each face's bytes, read once (the Buffer is what the table memo below recognises). */
export const FONT_BYTES = Object.fromEntries(Object.entries(FONT_FILES).map(([face, file]) => [face, readFileSync(file)])) as Record<
  Face,
  Buffer
>;

/*
 * fontkit's exports cannot be replaced (getters of a bundle), so the cache sits one level down:
 * a font decodes each table on first use (`_getTable`, memoised per font object); here the
 * decoded tables are also kept per font file, so the next document's font of the same Buffer
 * takes them as they are. Decoded tables are read-only descriptions of the file (lazy parts
 * read from a stream over the same bytes). Only our Buffers are cached.
 */
const FONT_BYTES_SET = new Set<Uint8Array>(Object.values(FONT_BYTES));
type TtfFont = FontkitFont & {
  stream: { buffer: Uint8Array };
  _tables: Record<string, unknown>;
  _getTable(table: { tag: string }): unknown;
};
const tablesOf = new Map<Uint8Array, Map<string, unknown>>();
const firstFont = fontkit.create(FONT_BYTES.normal) as TtfFont;
const ttf = Object.getPrototypeOf(firstFont) as TtfFont;
if (typeof ttf._getTable === 'function') {
  const getTable = ttf._getTable;
  ttf._getTable = function (this: TtfFont, table: { tag: string }) {
    const buffer = this.stream?.buffer;
    if (!buffer || !FONT_BYTES_SET.has(buffer) || table.tag in this._tables) return getTable.call(this, table);
    let tables = tablesOf.get(buffer);
    if (!tables) tablesOf.set(buffer, (tables = new Map()));
    if (!tables.has(table.tag)) tables.set(table.tag, getTable.call(this, table));
    this._tables[table.tag] = tables.get(table.tag);
    return this._tables[table.tag];
  };
}

const fonts = new Map<Face, FontkitFont>();

/** A parsed font of a face, for measuring (its tables are those the PDFs' fonts use). */
export function fontOf(face: Face): FontkitFont {
  let font = fonts.get(face);
  if (!font) fonts.set(face, (font = fontkit.create(FONT_BYTES[face])));
  return font;
}
