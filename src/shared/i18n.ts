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

/**
 * The CLDR plural categories (`Intl.PluralRules`, cardinal) each language's counted texts must
 * name. Latvian: zero (0, 10-20, 30, …), one (1, 21, 31, … but not 11), other. Russian: one (1, 21,
 * …), few (2-4, 22-24, …), many (0, 5-20, 25-30, …), other (fractions). The web (lib/translate.ts) picks its
 * `_zero/_one/_few/_many/_other` keys by the same rules.
 */
export const PLURAL_CATEGORIES = {
  lv: ['zero', 'one', 'other'],
  en: ['one', 'other'],
  ru: ['one', 'few', 'many', 'other'],
} as const satisfies Record<Lang, readonly Intl.LDMLPluralRule[]>;

/** A counted text in one language: one text per plural category of that language. */
export type PluralForms<L extends Lang = Lang> = { readonly [C in (typeof PLURAL_CATEGORIES)[L][number]]: string };

const pluralRules = new Map<Lang, Intl.PluralRules>();

/** The plural category of `n` in `lang` (Intl.PluralRules, cached per language). */
export function pluralCategory(lang: Lang, n: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang, { type: 'cardinal' });
    pluralRules.set(lang, rules);
  }
  return rules.select(n);
}

/** The form of a counted text for `n` ("{count}" is not filled in here). */
export function pluralForm<L extends Lang>(lang: L, n: number, forms: PluralForms<L>): string {
  const byCategory = forms as Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
  return byCategory[pluralCategory(lang, n)] ?? byCategory.other;
}
