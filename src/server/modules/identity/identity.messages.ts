import { defineMessages } from '../../lib/i18n.js';

type Key = 'codeInvalid' | 'unknownLocation';

export const identityText = defineMessages<Key>({
  en: {
    codeInvalid: 'This sign-in has expired or was already used. Please sign in again.',
    unknownLocation: 'Choose an existing location.',
  },
  lv: {
    codeInvalid: 'Šī pieteikšanās ir beigusies vai jau izmantota. Lūdzu, piesakieties vēlreiz.',
    unknownLocation: 'Izvēlieties esošu lokāciju.',
  },
  ru: {
    codeInvalid: 'Этот вход истёк или уже использован. Пожалуйста, войдите снова.',
    unknownLocation: 'Выберите существующую локацию.',
  },
});
