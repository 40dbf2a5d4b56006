import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * One term per language for each concept (issue 24): a location is "location" / "vieta" / "место"
 * (not "lokācija", "локация"), the kitchen display "Kitchen display" / "Virtuves displejs" /
 * "Кухонный дисплей"; a kitchen ticket is an order ("pasūtījums" / "заказ", not "biļete" / "тикет"),
 * and loading a van is "погрузить" in Russian (not "загрузить", which is for data and files).
 * Checked across the web's locale files and the server's message files.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const localeDir = path.join(root, 'src/web/locales');
type Tree = { [key: string]: string | Tree };

function strings(tree: Tree | string, prefix = ''): [string, string][] {
  if (typeof tree === 'string') return [[prefix, tree]];
  return Object.entries(tree).flatMap(([k, v]) => strings(v, prefix ? `${prefix}.${k}` : k));
}

/** Every web text of a language as [namespace.key, text]. */
function webTexts(lang: string): [string, string][] {
  return readdirSync(path.join(localeDir, lang))
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => strings(JSON.parse(readFileSync(path.join(localeDir, lang, f), 'utf8')) as Tree, f.replace('.json', '')));
}

/** Every server message file's source (all three languages sit in one file). */
function serverSources(): [string, string][] {
  const modules = path.join(root, 'src/server/modules');
  return readdirSync(modules, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .flatMap((m) =>
      readdirSync(path.join(modules, m), { withFileTypes: true })
        .filter((e) => e.isFile() && e.name.endsWith('.messages.ts'))
        .map((e): [string, string] => [`${m}/${e.name}`, readFileSync(path.join(modules, m, e.name), 'utf8')]),
    );
}

const banned: Record<string, RegExp[]> = {
  lv: [/lokācij/i, /virtuves ekrān/i, /biļet/i],
  // (?<!э): "этикетка" (a label) is not a ticket.
  ru: [/локаци/i, /экран кухни/i, /(?<!э)тикет/i],
  en: [/kitchen screen/i, /\bKDS\b/],
};

describe('terms', () => {
  for (const [lang, patterns] of Object.entries(banned)) {
    it(`uses one term per concept in ${lang}`, () => {
      const hits = webTexts(lang).filter(([, text]) => patterns.some((p) => p.test(text)));
      expect(hits).toEqual([]);
    });
  }

  it('uses the same terms in the server messages', () => {
    const all = Object.values(banned).flat();
    const hits = serverSources().flatMap(([file, src]) =>
      src
        .split('\n')
        .filter((line) => all.some((p) => p.test(line)))
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(hits).toEqual([]);
  });

  it('names the kitchen display alike everywhere in a language', () => {
    for (const lang of ['en', 'lv', 'ru']) {
      const texts = webTexts(lang);
      const names = new Set(
        ['kitchen.title', 'orders.kitchenDisplay', 'shell.placeholder.kds'].map((k) => texts.find(([key]) => key === k)?.[1]),
      );
      expect([...names], lang).toHaveLength(1);
    }
  });

  it('says "load into the van" in plain Russian on the laps (загрузить is for data)', () => {
    const laps = webTexts('ru').filter(([key]) => key.startsWith('laps.'));
    expect(laps.filter(([key, text]) => /загру[зж]/i.test(text) && !/Failed$/.test(key))).toEqual([]);
    expect(Object.fromEntries(laps)['laps.report.toLoad']).toBe('Погрузить в машину');
    const server = serverSources().find(([file]) => file === 'laps/laps.messages.ts')![1];
    expect(server).not.toMatch(/'Загру[зж]/);
  });
});
