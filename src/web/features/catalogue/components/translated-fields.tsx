import type { ChangeEvent, ReactNode, Ref } from 'react';
import { Field } from '../../../components/ui/field';
import { languageName } from '../../../lib/i18n';
import { TEXT_LANGS, type TextDraft, type TextLang } from '../../../lib/translated-text';

/** One language's control as a form library registers it (fieldBinder(form)(`title.lv`)), with its error. */
export interface BoundText {
  name: string;
  onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): unknown;
  onBlur(event: unknown): unknown;
  ref: Ref<HTMLInputElement & HTMLTextAreaElement>;
  error?: string;
}

interface CommonProps {
  /** Legend of the group, e.g. "Title". */
  legend: ReactNode;
  /** A message for the whole group (errors like `title`). */
  groupError?: string;
  /** Only the default language (lv) is required. */
  required?: boolean;
  multiline?: boolean;
  maxLength?: number;
  hint?: ReactNode;
}

/** Held by a form library: each language registered by name (react-hook-form). */
interface RegisteredProps extends CommonProps {
  field(lang: TextLang): BoundText;
}

/** Held by the caller's state (the complex editor's group titles). */
interface ControlledProps extends CommonProps {
  value: TextDraft;
  onChange(lang: TextLang, value: string): void;
  /** Server messages by language (from errors like `title.lv`). */
  errors?: Partial<Record<TextLang, string>>;
}

export type TranslatedFieldsProps = RegisteredProps | ControlledProps;

/** What one language's control gets: registered, or value + onChange. */
function controlOf(props: TranslatedFieldsProps, lang: TextLang) {
  if ('field' in props) {
    const { error, ...control } = props.field(lang);
    return { control, error };
  }
  const { value, onChange, errors } = props;
  return {
    control: { value: value[lang], onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(lang, e.target.value) },
    error: errors?.[lang],
  };
}

/**
 * One text in every language (lv, en, ru) as stacked inputs inside a fieldset: screen readers
 * announce "Title, Latviešu", and the layout stays usable at 360 px.
 */
export function TranslatedFields(props: TranslatedFieldsProps) {
  const { legend, groupError, required, multiline, maxLength, hint } = props;
  return (
    <fieldset className={`lang-fields ${multiline ? 'lang-fields--multiline' : ''}`}>
      <legend className="field__label">
        {legend}
        {required && <span aria-hidden="true"> *</span>}
      </legend>
      {hint && <p className="field__hint">{hint}</p>}
      {groupError && <p className="field__error">{groupError}</p>}
      <div className="lang-fields__grid">
        {TEXT_LANGS.map((lang) => {
          const { control, error } = controlOf(props, lang);
          return (
            <Field key={lang} label={<span lang={lang}>{languageName(lang)}</span>} error={error} required={required && lang === 'lv'}>
              {(wiring) =>
                multiline ? (
                  <textarea className="input textarea lang-fields__textarea" lang={lang} maxLength={maxLength} {...control} {...wiring} />
                ) : (
                  <input
                    className="input"
                    lang={lang}
                    maxLength={maxLength}
                    required={required && lang === 'lv'}
                    {...control}
                    {...wiring}
                  />
                )
              }
            </Field>
          );
        })}
      </div>
    </fieldset>
  );
}
