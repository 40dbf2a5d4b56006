import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Translations live in src/web/locales/<lang>/<namespace>.json, one namespace per feature.
 * Adding a file is enough: the glob below finds it, and the file becomes its own small chunk
 * loaded the first time a component asks for the namespace (useTranslation('ordering')).
 */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

function parseKey(key: string) {
  const m = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(key);
  return m ? { lang: m[1], ns: m[2] } : null;
}

const files = new Map<string, () => Promise<{ default: Record<string, unknown> }>>();
for (const [key, load] of Object.entries(loaders)) {
  const parsed = parseKey(key);
  if (parsed) files.set(`${parsed.lang}/${parsed.ns}`, load);
}

/** Every namespace found on disk. */
export const NAMESPACES = [...new Set([...files.keys()].map((k) => k.split('/')[1]))];

/** Native names shown in language pickers; unknown codes show the upper-cased code. */
export const LANGUAGE_NAMES: Record<string, string> = { lv: 'Latviešu', en: 'English', ru: 'Русский' };
export const languageName = (code: string) => LANGUAGE_NAMES[code] ?? code.toUpperCase();

/** Namespaces every page needs before first paint (others load on demand). */
const PRELOADED = ['common', 'shell'];
/** The sign-in pages' texts: preloaded only for a visitor, whose first page is one of them. */
const SIGNED_OUT_PRELOADED = ['auth'];

const globBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = files.get(`${language}/${namespace}`);
    if (!load) {
      // Missing file: an empty namespace, so i18next falls back instead of retrying.
      callback(null, {});
      return;
    }
    load().then(
      (mod) => callback(null, mod.default),
      (error: unknown) => callback(error instanceof Error ? error.message : String(error), false),
    );
  },
};

/** Starts i18next in `lang`; resolves when the preloaded namespaces are ready. */
export async function initI18n(lang: string, signedIn = false) {
  const preloaded = signedIn ? PRELOADED : [...PRELOADED, ...SIGNED_OUT_PRELOADED];
  await i18n
    .use(globBackend)
    .use(initReactI18next)
    .init({
      lng: lang,
      // Only the current language's texts load (decision 039): every key exists in every
      // language (src/web/locales/locales.test.ts), so a fallback would only double the download.
      fallbackLng: false,
      ns: preloaded.filter((ns) => NAMESPACES.includes(ns)),
      defaultNS: 'common',
      fallbackNS: 'common',
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnEmptyString: false,
    });
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

export { i18n };
