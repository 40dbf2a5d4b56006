import pdfmake from 'pdfmake';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { FONT_BYTES, FONT_DIR, FONT_FILES } from './fonts.js';

export { FONT_DIR, FONT_FILES };

/** The fonts' names in pdfmake's virtual file system (their bytes are read once, fonts.ts). */
const VFS_FONTS = Object.fromEntries(Object.keys(FONT_BYTES).map((face) => [face, `roboto-${face}.ttf`])) as Record<
  keyof typeof FONT_BYTES,
  string
>;

/** pdfmake's in-memory files (not in @types/pdfmake). */
const vfs = (pdfmake as unknown as { virtualfs: { writeFileSync(name: string, data: Buffer): void } }).virtualfs;

let configured = false;
function configure() {
  if (configured) return;
  for (const [face, name] of Object.entries(VFS_FONTS)) vfs.writeFileSync(name, FONT_BYTES[face as keyof typeof FONT_BYTES]);
  pdfmake.setFonts({ Roboto: VFS_FONTS });
  // Documents never fetch anything: no URLs, no files (the fonts come from memory).
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(() => false);
  configured = true;
}

/** Shared look of the app's reports. */
export const REPORT_STYLES: TDocumentDefinitions['styles'] = {
  title: { fontSize: 16, bold: true, margin: [0, 0, 0, 4] },
  subtitle: { fontSize: 10, color: '#4b5563', margin: [0, 0, 0, 12] },
  th: { bold: true, fillColor: '#f3f4f6' },
  total: { bold: true },
  small: { fontSize: 8, color: '#4b5563' },
};

/** Renders a document definition to PDF bytes (A4, Roboto 9 pt unless the definition says otherwise). */
export async function renderPdf(doc: TDocumentDefinitions): Promise<Buffer> {
  configure();
  const full: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [36, 40, 36, 40],
    ...doc,
    defaultStyle: { font: 'Roboto', fontSize: 9, ...(doc.defaultStyle ?? {}) },
    styles: { ...REPORT_STYLES, ...(doc.styles ?? {}) },
  };
  return pdfmake.createPdf(full).getBuffer();
}

/** A table with a bold header row that repeats on every page. */
export function table(headers: string[], rows: TableCell[][], widths: (string | number)[], footer?: TableCell[]): Content {
  return {
    table: {
      headerRows: 1,
      widths,
      body: [headers.map((h) => ({ text: h, style: 'th' })), ...rows, ...(footer ? [footer] : [])],
    },
    layout: 'lightHorizontalLines',
  };
}

/** Cents as a euro amount in the language's format (shared/money.ts). */
export { euroText } from '../../../shared/money.js';
