import {
  cloneElement,
  createElement,
  Fragment,
  isValidElement,
  useMemo,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';
import { translate, type TextTree, type TFunction, type TOptions } from './translate';

export type { TFunction, TOptions } from './translate';

/**
 * Translations live in src/web/locales/<lang>/<namespace>.json, one namespace per feature.
 * Adding a file is enough: the globs below find it, and the file becomes its own small chunk
 * loaded the first time a component asks for the namespace (useTranslation('ordering')).
 * The lookup itself is ./translate.ts; this file loads the texts and follows the language
 * (decision 058: our own, in place of i18next and react-i18next).
 *
 * The eater's namespaces are listed here, in the entry chunk; every other namespace's loader is
 * in ./staff-texts.ts, a chunk fetched the first time one of them is asked for (decision 090), so
 * an eater's first load does not carry the staff's file names. A namespace in the wrong group
 * still loads, one small chunk later.
 */
const loaders = import.meta.glob<{ default: TextTree }>(
  '../locales/*/{common,shell,auth,account,checkout,content,history,identity,ordering,plan-ahead,ratings,visitors,reorder,week,delivery,stock,announcements}.json',
);

function parseKey(key: string) {
  const m = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(key);
  return m ? { lang: m[1], ns: m[2] } : null;
}

type Loader = () => Promise<{ default: TextTree }>;
const files = new Map<string, Loader>();
/** Every namespace found on disk (the staff's once their loaders are in). */
export const NAMESPACES: string[] = [];
function addLoaders(found: Record<string, Loader>) {
  for (const [key, load] of Object.entries(found)) {
    const parsed = parseKey(key);
    if (!parsed) continue;
    files.set(`${parsed.lang}/${parsed.ns}`, load);
    if (!NAMESPACES.includes(parsed.ns)) NAMESPACES.push(parsed.ns);
  }
}
addLoaders(loaders);
let staffLoaders: Promise<void> | undefined;
/** The other namespaces' loaders (one chunk, fetched once). */
function loadStaffLoaders(): Promise<void> {
  staffLoaders ??= import('./staff-texts').then((m) => addLoaders(m.staffTextLoaders));
  return staffLoaders;
}

/** Native names shown in language pickers; unknown codes show the upper-cased code. */
export const LANGUAGE_NAMES: Record<string, string> = { lv: 'Latviešu', en: 'English', ru: 'Русский' };
export const languageName = (code: string) => LANGUAGE_NAMES[code] ?? code.toUpperCase();

/** Namespaces every page needs before first paint (others load on demand). */
const PRELOADED = ['common', 'shell'];
/** The sign-in pages' texts: preloaded only for a visitor, whose first page is one of them. */
const SIGNED_OUT_PRELOADED = ['auth'];
/** A namespace's file that fails to load is tried again after these pauses, then shows keys. */
const RETRY_MS = [350, 700, 1400];

/** Loaded texts by `lang/ns`; a namespace in flight has a promise in `loading`. */
const loaded = new Map<string, TextTree>();
const loading = new Map<string, Promise<void>>();
/** Namespaces asked for in any language: a language change loads them all first. */
const used = new Set<string>();
let language = '';
/** The language initI18n is starting in (before `language` is set). */
let starting = '';
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

async function fetchTexts(id: string): Promise<TextTree> {
  if (!files.has(id)) await loadStaffLoaders().catch(() => undefined);
  const load = files.get(id);
  // Missing file: an empty namespace (every lookup falls back to `common` or shows the key).
  if (!load) return {};
  for (let attempt = 0; ; attempt++) {
    try {
      return (await load()).default;
    } catch (error) {
      if (attempt >= RETRY_MS.length) {
        console.error(`Translations ${id} failed to load`, error);
        return {};
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS[attempt]));
    }
  }
}

/** Resolves when `ns` is loaded in `lang` (at once when it already is). */
function loadNamespace(lang: string, ns: string): Promise<void> {
  used.add(ns);
  const id = `${lang}/${ns}`;
  if (loaded.has(id)) return Promise.resolve();
  let pending = loading.get(id);
  if (!pending) {
    pending = fetchTexts(id).then((tree) => {
      loaded.set(id, tree);
      loading.delete(id);
      changed();
    });
    loading.set(id, pending);
  }
  return pending;
}

