import { VALIDATION_TEXTS, type ValidationKey } from '../../shared/validation-texts.js';
import { defineMessages } from './i18n.js';

/** The validation texts (shared with the web's forms) and the server's own generic errors. */
export type MessageKey =
  | ValidationKey
  | 'invalid'
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
  | 'databaseUnavailable'
  | 'methodNotAllowed'
  | 'badUrl'
  | 'uriTooLong';

/** Texts shared by every module: generic errors and validation. */
export const t = defineMessages<MessageKey>({
  en: {
    ...VALIDATION_TEXTS.en,
    invalid: 'The given data was invalid.',
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
    databaseUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
    methodNotAllowed: 'This address does not accept this kind of request.',
    badUrl: 'This address is not valid.',
    uriTooLong: 'This address is too long.',
  },
  lv: {
    ...VALIDATION_TEXTS.lv,
    invalid: 'Norādītie dati nav derīgi.',
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
    databaseUnavailable: 'Pakalpojums īslaicīgi nav pieejams. Lūdzu, mēģiniet vēlreiz pēc brīža.',
    methodNotAllowed: 'Šī adrese nepieņem šāda veida pieprasījumu.',
    badUrl: 'Šī adrese nav derīga.',
    uriTooLong: 'Šī adrese ir pārāk gara.',
  },
  ru: {
    ...VALIDATION_TEXTS.ru,
    invalid: 'Переданные данные недействительны.',
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
    databaseUnavailable: 'Сервис временно недоступен. Пожалуйста, попробуйте ещё раз через минуту.',
    methodNotAllowed: 'Этот адрес не принимает запросы такого типа.',
    badUrl: 'Этот адрес недействителен.',
    uriTooLong: 'Этот адрес слишком длинный.',
  },
});
