import type { Run } from '../../lib/pdf/measure.js';

/*
 * The allergens emphasised inside a label's ingredients (issue 28, decision 070). The ingredients
 * are the dish's one text (typed once, translated); the allergens are the dish's structured ones
 * (as ordered), by their names in the label's language. A name matches where the text has it as
 * whole words: case-insensitive, its words in order with any white space between them, not inside
 * a longer word ("Piens" matches "piens" and "PIENS", not "pienene"; "Sesame seeds" needs both
 * words). No stems or synonyms are guessed: a guess could mark the wrong word and leave the
 * allergen unsaid. Every allergen of the dish not found in the text is appended, emphasised, so
 * none is ever missing from the label.
 */

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The spans of `text` where an allergen's name stands as whole words. */
function spansOf(text: string, name: string): [number, number][] {
  const words = name.trim().split(/\s+/).filter(Boolean).map(escape);
  if (words.length === 0) return [];
  const re = new RegExp(`(?<![\\p{L}\\p{N}])${words.join('\\s+')}(?![\\p{L}\\p{N}])`, 'giu');
  return [...text.matchAll(re)].map((m) => [m.index, m.index + m[0].length]);
}

/**
 * The ingredients as runs with every allergen's name in bold, then the allergens the text does not
 * name, in bold after "; ". An empty text gives the allergens alone (the caller says "Contains").
 */
export function emphasise(text: string, allergens: string[]): { runs: Run[]; missing: string[] } {
  const trimmed = text.trim();
  const bold = new Array<boolean>(trimmed.length).fill(false);
  const missing: string[] = [];
  for (const name of allergens) {
    const spans = spansOf(trimmed, name);
    if (spans.length === 0) missing.push(name);
    for (const [from, to] of spans) bold.fill(true, from, to);
  }
  const runs: Run[] = [];
  for (let i = 0; i < trimmed.length; i++) {
    const last = runs.at(-1);
    if (last && last.bold === bold[i]) last.text += trimmed[i];
    else runs.push({ text: trimmed[i]!, bold: bold[i]! });
  }
  if (missing.length > 0) {
    if (runs.length > 0) runs.push({ text: '; ', bold: false });
    missing.forEach((name, i) => {
      if (i > 0) runs.push({ text: ', ', bold: false });
      runs.push({ text: name, bold: true });
    });
  }
  return { runs, missing };
}
