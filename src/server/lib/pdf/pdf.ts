import { createRequire } from 'node:module';
import path from 'node:path';
import pdfmake from 'pdfmake';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';

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

let configured = false;
function configure() {
  if (configured) return;
  pdfmake.setFonts({ Roboto: FONT_FILES });
  // Documents never fetch anything: no URLs, and only the font files from disk.
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((p: string) => path.resolve(p).startsWith(FONT_DIR + path.sep));
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

const LOCALES = { lv: 'lv-LV', en: 'en-IE', ru: 'ru-RU' } as const;

/** Cents as a euro amount in the language's format, e.g. "4,50 €". */
export function euroText(cents: number, lang: keyof typeof LOCALES): string {
  return new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'EUR' }).format(cents / 100);
}
