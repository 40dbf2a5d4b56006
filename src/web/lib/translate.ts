/**
 * Looking a web text up (decision 058): the part of i18next the app used, in about 1 KB instead
 * of i18next's and react-i18next's 18 KB gzip on every first load. Texts are JSON trees per
 * language and namespace (src/web/locales/<lang>/<ns>.json); a key is a dotted path in its
 * namespace, optionally prefixed by another namespace (`ordering:dietary.cartTitle`).
 *
 * - Namespaces are searched in the order asked for, then `common` (i18next's fallbackNS).
 * - A `count` picks the plural form by the language's CLDR rules (`Intl.PluralRules`):
 *   `key_one`, `key_few`, `key_many`, `key_zero` (Latvian's 0, 10-20, …), `key_other`; with count 0
 *   `key_zero` is tried first in every language, as i18next does.
 * - `{{name}}` is replaced by the option of that name, as it is (no HTML escaping: React escapes);
 *   a placeholder without its option stays as written.
 * - Not found (or an empty text): the `defaultValue` option, else the key itself.
 */

/** A namespace's texts: nested objects whose leaves are strings. */
export interface TextTree {
  [key: string]: string | TextTree;
}

export type TOptions = { count?: number; defaultValue?: string } & Record<string, unknown>;
export type TFunction = (key: string, options?: TOptions) => string;

/** The namespace every lookup falls back to. */
export const FALLBACK_NS = 'common';

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(lang: string, count: number): string {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return rules.select(count);
}

function find(tree: TextTree | undefined, path: string): string | undefined {
  let node: string | TextTree | undefined = tree;
  for (const part of path.split('.')) {
    if (!node || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' && node !== '' ? node : undefined;
}

function interpolate(text: string, options: TOptions): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

/**
 * The text for `key` in `lang`: `texts(ns)` answers a loaded namespace's tree (undefined when
 * not loaded), `namespaces` are the caller's in order; `known` says which prefixes are namespaces.
 */
export function translate(
  lang: string,
  texts: (ns: string) => TextTree | undefined,
  namespaces: readonly string[],
  known: (ns: string) => boolean,
  key: string,
  options: TOptions = {},
): string {
  let path = key;
  let searched = [...namespaces, FALLBACK_NS];
  const colon = key.indexOf(':');
  if (colon > 0 && known(key.slice(0, colon))) {
    path = key.slice(colon + 1);
    searched = [key.slice(0, colon), FALLBACK_NS];
  }
  const { count } = options;
  const paths =
    typeof count === 'number'
      ? [...(count === 0 ? [`${path}_zero`] : []), `${path}_${pluralCategory(lang, count)}`, `${path}_other`, path]
      : [path];
  for (const ns of new Set(searched)) {
    const tree = texts(ns);
    for (const p of paths) {
      const found = find(tree, p);
      if (found !== undefined) return interpolate(found, options);
    }
  }
  return options.defaultValue ?? path;
}
