import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANG, isLang, type Lang } from '../../shared/i18n.js';

export type Messages<K extends string> = Record<Lang, Record<K, string>>;
export type Translate<K extends string> = (lang: Lang, key: K, params?: Record<string, string | number>) => string;

/**
 * Declares a module's server texts in every language at once; the type makes a missing
 * translation a compile error. Placeholders look like {name}.
 */
export function defineMessages<K extends string>(messages: Messages<K>): Translate<K> {
  return (lang, key, params) => {
    let text = messages[lang]?.[key] ?? messages[DEFAULT_LANG][key] ?? key;
    if (params) for (const [p, v] of Object.entries(params)) text = text.replaceAll(`{${p}}`, String(v));
    return text;
  };
}

/** The request's language: ?lang=, else Accept-Language, else lv. */
export function requestLang(req: FastifyRequest): Lang {
  const q = (req.query as Record<string, unknown> | undefined)?.lang;
  if (isLang(q)) return q;
  const header = req.headers['accept-language'];
  if (typeof header === 'string') {
    for (const part of header.split(',')) {
      const code = part.trim().slice(0, 2).toLowerCase();
      if (isLang(code)) return code;
    }
  }
  return DEFAULT_LANG;
}
