import type { LabelLayout } from '../../../shared/schemas/kitchen.js';

/* The labels' geometry (issue 14, decision 040): the A4 sheet of 3 × 8 and the 62 mm roll. */

const MM = 72 / 25.4;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Geometry {
  page: { width: number; height: number };
  cols: number;
  rows: number;
  label: { width: number; height: number };
  qr: number;
  /** Where the QR code goes on a label (from the label's top left). */
  qrAt: { x: number; y: number };
  /** The text of a label with a QR code, and of a continued one (no code: the whole label). */
  text: Box;
  more: Box;
  /** Next to or under the QR code: the order number (and "label 1 of 2"). */
  side: Box;
  /** Font sizes at scale 1. */
  size: { name: number; dish: number; text: number; contains: number; side: number };
}

export function geometry(layout: LabelLayout): Geometry {
  if (layout === 'a4') {
    // A4 sheets of 3 × 8 labels of 70 × 37.125 mm, edge to edge; the QR code top right.
    const label = { width: 70 * MM, height: (297 / 8) * MM };
    const pad = 3 * MM;
    const qr = 24 * MM;
    const inner = { width: label.width - 2 * pad, height: label.height - 2 * pad };
    return {
      page: { width: 210 * MM, height: 297 * MM },
      cols: 3,
      rows: 8,
      label,
      qr,
      qrAt: { x: label.width - pad - qr, y: pad },
      text: { x: pad, y: pad, width: inner.width - qr - 2 * MM, height: inner.height },
      more: { x: pad, y: pad, ...inner },
      side: { x: label.width - pad - qr, y: pad + qr + 1 * MM, width: qr, height: inner.height - qr - 1 * MM },
      size: { name: 9, dish: 8, text: 7, contains: 7, side: 7 },
    };
  }
  // A 62 mm label-printer roll cut every 100 mm: one label a page, the QR code bottom left.
  const label = { width: 62 * MM, height: 100 * MM };
  const pad = 4 * MM;
  const qr = 30 * MM;
  const inner = { width: label.width - 2 * pad, height: label.height - 2 * pad };
  return {
    page: label,
    cols: 1,
    rows: 1,
    label,
    qr,
    qrAt: { x: pad, y: label.height - pad - qr },
    text: { x: pad, y: pad, width: inner.width, height: inner.height - qr - 2 * MM },
    more: { x: pad, y: pad, ...inner },
    side: { x: pad + qr + 2 * MM, y: label.height - pad - qr, width: inner.width - qr - 2 * MM, height: qr },
    size: { name: 12, dish: 11, text: 8, contains: 9, side: 8 },
  };
}
