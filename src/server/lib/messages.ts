import { defineMessages } from './i18n.js';

export type MessageKey =
  | 'invalid'
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
  | 'invalidJson'
  | 'unsupportedMedia'
  | 'bodyTooLarge'
  | 'unauthenticated'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'tooManyRequests'
  | 'maintenance'
  | 'serverError'
  | 'passwordMismatch'
  | 'invalidCharacter'
  | 'dateOutOfRange'
  | 'databaseUnavailable'
  | 'methodNotAllowed'
  | 'badUrl'
  | 'uriTooLong';

/** Texts shared by every module: generic errors and validation. */
export const t = defineMessages<MessageKey>({
  en: {
    invalid: 'The given data was invalid.',
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
    invalidJson: 'The request body is not valid JSON.',
    unsupportedMedia: 'This content type is not supported.',
    bodyTooLarge: 'The request is too large.',
    unauthenticated: 'Please log in.',
    forbidden: 'You do not have access to this.',
    notFound: 'Not found.',
    conflict: 'This conflicts with the current state; reload and try again.',
    tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
    maintenance: 'Website is under maintenance',
    serverError: 'Something went wrong on our side. Please try again.',
    passwordMismatch: 'The password confirmation does not match.',
    invalidCharacter: 'This value contains a character that is not allowed.',
    dateOutOfRange: 'Enter a date between the years {min} and {max}.',
    databaseUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
    methodNotAllowed: 'This address does not accept this kind of request.',
    badUrl: 'This address is not valid.',
    uriTooLong: 'This address is too long.',
  },
  lv: {
    invalid: 'Norādītie dati nav derīgi.',
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
    invalidJson: 'Pieprasījuma saturs nav derīgs JSON.',
    unsupportedMedia: 'Šis satura tips netiek atbalstīts.',
    bodyTooLarge: 'Pieprasījums ir pārāk liels.',
    unauthenticated: 'Lūdzu, piesakieties.',
    forbidden: 'Jums nav piekļuves.',
    notFound: 'Nav atrasts.',
    conflict: 'Tas ir pretrunā ar pašreizējo stāvokli; pārlādējiet un mēģiniet vēlreiz.',
    tooManyRequests: 'Pārāk daudz mēģinājumu. Lūdzu, brīdi uzgaidiet un mēģiniet vēlreiz.',
    maintenance: 'Notiek vietnes apkope',
    serverError: 'Mūsu pusē radās kļūda. Lūdzu, mēģiniet vēlreiz.',
    passwordMismatch: 'Paroles apstiprinājums nesakrīt.',
    invalidCharacter: 'Šī vērtība satur neatļautu rakstzīmi.',
    dateOutOfRange: 'Ievadiet datumu no {min}. līdz {max}. gadam.',
    databaseUnavailable: 'Pakalpojums īslaicīgi nav pieejams. Lūdzu, mēģiniet vēlreiz pēc brīža.',
    methodNotAllowed: 'Šī adrese nepieņem šāda veida pieprasījumu.',
    badUrl: 'Šī adrese nav derīga.',
    uriTooLong: 'Šī adrese ir pārāk gara.',
  },
  ru: {
    invalid: 'Переданные данные недействительны.',
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
    invalidJson: 'Тело запроса не является корректным JSON.',
    unsupportedMedia: 'Этот тип содержимого не поддерживается.',
    bodyTooLarge: 'Запрос слишком большой.',
    unauthenticated: 'Пожалуйста, войдите.',
    forbidden: 'У вас нет доступа.',
    notFound: 'Не найдено.',
    conflict: 'Это противоречит текущему состоянию; обновите страницу и попробуйте снова.',
    tooManyRequests: 'Слишком много попыток. Подождите немного и попробуйте снова.',
    maintenance: 'На сайте ведутся технические работы',
    serverError: 'На нашей стороне произошла ошибка. Пожалуйста, попробуйте ещё раз.',
    passwordMismatch: 'Подтверждение пароля не совпадает.',
    invalidCharacter: 'Это значение содержит недопустимый символ.',
    dateOutOfRange: 'Введите дату с {min} по {max} год.',
    databaseUnavailable: 'Сервис временно недоступен. Пожалуйста, попробуйте ещё раз через минуту.',
    methodNotAllowed: 'Этот адрес не принимает запросы такого типа.',
    badUrl: 'Этот адрес недействителен.',
    uriTooLong: 'Этот адрес слишком длинный.',
  },
});
