import type { ReactNode } from 'react';
import { Field } from '../../../components/ui/field';
import { languageName } from '../../../lib/i18n';
import { TEXT_LANGS, type TextDraft, type TextLang } from '../../../lib/translated-text';

interface TranslatedFieldsProps {
  /** Legend of the group, e.g. "Title". */
  legend: ReactNode;
  value: TextDraft;
  onChange(lang: TextLang, value: string): void;
  /** Server messages by language (from errors like `title.lv`), plus one for the whole group. */
  errors?: Partial<Record<TextLang, string>>;
  groupError?: string;
  /** Only the default language (lv) is required. */
  required?: boolean;
  multiline?: boolean;
  maxLength?: number;
  hint?: ReactNode;
}

/**
 * One text in every language (lv, en, ru) as stacked inputs inside a fieldset: screen readers
 * announce "Title, Latviešu", and the layout stays usable at 360 px.
 */
export function TranslatedFields({
  legend,
  value,
  onChange,
  errors,
  groupError,
  required,
  multiline,
  maxLength,
  hint,
}: TranslatedFieldsProps) {
  return (
    <fieldset className={`lang-fields ${multiline ? 'lang-fields--multiline' : ''}`}>
      <legend className="field__label">
        {legend}
        {required && <span aria-hidden="true"> *</span>}
      </legend>
      {hint && <p className="field__hint">{hint}</p>}
      {groupError && <p className="field__error">{groupError}</p>}
      <div className="lang-fields__grid">
        {TEXT_LANGS.map((lang) => (
          <Field
            key={lang}
            label={<span lang={lang}>{languageName(lang)}</span>}
            error={errors?.[lang]}
            required={required && lang === 'lv'}
          >
            {(wiring) =>
              multiline ? (
                <textarea
                  className="input textarea lang-fields__textarea"
                  lang={lang}
                  value={value[lang]}
                  maxLength={maxLength}
                  onChange={(e) => onChange(lang, e.target.value)}
                  {...wiring}
                />
              ) : (
                <input
                  className="input"
                  lang={lang}
                  value={value[lang]}
                  maxLength={maxLength}
                  required={required && lang === 'lv'}
                  onChange={(e) => onChange(lang, e.target.value)}
                  {...wiring}
                />
              )
            }
          </Field>
        ))}
      </div>
    </fieldset>
  );
}
