import { defineMessages } from '../../lib/i18n.js';

type Key =
  | 'saved'
  | 'activated'
  | 'deactivated'
  | 'notSelfDemote'
  | 'notSelfDeactivate'
  | 'managerNeedsLocation'
  | 'managerIsCustomer'
  | 'unknownLocation'
  | 'inviteSent'
  | 'alreadySignedUp'
  | 'inactiveUser'
  | 'inviteSubject'
  | 'inviteBody';

/** Texts of the administrator's user management. */
export const usersText = defineMessages<Key>(
  {
    en: {
      saved: 'Changes to {name} were saved.',
      activated: '{name} was activated.',
      deactivated: '{name} was deactivated and signed out everywhere.',
      notSelfDemote: 'You cannot take the administrator role from yourself. Ask another administrator.',
      notSelfDeactivate: 'You cannot deactivate yourself. Ask another administrator.',
      managerNeedsLocation: 'A location manager must belong to a location.',
      managerIsCustomer: 'Only users with the role User can be location managers.',
      unknownLocation: 'This location does not exist.',
      inviteSent: 'The invitation was sent to {email} again.',
      alreadySignedUp: 'This user has already set a password; they can sign in or reset their password.',
      inactiveUser: 'Activate the user before sending an invitation.',
      inviteSubject: 'Your lunch ordering account',
      inviteBody:
        'Hello {name},\n\nan account to order lunch has been created for you. Set your password here (the link works for {days} days):\n{link}\n\nIf you did not expect this e-mail, you can ignore it.',
    },
    lv: {
      saved: 'Lietotāja {name} izmaiņas saglabātas.',
      activated: 'Lietotājs {name} aktivizēts.',
      deactivated: 'Lietotājs {name} deaktivizēts un izrakstīts no visām ierīcēm.',
      notSelfDemote: 'Jūs nevarat sev atņemt administratora lomu. Lūdziet to citam administratoram.',
      notSelfDeactivate: 'Jūs nevarat deaktivizēt sevi. Lūdziet to citam administratoram.',
      managerNeedsLocation: 'Vietas vadītājam jāpieder kādai vietai.',
      managerIsCustomer: 'Vietas vadītāji var būt tikai lietotāji ar lomu Lietotājs.',
      unknownLocation: 'Šāda vieta nepastāv.',
      inviteSent: 'Ielūgums atkārtoti nosūtīts uz {email}.',
      alreadySignedUp: 'Šis lietotājs jau ir iestatījis paroli; viņš var pieteikties vai atjaunot paroli.',
      inactiveUser: 'Pirms ielūguma sūtīšanas aktivizējiet lietotāju.',
      inviteSubject: 'Jūsu pusdienu pasūtīšanas konts',
      inviteBody:
        'Sveiki, {name}!\n\nJums ir izveidots konts pusdienu pasūtīšanai. Iestatiet paroli šeit (saite derīga {days} dienas):\n{link}\n\nJa negaidījāt šo e-pastu, varat to ignorēt.',
    },
    ru: {
      saved: 'Изменения пользователя {name} сохранены.',
      activated: 'Пользователь {name} активирован.',
      deactivated: 'Пользователь {name} деактивирован и вышел из системы на всех устройствах.',
      notSelfDemote: 'Вы не можете снять с себя роль администратора. Попросите другого администратора.',
      notSelfDeactivate: 'Вы не можете деактивировать себя. Попросите другого администратора.',
      managerNeedsLocation: 'Менеджер места должен быть привязан к месту.',
      managerIsCustomer: 'Менеджером места может быть только пользователь с ролью Пользователь.',
      unknownLocation: 'Такого места не существует.',
      inviteSent: 'Приглашение повторно отправлено на {email}.',
      alreadySignedUp: 'Этот пользователь уже задал пароль; он может войти или сбросить пароль.',
      inactiveUser: 'Активируйте пользователя, прежде чем отправлять приглашение.',
      inviteSubject: 'Ваша учётная запись для заказа обедов',
      inviteBody:
        'Здравствуйте, {name}!\n\nдля вас создана учётная запись для заказа обедов. Задайте пароль здесь (ссылка действует {days} дн.):\n{link}\n\nЕсли вы не ожидали это письмо, просто проигнорируйте его.',
    },
  },
  'users',
);
