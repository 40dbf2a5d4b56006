import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANG, isLang, pickText, pluralForm, type Lang, type PluralForms } from '../../shared/i18n.js';
import { euroText } from '../../shared/money.js';

/** A text of one language: plain, or counted (one form per plural category of the language). */
export type MessageText<L extends Lang> = string | PluralForms<L>;
export type Messages<K extends string> = { [L in Lang]: Record<K, MessageText<L>> };
/** Placeholder values; a LocalText value (e.g. dish names, `localNames`) is rendered in the text's language. */
export type MessageParams = Record<string, string | number | LocalText>;

/**
 * A text not yet in a language: what a service throws or answers when it does not know who reads
 * it (issue 25, coded errors). It names its message (`code`, e.g. "favourites.dishNotFound") and
 * parameters; the error handler renders it in the request's language at the edge.
 */
export interface LocalText {
  readonly code: string;
  readonly params: MessageParams | undefined;
  render(lang: Lang): string;
}

export function isLocalText(v: unknown): v is LocalText {
  return typeof v === 'object' && v !== null && typeof (v as LocalText).render === 'function' && typeof (v as LocalText).code === 'string';
}

/** A module's texts: translate now (`texts(lang, key)`, for documents and mail) or later (`texts.coded(key)`). */
export interface Translate<K extends string> {
  (lang: Lang, key: K, params?: MessageParams): string;
  /** The text as a LocalText, rendered in the reader's language where it is answered. */
  coded(key: K, params?: MessageParams): LocalText;
}

/**
 * Declares a module's server texts in every language at once; the type makes a missing
 * translation (or a missing plural form of a language) a compile error. Placeholders look like
 * {name}. A counted text gives its plural forms (`{ zero, one, other }` in lv, `{ one, few, many,
 * other }` in ru, `{ one, other }` in en) and is chosen by the `count` parameter through
 * Intl.PluralRules, as the web does (src/web/lib/translate.ts).
 */
export function defineMessages<K extends string>(messages: Messages<K>, area = 'common'): Translate<K> {
  const translate = (lang: Lang, key: K, params?: MessageParams): string => {
    const entry: string | PluralForms<'lv'> | PluralForms<'en'> | PluralForms<'ru'> | undefined =
      messages[lang]?.[key] ?? messages[DEFAULT_LANG][key];
    let text: string;
    if (entry === undefined) text = key;
    else if (typeof entry === 'string') text = entry;
    else text = pluralForm(lang, Number(params?.count ?? NaN), entry as PluralForms<Lang>);
    if (params) for (const [p, v] of Object.entries(params)) text = text.replaceAll(`{${p}}`, isLocalText(v) ? v.render(lang) : String(v));
    return text;
  };
  return Object.assign(translate, {
    coded: (key: K, params?: MessageParams): LocalText => ({
      code: `${area}.${key}`,
      params,
      render: (lang: Lang) => translate(lang, key, params),
    }),
  });
}

/**
 * Names kept in every language (e.g. dish titles) as one coded parameter: rendered as the
 * language's names joined by ', ', and `more` appended when the list was cut short.
 */
export function localNames(titles: readonly (Partial<Record<string, string>> | null | undefined)[], more = ''): LocalText {
  return { code: 'names', params: undefined, render: (lang: Lang) => titles.map((title) => pickText(title, lang)).join(', ') + more };
}

/** Several texts as one parameter, joined by `separator` in the language they are rendered in. */
export function joinedTexts(texts: readonly LocalText[], separator: string): LocalText {
  return { code: 'joined', params: undefined, render: (lang: Lang) => texts.map((text) => text.render(lang)).join(separator) };
}

/** An amount in cents as a coded parameter: rendered in the text's language ("45,00 €", "€45.00"). */
export function localEuros(cents: number): LocalText {
  return { code: 'euros', params: undefined, render: (lang: Lang) => euroText(cents, lang) };
}

/** A counted text in every language: the plural forms of each (see defineMessages). */
export type CountedText = { [L in Lang]: PluralForms<L> };

/** A counted text outside the message catalogues (e.g. a PDF line): the form for `count` in `lang`, {count} filled in. */
export function countedText(lang: Lang, count: number, text: CountedText): string {
  return pluralForm(lang, count, text[lang] as PluralForms<Lang>).replaceAll('{count}', String(count));
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
