import PDFDocument from 'pdfkit';
import { FONT_BYTES } from './fonts.js';

/*
 * A PDF written with PDFKit directly (decision 086), for a document our own code lays out to the
 * point (the labels: lib/pdf/measure.ts measures, the labels' layout places every line). pdfmake,
 * which writes the other print-outs with this same PDFKit, would only measure those lines again.
 * The fonts are the print-outs' Roboto faces from memory (fonts.ts: their decoded tables are
 * shared), named as pdfmake names them; nothing is read from a file or a URL.
 */

export type PdfKitDocument = InstanceType<typeof PDFDocument>;

/** The registered faces: Roboto and its Medium face for bold, as in every other print-out. */
export const PDF_FACE = { normal: 'Roboto', bold: 'Roboto-Medium' } as const;

/** A document without pages yet (each page is added with its size), the faces registered. */
export function newPdfDocument(title: string): PdfKitDocument {
  // font: null: no default Helvetica (PDFKit would read and embed it for nothing).
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    compress: true,
    info: { Title: title, Producer: 'PDFKit', Creator: 'Lunch' },
    font: null,
  } as unknown as PDFKit.PDFDocumentOptions);
  doc.registerFont(PDF_FACE.normal, FONT_BYTES.normal);
  doc.registerFont(PDF_FACE.bold, FONT_BYTES.bold);
  return doc;
}

/** Ends the document and answers its bytes. */
export function pdfDocumentBytes(doc: PdfKitDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