const isNamespace = (ns: string) => NAMESPACES.includes(ns);

function fixedT(lang: string, namespaces: readonly string[]): TFunction {
  return (key, options) => translate(lang, (ns) => loaded.get(`${lang}/${ns}`), namespaces, isNamespace, key, options);
}

/**
 * Starts loading `namespaces` in the current language (the one being started while initI18n
 * runs): a lazy page or panel asks for its texts beside its code, not after it rendered.
 */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  const lang = language || starting;
  // Before initI18n there is no language yet: the component asks for its texts when it renders.
  if (!lang) return Promise.resolve();
  return Promise.all(namespaces.map((ns) => loadNamespace(lang, ns))).then(() => undefined);
}

/** Switches to `lang` once every namespace used so far is loaded in it. */
async function changeLanguage(lang: string) {
  await Promise.all([...used].map((ns) => loadNamespace(lang, ns)));
  language = lang;
  changed();
}

/** The current language and a lookup in `common`, for code outside components. */
export const i18n = {
  get language() {
    return language;
  },
  t: ((key, options) => fixedT(language, [])(key, options)) as TFunction,
  changeLanguage,
};

/** Starts the texts in `lang`; resolves when the preloaded namespaces are ready. */
export async function initI18n(lang: string, signedIn = false) {
  starting = lang;
  const preloaded = (signedIn ? PRELOADED : [...PRELOADED, ...SIGNED_OUT_PRELOADED]).filter(isNamespace);
  await Promise.all(preloaded.map((ns) => loadNamespace(lang, ns)));
  language = lang;
  changed();
  setDocumentLang(lang);
  return i18n;
}

export function setDocumentLang(lang: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/** Switches the UI language (texts) once the new language's loaded namespaces are in. */
export async function changeUiLanguage(lang: string) {
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
  setDocumentLang(lang);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A component's texts: `t` looks keys up in `ns` (the first of them unprefixed; the others by
 * prefix or in order), then `common`. The component suspends until its namespaces are loaded in
 * the current language (`useSuspense: false`: it renders keys meanwhile) and renders again when
 * the language changes.
 */
export function useTranslation(ns: string | readonly string[] = 'common', options: { useSuspense?: boolean } = {}) {
  const namespaces: readonly string[] = typeof ns === 'string' ? [ns] : ns;
  const nsKey = namespaces.join(',');
  // The snapshot changes when the language changes or one of these namespaces arrives.
  const state = useSyncExternalStore(
    subscribe,
    () => `${language}|${namespaces.map((n) => Number(loaded.has(`${language}/${n}`))).join('')}`,
  );
  const lang = state.slice(0, state.indexOf('|'));
  const missing = namespaces.filter((n) => !loaded.has(`${lang}/${n}`));
  if (missing.length > 0) {
    const ready = missing.length === 1 ? loadNamespace(lang, missing[0]) : Promise.all(missing.map((n) => loadNamespace(lang, n)));
    // Suspense: React renders the component again once the promise settles.
    if (options.useSuspense !== false) throw ready;
  }
  // eslint-disable-next-line react-hooks/exhaustive-deps -- nsKey stands for `namespaces`
  const t = useMemo(() => fixedT(lang, namespaces), [lang, nsKey]);
  return { t, i18n };
}

/**
 * A text with markup: each `<name>…</name>` in the text becomes `components[name]` with the
 * inner text as its children (`<name/>`: the element as it is); the rest stays text.
 */
export function Trans({
  t,
  i18nKey,
  values,
  components,
}: {
  t: TFunction;
  i18nKey: string;
  values?: TOptions;
  components: Record<string, ReactElement>;
}): ReactNode {
  const text = t(i18nKey, values);
  const parts: ReactNode[] = [];
  const tag = /<(\w+)>(.*?)<\/\1>|<(\w+)\s*\/>/gs;
  let last = 0;
  for (let m = tag.exec(text); m; m = tag.exec(text)) {
    const element = components[m[1] ?? m[3]];
    parts.push(text.slice(last, m.index));
    if (isValidElement(element)) parts.push(m[1] ? cloneElement(element, { key: m.index }, m[2]) : cloneElement(element, { key: m.index }));
    else parts.push(m[2] ?? '');
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return createElement(Fragment, null, ...parts);
}
