import { defineMessages } from '../../lib/i18n.js';

type Key = 'codeInvalid' | 'unknownLocation' | 'providerUnavailable';

export const identityText = defineMessages<Key>(
  {
    en: {
      codeInvalid: 'This sign-in has expired or was already used. Please sign in again.',
      unknownLocation: 'Choose an existing location.',
      providerUnavailable: 'Company sign-in is not available right now. Please try again later or sign in with a password.',
    },
    lv: {
      codeInvalid: 'Šī pieteikšanās ir beigusies vai jau izmantota. Lūdzu, piesakieties vēlreiz.',
      unknownLocation: 'Izvēlieties esošu vietu.',
      providerUnavailable: 'Pieslēgšanās ar uzņēmuma kontu šobrīd nav pieejama. Lūdzu, mēģiniet vēlāk vai pieslēdzieties ar paroli.',
    },
    ru: {
      codeInvalid: 'Этот вход истёк или уже использован. Пожалуйста, войдите снова.',
      unknownLocation: 'Выберите существующее место.',
      providerUnavailable: 'Вход через аккаунт компании сейчас недоступен. Пожалуйста, попробуйте позже или войдите с паролем.',
    },
  },
  'identity',
);
