import { defineMessages } from '../../lib/i18n.js';

type Key =
  | 'failed'
  | 'throttled'
  | 'throttledSeconds'
  | 'wrongPassword'
  | 'passwordChanged'
  | 'resetSent'
  | 'resetInvalid'
  | 'linkInvalid'
  | 'inviteRevoked'
  | 'inviteExpired'
  | 'inviteUsed'
  | 'signupSubject'
  | 'signupBody'
  | 'signupExistingBody'
  | 'resetSubject'
  | 'resetBody'
  | 'withinMinutes'
  | 'passwordReset'
  | 'passwordCreated'
  | 'registered';

export const authText = defineMessages<Key>(
  {
    en: {
      failed: 'These credentials do not match our records.',
      throttled: 'Too many login attempts. Please try again in {minutes} min.',
      throttledSeconds: 'Too many login attempts. Please try again in {seconds} s.',
      wrongPassword: 'The current password is not correct.',
      passwordChanged: 'Password successfully changed',
      resetSent: 'Password request link is sent to provided email',
      resetInvalid: 'This password reset link is invalid or has expired.',
      inviteRevoked: 'This invitation was withdrawn by the location’s manager. Ask them for a new one.',
      inviteExpired: 'This invitation has expired. Ask the location’s manager to send it again.',
      inviteUsed: 'This invitation was already used to create an account. Sign in instead.',
      linkInvalid: 'This link is outdated or invalid',
      resetSubject: 'Reset your lunch service password',
      resetBody:
        'Hello,\n\nsomeone asked to reset the password of your lunch service account. Open this link {within} to choose a new one:\n\n{link}\n\nIf it was not you, ignore this e-mail; your password stays the same.',
      withinMinutes: { one: 'within {count} minute', other: 'within {count} minutes' },
      passwordReset: 'Your password has been successfully reset',
      passwordCreated: 'Your password has been created. You can log in now.',
      registered:
        'Thank you. We have sent an e-mail to this address: log in with your new password, or, if you already had an account, follow the e-mail.',
      signupSubject: 'Your lunch service account',
      signupBody:
        'Hello,\n\nyour lunch service account at {location} has been created. Log in with the e-mail address and the password you chose:\n\n{link}\n\nIf you did not sign up, reply to this e-mail.',
      signupExistingBody:
        'Hello,\n\nsomeone used the {location} sign-up link with this e-mail address, which already has a lunch service account, so nothing was changed. Log in with your password (if you forgot it, use "Forgot password?" on the login page):\n\n{link}\n\nTo move your account to another location, ask the administrator. If it was not you, ignore this e-mail.',
    },
    lv: {
      failed: 'Šie pieteikšanās dati neatbilst mūsu ierakstiem.',
      throttled: 'Pārāk daudz pieteikšanās mēģinājumu. Mēģiniet vēlreiz pēc {minutes} min.',
      throttledSeconds: 'Pārāk daudz pieteikšanās mēģinājumu. Mēģiniet vēlreiz pēc {seconds} s.',
      wrongPassword: 'Pašreizējā parole nav pareiza.',
      passwordChanged: 'Parole veiksmīgi nomainīta',
      resetSent: 'Paroles atjaunošanas saite ir nosūtīta uz norādīto e-pastu',
      resetInvalid: 'Šī paroles atjaunošanas saite nav derīga vai tai ir beidzies termiņš.',
      inviteRevoked: 'Šo ielūgumu atsauca vietas vadītājs. Palūdziet viņam jaunu.',
      inviteExpired: 'Šī ielūguma derīguma termiņš ir beidzies. Palūdziet vietas vadītājam to nosūtīt vēlreiz.',
      inviteUsed: 'Ar šo ielūgumu jau ir izveidots konts. Lūdzu, piesakieties.',
      linkInvalid: 'Šī saite ir novecojusi vai nederīga',
      resetSubject: 'Pusdienu servisa paroles atjaunošana',
      resetBody:
        'Labdien!\n\nKāds lūdza atjaunot jūsu pusdienu servisa konta paroli. Atveriet šo saiti {within}, lai izvēlētos jaunu paroli:\n\n{link}\n\nJa tas nebijāt jūs, neņemiet šo vēstuli vērā; jūsu parole paliek nemainīga.',
      withinMinutes: { zero: '{count} minūšu laikā', one: '{count} minūtes laikā', other: '{count} minūšu laikā' },
      passwordReset: 'Jūsu parole ir veiksmīgi atjaunota',
      passwordCreated: 'Jūsu parole ir izveidota. Tagad varat pieteikties.',
      registered:
        'Paldies! Mēs nosūtījām e-pastu uz šo adresi: piesakieties ar jauno paroli vai, ja jums jau bija konts, sekojiet norādēm e-pastā.',
      signupSubject: 'Jūsu pusdienu servisa konts',
      signupBody:
        'Labdien!\n\nJūsu pusdienu servisa konts vietai {location} ir izveidots. Piesakieties ar savu e-pasta adresi un izvēlēto paroli:\n\n{link}\n\nJa jūs nereģistrējāties, atbildiet uz šo vēstuli.',
      signupExistingBody:
        'Labdien!\n\nKāds izmantoja vietas {location} reģistrācijas saiti ar šo e-pasta adresi, kurai jau ir pusdienu servisa konts, tāpēc nekas netika mainīts. Piesakieties ar savu paroli (ja to aizmirsāt, pieteikšanās lapā izvēlieties "Aizmirsāt paroli?"):\n\n{link}\n\nLai pārceltu kontu uz citu vietu, sazinieties ar administratoru. Ja tas nebijāt jūs, neņemiet šo vēstuli vērā.',
    },
    ru: {
      failed: 'Эти учётные данные не совпадают с нашими записями.',
      throttled: 'Слишком много попыток входа. Попробуйте снова через {minutes} мин.',
      throttledSeconds: 'Слишком много попыток входа. Попробуйте снова через {seconds} с.',
      wrongPassword: 'Текущий пароль указан неверно.',
      passwordChanged: 'Пароль успешно изменён',
      resetSent: 'Ссылка для сброса пароля отправлена на указанный адрес',
      resetInvalid: 'Эта ссылка для сброса пароля недействительна или устарела.',
      inviteRevoked: 'Это приглашение отозвано руководителем точки. Попросите у него новое.',
      inviteExpired: 'Срок действия этого приглашения истёк. Попросите руководителя точки отправить его снова.',
      inviteUsed: 'По этому приглашению уже создан аккаунт. Войдите в систему.',
      linkInvalid: 'Эта ссылка устарела или недействительна',
      resetSubject: 'Сброс пароля обеденного сервиса',
      resetBody:
        'Здравствуйте!\n\nКто-то запросил сброс пароля вашего аккаунта обеденного сервиса. Откройте эту ссылку {within}, чтобы выбрать новый пароль:\n\n{link}\n\nЕсли это были не вы, просто проигнорируйте письмо; ваш пароль не изменится.',
      withinMinutes: {
        one: 'в течение {count} минуты',
        few: 'в течение {count} минут',
        many: 'в течение {count} минут',
        other: 'в течение {count} минуты',
      },
      passwordReset: 'Ваш пароль успешно сброшен',
      passwordCreated: 'Ваш пароль создан. Теперь можно войти.',
      registered:
        'Спасибо! Мы отправили письмо на этот адрес: войдите с новым паролем или, если у вас уже был аккаунт, следуйте указаниям в письме.',
      signupSubject: 'Ваш аккаунт обеденного сервиса',
      signupBody:
        'Здравствуйте!\n\nВаш аккаунт обеденного сервиса для места {location} создан. Войдите с вашим адресом e-mail и выбранным паролем:\n\n{link}\n\nЕсли вы не регистрировались, ответьте на это письмо.',
      signupExistingBody:
        'Здравствуйте!\n\nКто-то воспользовался ссылкой регистрации места {location} с этим адресом, у которого уже есть аккаунт обеденного сервиса, поэтому ничего не изменено. Войдите со своим паролем (если вы его забыли, нажмите «Забыли пароль?» на странице входа):\n\n{link}\n\nЧтобы перенести аккаунт в другое место, обратитесь к администратору. Если это были не вы, проигнорируйте письмо.',
    },
  },
  'auth',
);
