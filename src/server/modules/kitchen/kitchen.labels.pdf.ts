import type { Lang } from '../../../shared/i18n.js';
import type { LabelLayout } from '../../../shared/schemas/kitchen.js';
import { lineHeight, textWidth, wrapRuns, wrapText, type Run } from '../../lib/pdf/measure.js';
import { newPdfDocument, PDF_FACE, pdfDocumentBytes } from '../../lib/pdf/pdfkit-doc.js';
import { qrOperators } from '../../lib/pdf/qr.js';
import type { RequestContext } from '../../lib/context.js';
import type { Env } from '../../env.js';
import { geometry, type Box, type Geometry } from './kitchen.labels.geometry.js';
import type { LawFields } from './kitchen.labels.facts.js';
import { kitchenText } from './kitchen.messages.js';
import { labelsOf, type PrintScope } from './kitchen.packing.js';

/*
 * The labels' layout (issue 14, decision 040): one label per ordered portion with a QR code of
 * its hand-over address. Nothing on a label is ever cut (issue 24): every text wraps inside its
 * area, measured with the fonts the PDF uses; when it does not fit the label shrinks it (to 80 %
 * at most), and when that is not enough either the rest goes on to the next label(s) ("continued
 * 2/2": the same person and order, no QR code, so a portion still has one code to scan).
 * Such a label is "overflowing": the label check lists it before printing (decision 070).
 * Issue 28 adds what the law asks (kitchen.labels.facts.ts): after the eater's own allergen
 * warning, the ingredients with the allergens in bold, "may contain", the prepared and use-by
 * dates with the net weight, and the provider's name and address.
 */

export interface Label extends LawFields {
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

/** One paragraph of a label, wrapped as a whole: runs of plain and bold text. */
interface Block {
  runs: Run[];
  size: number;
  color?: string;
  /** Moved whole to the next label rather than split, when it fits there (the allergens). */
  keep?: boolean;
}

interface Line {
  runs: Run[];
  x: number;
  y: number;
  size: number;
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

/**
 * The eater's own warning: an alert with the avoided allergens first when its eater avoids one,
 * and that the allergens were never confirmed; null without either (the ingredients name them all).
 */
function containsText(label: Label, lang: Lang): string | null {
  const list = (l: string[]) => ({ list: l.join(', ') });
  const unknown = label.allergensUnknown ? kitchenText(lang, 'labelUnconfirmed') : null;
  if (label.avoided.length === 0) return unknown;
  const known = kitchenText(
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
  const plain = (text: string, bold = false) => [{ text, bold }];
  const ingredients = label.ingredients.length
    ? [
        {
          runs: [{ text: `${tx(label.ingredientsMissing ? 'containsLead' : 'ingredientsLead')} `, bold: false }, ...label.ingredients],
          size: g.size.text,
        },
      ]
    : [];
  const dates = [
    tx('prepared', { date: label.prepared }),
    tx('useBy', { at: label.useBy }),
    ...(label.grams !== null ? [tx('netWeight', { grams: label.grams })] : []),
  ].join(' · ');
  return [
    { runs: plain(label.name, true), size: g.size.name },
    { runs: plain(place), size: g.size.text },
    { runs: plain(`${label.dish}${portion}`, true), size: g.size.dish },
    ...(label.options.length ? [{ runs: plain(label.options.join(', ')), size: g.size.text }] : []),
    // An eater's allergen is said in words (an alert word, the allergen first and in capitals),
    // not by colour alone: a roll printer prints black. It comes before what the law asks.
    ...(contains ? [{ runs: plain(contains, true), size: g.size.contains, color: alert ? ALERT : BLACK, keep: true }] : []),
    ...ingredients,
    ...(label.traces.length ? [{ runs: plain(tx('mayContain', { list: label.traces.join(', ') })), size: g.size.text }] : []),
    { runs: plain(dates), size: g.size.text },
    ...(label.provider ? [{ runs: plain(label.provider), size: g.size.text }] : []),
  ];
}

/** A block's line height: its bold face's when it has bold text. */
const heightOf = (b: Block, size: number) =>
  lineHeight(
    size,
    b.runs.some((r) => r.bold),
  );

/**
 * Lays the blocks out at `scale` on as many faces as they need, split between lines; a `keep`
 * block moves whole to the next face when it fits there. `header` starts every continued face.
 */
function flow(blocks: Block[], g: Geometry, scale: number, header: (n: number, total: number) => Block, total: number): Face[] {
  const faces: Face[] = [];
  let face: Face;
  let box: Box;
  let y = 0;
  const place = (b: Block, lines: Run[][]) => {
    const size = b.size * scale;
    const lh = heightOf(b, size);
    for (const runs of lines) {
      if (y + lh > box.y + box.height + 0.01 && face.lines.length > 0) start(false);
      face.lines.push({ runs, x: box.x, y, size, color: b.color ?? BLACK });
      y += lh;
    }
  };
  const wrap = (b: Block, width: number) => wrapRuns(b.runs, b.size * scale, () => width);
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
    const lh = heightOf(b, size);
    // The lines that still fit this face take its width, the rest a continued face's.
    const room = Math.floor((box!.y + box!.height - y + 0.01) / lh);
    let lines = wrapRuns(b.runs, size, (i) => (i < room ? box!.width : g.more.width));
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
    runs: [
      {
        text: `${label.name} · ${kitchenText(lang, 'orderNo', { n: label.orderId })} · ${kitchenText(lang, 'continued', { n, total })}`,
        bold: true,
      },
    ],
    size: g.size.text,
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
      faces[0]!.lines.push({ runs: [{ text, bold: false }], x: g.side.x, y, size, color: BLACK });
      y += lineHeight(size);
    }
  return faces;
}

/**
 * Writes the labels: each face placed in its cell, a new page after every full sheet. The lines
 * are laid out here already (measured with the PDF's own fonts), so they go to PDFKit as they are
 * (decision 086): each run of a line at its place, the QR code as one filled path.
 */
export function renderLabels(labels: Label[], layout: LabelLayout, title: string, lang: Lang): Promise<Buffer> {
  const g = geometry(layout);
  const perPage = g.cols * g.rows;
  const doc = newPdfDocument(title);
  const page = () => doc.addPage({ size: [g.page.width, g.page.height], margin: 0 });
  if (labels.length === 0) {
    page();
    doc.font(PDF_FACE.normal).fontSize(9).fillColor(BLACK).text(kitchenText(lang, 'nothing'), 20, 20, { lineBreak: false });
  }
  let cell = 0;
  for (const label of labels) {
    for (const face of labelFaces(label, layout, lang)) {
      const onPage = cell % perPage;
      if (onPage === 0) page();
      cell++;
      const x = (onPage % g.cols) * g.label.width;
      const y = Math.floor(onPage / g.cols) * g.label.height;
      for (const l of face.lines) {
        doc.fontSize(l.size).fillColor(l.color);
        let at = x + l.x;
        for (const r of l.runs) {
          doc.font(r.bold ? PDF_FACE.bold : PDF_FACE.normal).text(r.text, at, y + l.y, { lineBreak: false });
          at += textWidth(r.text, l.size, r.bold);
        }
      }
      if (face.qr) doc.fillColor(BLACK).addContent(qrOperators(label.url, g.qr, { x: x + g.qrAt.x, y: y + g.qrAt.y }));
    }
  }
  return pdfDocumentBytes(doc);
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
