import { defineMessages } from '../../lib/i18n.js';

export const authText = defineMessages<'failed' | 'throttled' | 'wrongPassword' | 'passwordChanged'>({
  en: {
    failed: 'These credentials do not match our records.',
    throttled: 'Too many login attempts. Please try again in {minutes} min.',
    wrongPassword: 'The current password is not correct.',
    passwordChanged: 'Password successfully changed',
  },
  lv: {
    failed: 'Šie pieteikšanās dati neatbilst mūsu ierakstiem.',
    throttled: 'Pārāk daudz pieteikšanās mēģinājumu. Mēģiniet vēlreiz pēc {minutes} min.',
    wrongPassword: 'Pašreizējā parole nav pareiza.',
    passwordChanged: 'Parole veiksmīgi nomainīta',
  },
  ru: {
    failed: 'Эти учётные данные не совпадают с нашими записями.',
    throttled: 'Слишком много попыток входа. Попробуйте снова через {minutes} мин.',
    wrongPassword: 'Текущий пароль указан неверно.',
    passwordChanged: 'Пароль успешно изменён',
  },
});
