import { isLang, LANGS, pickText as pickShared } from '../../shared/i18n';
import type { TranslatedText } from '../../shared/schemas/catalogue';

/** Languages a catalogue text is kept in, the default (lv) first. */
export const TEXT_LANGS = LANGS;
export type TextLang = (typeof TEXT_LANGS)[number];

/** Per-language text being edited (always all three keys). */
export type TextDraft = Record<TextLang, string>;

export const emptyText = (): TextDraft => ({ lv: '', en: '', ru: '' });

/** A per-language text in the UI language, else lv, else any filled language (as the server picks). */
export function pickText(text: Partial<TranslatedText> | null | undefined, lang: string): string {
  return pickShared(text, isLang(lang) ? lang : 'lv');
}

/** True when no language has text (after trimming). */
export function isBlankText(text: Partial<TranslatedText> | null | undefined): boolean {
  return !text || TEXT_LANGS.every((l) => !(text[l] ?? '').trim());
}

export function textDraftOf(text: Partial<TranslatedText> | null | undefined): TextDraft {
  return { lv: text?.lv ?? '', en: text?.en ?? '', ru: text?.ru ?? '' };
}

/** Trimmed texts; empty languages are sent as '' so a cleared translation really clears. */
export function textInputOf(draft: TextDraft): TextDraft {
  return { lv: draft.lv.trim(), en: draft.en.trim(), ru: draft.ru.trim() };
}
