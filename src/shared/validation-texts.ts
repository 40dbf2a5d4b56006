import { pluralForm, type Lang, type PluralForms } from './i18n.js';
import { DATE_YEARS } from './schemas/dates.js';

/*
 * The texts of a failed validation, one set for both sides (issue 25, decision 048): the server
 * answers them in a 422's `errors` (src/server/lib/validation.ts), and the web's forms show the
 * same texts when the same shared zod schema refuses a value before it is sent
 * (src/web/lib/forms.ts). Refinements in src/shared/schemas name one of these keys as their message.
 */

export type ValidationKey =
  | 'required'
  | 'invalidType'
  | 'invalidEmail'
  | 'invalidValue'
  | 'tooSmallNumber'
  | 'tooBigNumber'
  | 'tooShort'
  | 'tooLong'
  | 'tooFewItems'
  | 'tooManyItems'
  | 'notInteger'
  | 'passwordMismatch'
  | 'invalidCharacter'
  | 'dateOutOfRange';

export type ValidationTexts = { [L in Lang]: Record<ValidationKey, string | PluralForms<L>> };

export const VALIDATION_TEXTS: ValidationTexts = {
  en: {
    required: 'This field is required.',
    invalidType: 'This value has the wrong type.',
    invalidEmail: 'Enter a valid e-mail address.',
    invalidValue: 'This value is not valid.',
    tooSmallNumber: 'The value must be at least {min}.',
    tooBigNumber: 'The value may not be greater than {max}.',
    tooShort: { one: 'Enter at least {count} character.', other: 'Enter at least {count} characters.' },
    tooLong: { one: 'Enter at most {count} character.', other: 'Enter at most {count} characters.' },
    tooFewItems: 'Add at least {min}.',
    tooManyItems: 'At most {max} are allowed.',
    notInteger: 'Enter a whole number.',
    passwordMismatch: 'The password confirmation does not match.',
    invalidCharacter: 'This value contains a character that is not allowed.',
    dateOutOfRange: 'Enter a date between the years {min} and {max}.',
  },
  lv: {
    required: 'Šis lauks ir obligāts.',
    invalidType: 'Šai vērtībai ir nepareizs tips.',
    invalidEmail: 'Ievadiet derīgu e-pasta adresi.',
    invalidValue: 'Šī vērtība nav derīga.',
    tooSmallNumber: 'Vērtībai jābūt vismaz {min}.',
    tooBigNumber: 'Vērtība nedrīkst būt lielāka par {max}.',
    tooShort: {
      zero: 'Ievadiet vismaz {count} rakstzīmes.',
      one: 'Ievadiet vismaz {count} rakstzīmi.',
      other: 'Ievadiet vismaz {count} rakstzīmes.',
    },
    tooLong: {
      zero: 'Ievadiet ne vairāk kā {count} rakstzīmes.',
      one: 'Ievadiet ne vairāk kā {count} rakstzīmi.',
      other: 'Ievadiet ne vairāk kā {count} rakstzīmes.',
    },
    tooFewItems: 'Pievienojiet vismaz {min}.',
    tooManyItems: 'Atļauts ne vairāk kā {max}.',
    notInteger: 'Ievadiet veselu skaitli.',
    passwordMismatch: 'Paroles apstiprinājums nesakrīt.',
    invalidCharacter: 'Šī vērtība satur neatļautu rakstzīmi.',
    dateOutOfRange: 'Ievadiet datumu no {min}. līdz {max}. gadam.',
  },
  ru: {
    required: 'Это поле обязательно.',
    invalidType: 'У этого значения неверный тип.',
    invalidEmail: 'Введите действительный адрес электронной почты.',
    invalidValue: 'Это значение недопустимо.',
    tooSmallNumber: 'Значение должно быть не меньше {min}.',
    tooBigNumber: 'Значение не может быть больше {max}.',
    tooShort: {
      one: 'Введите не менее {count} символа.',
      few: 'Введите не менее {count} символов.',
      many: 'Введите не менее {count} символов.',
      other: 'Введите не менее {count} символа.',
    },
    tooLong: {
      one: 'Введите не более {count} символа.',
      few: 'Введите не более {count} символов.',
      many: 'Введите не более {count} символов.',
      other: 'Введите не более {count} символа.',
    },
    tooFewItems: 'Добавьте хотя бы {min}.',
    tooManyItems: 'Допускается не более {max}.',
    notInteger: 'Введите целое число.',
    passwordMismatch: 'Подтверждение пароля не совпадает.',
    invalidCharacter: 'Это значение содержит недопустимый символ.',
    dateOutOfRange: 'Введите дату с {min} по {max} год.',
  },
};

export function isValidationKey(v: unknown): v is ValidationKey {
  return typeof v === 'string' && Object.hasOwn(VALIDATION_TEXTS.en, v);
}

/** A zod issue as both sides see it: its code, its parameters, its message (a key for refinements). */
export interface IssueLike {
  code: string;
  params: Record<string, unknown>;
  message: string | undefined;
  /** The value was missing (undefined or null). */
  missing: boolean;
}

/** Which text an issue shows, with its parameters. A refinement's message that is no key here is passed through as `text`. */
export function issueMessage(issue: IssueLike): { key: ValidationKey; params?: Record<string, number> } | { text: string } {
  const p = issue.params;
  switch (issue.code) {
    case 'invalid_type':
      if (p.expected === 'int') return { key: 'notInteger' };
      return { key: issue.missing ? 'required' : 'invalidType' };
    case 'invalid_format':
      return { key: p.format === 'email' ? 'invalidEmail' : 'invalidValue' };
    case 'too_small':
      if (p.origin === 'string')
        return Number(p.minimum) <= 1 ? { key: 'required' } : { key: 'tooShort', params: { count: Number(p.minimum) } };
      if (p.origin === 'array' || p.origin === 'set') return { key: 'tooFewItems', params: { min: Number(p.minimum) } };
      return { key: 'tooSmallNumber', params: { min: Number(p.minimum) } };
    case 'too_big':
      if (p.origin === 'string') return { key: 'tooLong', params: { count: Number(p.maximum) } };
      if (p.origin === 'array' || p.origin === 'set') return { key: 'tooManyItems', params: { max: Number(p.maximum) } };
      return { key: 'tooBigNumber', params: { max: Number(p.maximum) } };
    case 'custom':
      if (issue.message === 'dateOutOfRange') return { key: 'dateOutOfRange', params: DATE_YEARS };
      if (isValidationKey(issue.message)) return { key: issue.message };
      return issue.message ? { text: issue.message } : { key: 'invalidValue' };
    default:
      return { key: p.expected === 'int' ? 'notInteger' : 'invalidValue' };
  }
}

/** A validation text in `lang`, placeholders filled in (a counted text by `count`). */
export function validationText(lang: Lang, key: ValidationKey, params?: Record<string, number>): string {
  const entry = VALIDATION_TEXTS[lang][key];
  let text = typeof entry === 'string' ? entry : pluralForm(lang, Number(params?.count ?? NaN), entry as PluralForms<Lang>);
  if (params) for (const [name, value] of Object.entries(params)) text = text.replaceAll(`{${name}}`, String(value));
  return text;
}
