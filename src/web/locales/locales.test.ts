import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = path.dirname(fileURLToPath(import.meta.url));
const langs = readdirSync(dir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

type Tree = { [key: string]: string | Tree };
const load = (lang: string, ns: string) => JSON.parse(readFileSync(path.join(dir, lang, `${ns}.json`), 'utf8')) as Tree;

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * Keys with plural forms (i18next's `key_one`, `key_other`, …) as one `key#plural` entry, so
 * languages with different plural categories still have "the same keys".
 */
function baseKeys(tree: Tree): string[] {
  return [...new Set(keys(tree).map((k) => (PLURAL.test(k) ? `${k.replace(PLURAL, '')}#plural` : k)))];
}

/** For each counted text: the plural categories it gives. */
function pluralForms(tree: Tree): Map<string, string[]> {
  const forms = new Map<string, string[]>();
  for (const k of keys(tree)) {
    const m = PLURAL.exec(k);
    if (!m) continue;
    const base = k.replace(PLURAL, '');
    forms.set(base, [...(forms.get(base) ?? []), m[1]!]);
  }
  return forms;
}

describe('translations', () => {
  it('ships lv, en and ru', () => {
    expect(langs).toEqual(['en', 'lv', 'ru']);
  });

  const namespaces = [...new Set(langs.flatMap((l) => readdirSync(path.join(dir, l)).filter((f) => f.endsWith('.json'))))]
    .map((f) => f.replace(/\.json$/, ''))
    .sort();

  for (const ns of namespaces) {
    it(`${ns}: every language has the same keys and no empty texts`, () => {
      const en = baseKeys(load('en', ns)).sort();
      for (const lang of langs) {
        const tree = load(lang, ns);
        expect(baseKeys(tree).sort(), `${lang}/${ns}.json`).toEqual(en);
        // Every counted text has exactly the plural forms the language has (Intl.PluralRules, as i18next picks them).
        const categories = [...new Intl.PluralRules(lang).resolvedOptions().pluralCategories].sort();
        for (const [base, forms] of pluralForms(tree)) expect(forms.sort(), `${lang}/${ns}.json ${base}_*`).toEqual(categories);
        for (const key of keys(tree)) {
          const value = key.split('.').reduce<string | Tree>((t, k) => (t as Tree)[k], tree);
          expect(String(value).trim(), `${lang}/${ns}.json ${key}`).not.toBe('');
        }
      }
    });
  }

  // JSON.parse keeps the last of two equal keys: a merge that added a block twice silently lost the
  // first one's texts (audit.json's "portion" once lost "handover_undo" so).
  it('writes no key twice in one object', () => {
    const twice: string[] = [];
    for (const lang of langs)
      for (const ns of namespaces) {
        const file = `${lang}/${ns}.json`;
        const source = readFileSync(path.join(dir, lang, `${ns}.json`), 'utf8');
        const open: Set<string>[] = [];
        // Strings (keys and texts) and braces in order; a string followed by ':' is a key.
        for (const m of source.matchAll(/"(?:[^"\\]|\\.)*"\s*:|"(?:[^"\\]|\\.)*"|[{}]/g)) {
          const token = m[0];
          if (token === '{') open.push(new Set());
          else if (token === '}') open.pop();
          else if (token.endsWith(':')) {
            const key = JSON.parse(token.slice(0, -1).trim()) as string;
            const seen = open[open.length - 1]!;
            if (seen.has(key)) twice.push(`${file} ${key}`);
            seen.add(key);
          }
        }
      }
    expect(twice).toEqual([]);
  });

  // A control showing "View orders" and named "View orders of Menu 1" for screen readers: speech
  // users say what they see, so the name must contain the visible text (WCAG 2.5.3).
  it('an xNamed accessible name contains its visible x text', () => {
    const mismatches: string[] = [];
    const walk = (file: string, tree: Tree, prefix = '') => {
      for (const [key, value] of Object.entries(tree)) {
        if (typeof value !== 'string') walk(file, value, `${prefix}${key}.`);
        else if (key.endsWith('Named') && typeof tree[key.slice(0, -5)] === 'string') {
          const visible = tree[key.slice(0, -5)] as string;
          if (!value.toLowerCase().includes(visible.toLowerCase())) mismatches.push(`${file} ${prefix}${key}: ${value}`);
        }
      }
    };
    for (const lang of langs) for (const ns of namespaces) walk(`${lang}/${ns}.json`, load(lang, ns));
    expect(mismatches).toEqual([]);
  });

  it('uses the spec texts in English', () => {
    const auth = load('en', 'auth') as { login: Tree; request: Tree; create: Tree };
    expect(auth.login.title).toBe('Login to my profile');
    expect(auth.login.submit).toBe('Log in');
    expect(auth.login.forgot).toBe('Forgot password?');
    expect(auth.login.resetDone).toBe('Your password has been successfully reset');
    expect(auth.request.sent).toBe('Password request link is sent to provided email');
    expect(auth.create.invalid).toBe('This link is outdated or invalid');
    const common = load('en', 'common') as { errors: Tree; table: Tree };
    expect(common.errors.somethingWrong).toBe('Something went wrong...');
    expect(common.errors.unexpected).toBe('Unexpected Application Error!');
    expect(common.table.empty).toBe('There is nothing to display...');
    const shell = load('en', 'shell') as { leaveReview: string; review: Tree; profile: Tree; maintenance: Tree };
    expect(shell.leaveReview).toBe('Leave Review');
    expect(shell.review.label).toBe('Your Review');
    expect(shell.review.cancel).toBe('Cancel');
    expect(shell.review.submit).toBe('Submit');
    expect(shell.profile.myProfile).toBe('My Profile');
    expect(shell.profile.logout).toBe('Log Out');
    expect(shell.maintenance.title).toBe('Website is under maintenance');
  });

  it('writes Latvian with its letters, not ASCII stand-ins', () => {
    const text = namespaces.map((ns) => JSON.stringify(load('lv', ns))).join(' ');
    expect(text).toMatch(/[āčēģīķļņšūž]/);
  });
});
