import { inflateSync } from 'node:zlib';

/**
 * Extracts the text of a PDF written by pdfmake/PDFKit (embedded fonts with ToUnicode maps,
 * Flate-compressed streams). For tests and checks, not a general PDF parser: the text objects in
 * drawing order, joined by single spaces (pdfmake draws word by word).
 */
export function pdfText(pdf: Buffer): string {
  return pdfTextObjects(pdf)
    .map((o) => o.text)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The text objects of a PDF in drawing order, each with the font it is drawn in (its base name
 * without the subset prefix: "Roboto-Medium" is the PDFs' bold): a test reads which words are bold.
 */
export function pdfTextObjects(pdf: Buffer): { font: string; text: string }[] {
  const src = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream: Buffer | null }>();
  const objRe = /(\d+) 0 obj([\s\S]*?)endobj/g;
  for (let m = objRe.exec(src); m; m = objRe.exec(src)) {
    const body = m[2]!;
    const s = body.indexOf('stream');
    let dict = body;
    let stream: Buffer | null = null;
    if (s >= 0) {
      dict = body.slice(0, s);
      let start = s + 'stream'.length;
      if (body[start] === '\r') start++;
      if (body[start] === '\n') start++;
      const end = body.lastIndexOf('endstream');
      let raw = Buffer.from(body.slice(start, end), 'latin1');
      if (/\/FlateDecode/.test(dict)) {
        try {
          raw = inflateSync(raw);
        } catch {
          raw = Buffer.alloc(0);
        }
      }
      stream = raw;
    }
    objects.set(Number(m[1]), { dict, stream });
  }

  // Font resource name -> ToUnicode map of that font.
  const cmaps = new Map<number, Map<number, string>>();
  const fontMap = new Map<string, Map<number, string>>();
  const baseFont = new Map<string, string>();
  const cmapOf = (fontObj: number) => {
    const font = objects.get(fontObj);
    const ref = font && /\/ToUnicode (\d+) 0 R/.exec(font.dict);
    if (!ref) return null;
    const id = Number(ref[1]);
    if (!cmaps.has(id)) cmaps.set(id, parseCMap(objects.get(id)?.stream?.toString('latin1') ?? ''));
    return cmaps.get(id)!;
  };
  for (const { dict } of objects.values()) {
    const fonts = /\/Font\s*<<([\s\S]*?)>>/.exec(dict);
    if (!fonts) continue;
    const refRe = /\/([\w.+-]+)\s+(\d+) 0 R/g;
    for (let r = refRe.exec(fonts[1]!); r; r = refRe.exec(fonts[1]!)) {
      const map = cmapOf(Number(r[2]));
      if (map) fontMap.set(r[1]!, map);
      const base = /\/BaseFont\s*\/(?:[A-Z]{6}\+)?([\w.-]+)/.exec(objects.get(Number(r[2]))?.dict ?? '');
      if (base) baseFont.set(r[1]!, base[1]!);
    }
  }

  const lines: { font: string; text: string }[] = [];
  for (const { stream } of objects.values()) {
    if (!stream) continue;
    const content = stream.toString('latin1');
    if (!/\bTf\b/.test(content) || !/\bT[Jj]\b/.test(content)) continue;
    let current: Map<number, string> | undefined;
    let font = '';
    let line = '';
    const tokRe = /\/([\w.+-]+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>|\bET\b/g;
    for (let t = tokRe.exec(content); t; t = tokRe.exec(content)) {
      if (t[1] !== undefined) {
        current = fontMap.get(t[1]);
        font = baseFont.get(t[1]) ?? '';
      } else if (t[2] !== undefined) {
        const hex = t[2];
        for (let i = 0; i + 4 <= hex.length; i += 4) line += current?.get(parseInt(hex.slice(i, i + 4), 16)) ?? '';
      } else {
        if (line) lines.push({ font, text: line });
        line = '';
      }
    }
    if (line) lines.push({ font, text: line });
  }
  return lines;
}

function utf16(hex: string): string {
  const units: number[] = [];
  for (let i = 0; i + 4 <= hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
}

function parseCMap(text: string): Map<number, string> {
  const map = new Map<number, string>();
  const charRe = /beginbfchar([\s\S]*?)endbfchar/g;
  for (let m = charRe.exec(text); m; m = charRe.exec(text)) {
    const pairRe = /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g;
    for (let p = pairRe.exec(m[1]!); p; p = pairRe.exec(m[1]!)) map.set(parseInt(p[1]!, 16), utf16(p[2]!.replace(/\s+/g, '')));
  }
  const rangeRe = /beginbfrange([\s\S]*?)endbfrange/g;
  for (let m = rangeRe.exec(text); m; m = rangeRe.exec(text)) {
    const entryRe = /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g;
    for (let e = entryRe.exec(m[1]!); e; e = entryRe.exec(m[1]!)) {
      const lo = parseInt(e[1]!, 16);
      const hi = parseInt(e[2]!, 16);
      const dst = e[3]!;
      if (dst.startsWith('[')) {
        // A ligature's glyph maps to several characters: "<0066 0069>" (fi).
        const items = [...dst.matchAll(/<([0-9a-fA-F\s]+)>/g)].map((x) => x[1]!.replace(/\s+/g, ''));
        items.forEach((h, i) => map.set(lo + i, utf16(h)));
      } else {
        const base = utf16(dst.slice(1, -1));
        const last = base.charCodeAt(base.length - 1);
        for (let c = lo; c <= hi; c++) map.set(c, base.slice(0, -1) + String.fromCharCode(last + (c - lo)));
      }
    }
  }
  return map;
}
