import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { Lang } from '../../../shared/i18n.js';
import type { LabelLayout } from '../../../shared/schemas/kitchen.js';
import { lineHeight, wrapText } from '../../lib/pdf/measure.js';
import { renderPdf } from '../../lib/pdf/pdf.js';
import { qrCode } from '../../lib/pdf/qr.js';
import type { RequestContext } from '../../lib/context.js';
import type { Env } from '../../env.js';
import { kitchenText } from './kitchen.messages.js';
import { labelsOf, type PrintScope } from './kitchen.packing.js';

/*
 * The labels' layout (issue 14, decision 040): one label per ordered portion with a QR code of
 * its hand-over address. Nothing on a label is ever cut (issue 24): every text wraps inside its
 * area, measured with the fonts the PDF uses; when it does not fit the label shrinks it (to 80 %
 * at most), and when that is not enough either the rest goes on to the next label(s) ("continued
 * 2/2": the same person and order, no QR code, so a portion still has one code to scan).
 */

const MM = 72 / 25.4;

export interface Label {
  orderId: number;
  itemId: number;
  unit: number;
  qty: number;
  name: string;
  location: string;
  lap: string | null;
  stop: number | null;
  shift: string | null;
  dish: string;
  options: string[];
  allergens: string[];
  /** The allergens of the portion its eater avoids (warned when ordering): printed first, in capitals, after an alert word. */
  avoided: string[];
  /** Some dish of the portion never had its allergens confirmed (decision 034): the label says so. */
  allergensUnknown: boolean;
  url: string;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Geometry {
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

function geometry(layout: LabelLayout): Geometry {
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

/** One paragraph of a label, wrapped as a whole. */
interface Block {
  text: string;
  size: number;
  bold?: boolean;
  color?: string;
  /** Moved whole to the next label rather than split, when it fits there (the allergens). */
  keep?: boolean;
}

interface Line {
  text: string;
  x: number;
  y: number;
  size: number;
  bold: boolean;
  color: string;
}

/** A label's face as printed: its text lines (label coordinates) and whether it carries the QR code. */
interface Face {
  qr: boolean;
  lines: Line[];
}

/** The text scales tried, largest first; 80 % keeps 7 pt text at 5.6 pt. */
const SCALES = [1, 0.92, 0.86, 0.8];
const ALERT = '#b42318';
const BLACK = '#000000';

/** A label's "Contains: …" line; with an alert and the avoided allergens first when its eater avoids one. */
function containsText(label: Label, lang: Lang): string | null {
  const list = (l: string[]) => ({ list: l.join(', ') });
  const unknown = label.allergensUnknown ? kitchenText(lang, 'labelUnconfirmed') : null;
  if (label.allergens.length === 0) return unknown;
  const known =
    label.avoided.length === 0
      ? kitchenText(lang, 'contains', list(label.allergens))
      : kitchenText(
          lang,
          'containsAlert',
          list([...label.avoided.map((a) => a.toLocaleUpperCase(lang)), ...label.allergens.filter((a) => !label.avoided.includes(a))]),
        );
  return unknown ? `${known} · ${unknown}` : known;
}

function blocksOf(label: Label, g: Geometry, lang: Lang): Block[] {
  const tx = (k: Parameters<typeof kitchenText>[1], p?: Record<string, string | number>) => kitchenText(lang, k, p);
  const where = [label.location, label.lap ? `${label.lap}${label.stop !== null ? `, ${tx('stop', { n: label.stop })}` : ''}` : null];
  const place = [...where, label.shift ? `${tx('shift')}: ${label.shift}` : null].filter(Boolean).join(' · ');
  const portion = label.qty > 1 ? ` (${tx('portionOf', { n: label.unit, total: label.qty })})` : '';
  const contains = containsText(label, lang);
  const alert = label.avoided.length > 0;
  return [
    { text: label.name, size: g.size.name, bold: true },
    { text: place, size: g.size.text },
    { text: `${label.dish}${portion}`, size: g.size.dish, bold: true },
    ...(label.options.length ? [{ text: label.options.join(', '), size: g.size.text }] : []),
    // An eater's allergen is said in words (an alert word, the allergen first and in capitals),
    // not by colour alone: a roll printer prints black.
    ...(contains
      ? [{ text: contains, size: g.size.contains, bold: alert || label.allergensUnknown, color: alert ? ALERT : BLACK, keep: true }]
      : []),
  ];
}

/**
 * Lays the blocks out at `scale` on as many faces as they need, split between lines; a `keep`
 * block moves whole to the next face when it fits there. `header` starts every continued face.
 */
function flow(blocks: Block[], g: Geometry, scale: number, header: (n: number, total: number) => Block, total: number): Face[] {
  const faces: Face[] = [];
  let face: Face;
  let box: Box;
  let y = 0;
  const place = (b: Block, lines: string[]) => {
    const size = b.size * scale;
    const lh = lineHeight(size, b.bold);
    for (const text of lines) {
      if (y + lh > box.y + box.height + 0.01 && face.lines.length > 0) start(false);
      face.lines.push({ text, x: box.x, y, size, bold: b.bold ?? false, color: b.color ?? BLACK });
      y += lh;
    }
  };
  const wrap = (b: Block, width: number) => wrapText(b.text, b.size * scale, b.bold ?? false, () => width);
  const start = (first: boolean) => {
    face = { qr: first, lines: [] };
    faces.push(face);
    box = first ? g.text : g.more;
    y = box.y;
    if (!first) {
      const h = header(faces.length, total);
      place(h, wrap(h, box.width));
    }
  };
  start(true);
  for (const b of blocks) {
    const size = b.size * scale;
    const lh = lineHeight(size, b.bold);
    // The lines that still fit this face take its width, the rest a continued face's.
    const room = Math.floor((box!.y + box!.height - y + 0.01) / lh);
    let lines = wrapText(b.text, size, b.bold ?? false, (i) => (i < room ? box!.width : g.more.width));
    if (b.keep && lines.length > room && face!.lines.length > 0) {
      // Kept together on a fresh face when it fits there.
      const fresh = wrap(b, g.more.width);
      const headerHeight = wrap(header(faces.length + 1, total), g.more.width).length * lineHeight(g.size.text * scale, true);
      if (headerHeight + fresh.length * lh <= g.more.height) {
        start(false);
        lines = fresh;
      }
    }
    place(b, lines);
  }
  return faces;
}

/** A label's faces: at the largest scale that fits one label, else on as few labels as the smallest scale needs. */
export function labelFaces(label: Label, layout: LabelLayout, lang: Lang): Face[] {
  const g = geometry(layout);
  const blocks = blocksOf(label, g, lang);
  const header = (n: number, total: number): Block => ({
    text: `${label.name} · ${kitchenText(lang, 'orderNo', { n: label.orderId })} · ${kitchenText(lang, 'continued', { n, total })}`,
    size: g.size.text,
    bold: true,
  });
  const tried = new Map<number, Face[]>();
  const at = (scale: number) => {
    if (!tried.has(scale)) tried.set(scale, layoutAt(scale));
    return tried.get(scale)!;
  };
  const layoutAt = (scale: number) => {
    // The header names the number of faces: laid out again until that number holds.
    let faces = flow(blocks, g, scale, header, 1);
    for (let i = 0; i < 3 && faces.length > 1; i++) {
      const again = flow(blocks, g, scale, header, faces.length);
      if (again.length === faces.length) return again;
      faces = again;
    }
    return faces;
  };
  // One label at the largest scale that fits; else as few labels as the smallest scale needs, at
  // the largest scale that needs no more.
  for (const scale of SCALES) {
    const faces = at(scale);
    if (faces.length === 1) return withSide(faces, label, g, lang, scale);
  }
  const need = at(SCALES.at(-1)!).length;
  const scale = SCALES.find((s) => at(s).length <= need)!;
  return withSide(at(scale), label, g, lang, scale);
}

/** The order number (and "label 1 of 2" when continued) beside or under the QR code. */
function withSide(faces: Face[], label: Label, g: Geometry, lang: Lang, scale: number): Face[] {
  const texts = [
    kitchenText(lang, 'orderNo', { n: label.orderId }),
    ...(faces.length > 1 ? [kitchenText(lang, 'labelOf', { n: 1, total: faces.length })] : []),
  ];
  const size = Math.min(g.size.side, g.size.side * (scale + 0.1));
  let y = g.side.y;
  for (const t of texts)
    for (const text of wrapText(t, size, false, () => g.side.width)) {
      faces[0]!.lines.push({ text, x: g.side.x, y, size, bold: false, color: BLACK });
      y += lineHeight(size);
    }
  return faces;
}

/** Lays out labels: each face placed absolutely in its cell, a new page after every full sheet. */
export function renderLabels(labels: Label[], layout: LabelLayout, title: string, lang: Lang): Promise<Buffer> {
  const g = geometry(layout);
  const perPage = g.cols * g.rows;
  const content: Content[] = [];
  if (labels.length === 0) content.push({ text: kitchenText(lang, 'nothing'), margin: [20, 20, 20, 20] });
  let cell = 0;
  for (const label of labels) {
    for (const face of labelFaces(label, layout, lang)) {
      const onPage = cell % perPage;
      if (cell > 0 && onPage === 0) content.push({ text: '', pageBreak: 'before' });
      cell++;
      const x = (onPage % g.cols) * g.label.width;
      const y = Math.floor(onPage / g.cols) * g.label.height;
      // Lines are broken here (measured as pdfmake measures them), so pdfmake must not break them again.
      for (const l of face.lines)
        content.push({
          text: l.text,
          absolutePosition: { x: x + l.x, y: y + l.y },
          fontSize: l.size,
          bold: l.bold,
          color: l.color,
          noWrap: true,
        } as Content);
      if (face.qr) content.push(qrCode(label.url, g.qr, { x: x + g.qrAt.x, y: y + g.qrAt.y }));
    }
  }
  const doc: TDocumentDefinitions = {
    info: { title },
    pageSize: g.page,
    pageMargins: [0, 0, 0, 0],
    content,
  };
  return renderPdf(doc);
}

/** GET /app/kitchen/{menuId}/labels: the labels as a PDF in the chosen layout (above). */
export async function labelsPdf(
  ctx: Pick<RequestContext, 'db' | 'lang' | 'provider'>,
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  { menuId, layout, scope }: { menuId: number; layout: LabelLayout; scope: PrintScope },
): Promise<Buffer> {
  const lang = ctx.lang;
  const { menu, labels } = await labelsOf(ctx, env, { menuId, scope });
  return renderLabels(labels, layout, `${kitchenText(lang, 'labelsTitle')} — ${menu.title}`, lang);
}
