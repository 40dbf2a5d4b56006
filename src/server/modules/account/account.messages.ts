import { defineMessages } from '../../lib/i18n.js';

type Key = 'wrongPassword' | 'passwordChanged' | 'unknownAllergen';

/** The account's own texts (the profile and the password change). */
export const accountText = defineMessages<Key>(
  {
    en: {
      wrongPassword: 'The current password is not correct.',
      passwordChanged: 'Password successfully changed',
      unknownAllergen: 'This allergen does not exist.',
    },
    lv: {
      wrongPassword: 'Pašreizējā parole nav pareiza.',
      passwordChanged: 'Parole veiksmīgi nomainīta',
      unknownAllergen: 'Šāds alergēns neeksistē.',
    },
    ru: {
      wrongPassword: 'Текущий пароль указан неверно.',
      passwordChanged: 'Пароль успешно изменён',
      unknownAllergen: 'Такого аллергена не существует.',
    },
  },
  'account',
);
