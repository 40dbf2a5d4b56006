/** Languages the product speaks; the first is the default. */
export const LANGS = ['lv', 'en', 'ru'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'lv';

export function isLang(v: unknown): v is Lang {
  return typeof v === 'string' && (LANGS as readonly string[]).includes(v);
}

/** Picks the text for a language from a per-language map, falling back to lv, then any. */
export function pickText(map: Partial<Record<string, string>> | null | undefined, lang: Lang): string {
  if (!map) return '';
  return map[lang] || map[DEFAULT_LANG] || map.en || Object.values(map).find(Boolean) || '';
}
