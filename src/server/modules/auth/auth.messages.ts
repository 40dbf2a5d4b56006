import { defineMessages } from '../../lib/i18n.js';

type Key =
  | 'failed' | 'throttled' | 'throttledSeconds' | 'wrongPassword' | 'passwordChanged' | 'resetSent' | 'resetInvalid' | 'linkInvalid'
  | 'emailTaken' | 'resetSubject' | 'resetBody' | 'passwordReset' | 'passwordCreated' | 'registered';

export const authText = defineMessages<Key>({
  en: {
    failed: 'These credentials do not match our records.',
    throttled: 'Too many login attempts. Please try again in {minutes} min.',
    throttledSeconds: 'Too many login attempts. Please try again in {seconds} s.',
    wrongPassword: 'The current password is not correct.',
    passwordChanged: 'Password successfully changed',
    resetSent: 'Password request link is sent to provided email',
    resetInvalid: 'This password reset link is invalid or has expired.',
    linkInvalid: 'This link is outdated or invalid',
    emailTaken: 'An account with this e-mail already exists.',
    resetSubject: 'Reset your lunch service password',
    resetBody: 'Hello,\n\nsomeone asked to reset the password of your lunch service account. Open this link within {minutes} minutes to choose a new one:\n\n{link}\n\nIf it was not you, ignore this e-mail; your password stays the same.',
    passwordReset: 'Your password has been successfully reset',
    passwordCreated: 'Your password has been created. You can log in now.',
    registered: 'Your account has been created.',
  },
  lv: {
    failed: 'Šie pieteikšanās dati neatbilst mūsu ierakstiem.',
    throttled: 'Pārāk daudz pieteikšanās mēģinājumu. Mēģiniet vēlreiz pēc {minutes} min.',
    throttledSeconds: 'Pārāk daudz pieteikšanās mēģinājumu. Mēģiniet vēlreiz pēc {seconds} s.',
    wrongPassword: 'Pašreizējā parole nav pareiza.',
    passwordChanged: 'Parole veiksmīgi nomainīta',
    resetSent: 'Paroles atjaunošanas saite ir nosūtīta uz norādīto e-pastu',
    resetInvalid: 'Šī paroles atjaunošanas saite nav derīga vai tai ir beidzies termiņš.',
    linkInvalid: 'Šī saite ir novecojusi vai nederīga',
    emailTaken: 'Konts ar šo e-pastu jau pastāv.',
    resetSubject: 'Pusdienu servisa paroles atjaunošana',
    resetBody: 'Labdien!\n\nKāds lūdza atjaunot jūsu pusdienu servisa konta paroli. Atveriet šo saiti {minutes} minūšu laikā, lai izvēlētos jaunu paroli:\n\n{link}\n\nJa tas nebijāt jūs, neņemiet šo vēstuli vērā; jūsu parole paliek nemainīga.',
    passwordReset: 'Jūsu parole ir veiksmīgi atjaunota',
    passwordCreated: 'Jūsu parole ir izveidota. Tagad varat pieteikties.',
    registered: 'Jūsu konts ir izveidots.',
  },
  ru: {
    failed: 'Эти учётные данные не совпадают с нашими записями.',
    throttled: 'Слишком много попыток входа. Попробуйте снова через {minutes} мин.',
    throttledSeconds: 'Слишком много попыток входа. Попробуйте снова через {seconds} с.',
    wrongPassword: 'Текущий пароль указан неверно.',
    passwordChanged: 'Пароль успешно изменён',
    resetSent: 'Ссылка для сброса пароля отправлена на указанный адрес',
    resetInvalid: 'Эта ссылка для сброса пароля недействительна или устарела.',
    linkInvalid: 'Эта ссылка устарела или недействительна',
    emailTaken: 'Аккаунт с этим адресом уже существует.',
    resetSubject: 'Сброс пароля обеденного сервиса',
    resetBody: 'Здравствуйте!\n\nКто-то запросил сброс пароля вашего аккаунта обеденного сервиса. Откройте эту ссылку в течение {minutes} минут, чтобы выбрать новый пароль:\n\n{link}\n\nЕсли это были не вы, просто проигнорируйте письмо; ваш пароль не изменится.',
    passwordReset: 'Ваш пароль успешно сброшен',
    passwordCreated: 'Ваш пароль создан. Теперь можно войти.',
    registered: 'Ваш аккаунт создан.',
  },
});
