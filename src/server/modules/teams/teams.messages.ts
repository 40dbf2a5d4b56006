import { defineMessages } from '../../lib/i18n.js';

type Key =
  | 'notManager'
  | 'notSelf'
  | 'deactivated'
  | 'activated'
  | 'locationInactive'
  | 'inviteSummary'
  | 'skip.member'
  | 'skip.duplicate'
  | 'skip.recently_invited'
  | 'skip.daily_limit'
  | 'inviteSubject'
  | 'inviteBody'
  | 'inviteExistingBody'
  | 'notifySubject'
  | 'notifyBody'
  | 'notified'
  | 'noOrdersToday'
  | 'alreadyNotified'
  | 'linkInvalid'
  | 'invitationGone'
  | 'invitationRevoked'
  | 'invitationResent'
  | 'csv.day'
  | 'csv.menu'
  | 'csv.order'
  | 'csv.orderedAt'
  | 'csv.name'
  | 'csv.email'
  | 'csv.items'
  | 'csv.shift'
  | 'csv.costCentre'
  | 'csv.payment'
  | 'csv.amount'
  | 'csv.subsidy'
  | 'csv.budget'
  | 'csv.bonus'
  | 'csv.toPay'
  | 'csv.sheet'
  | 'pay.cash'
  | 'pay.card'
  | 'pay.bank'
  | 'pay.subsidy'
  | 'pay.bonus'
  | 'pay.budget'
  | 'pay.company';

/** Texts of the teams area: API answers, e-mails and the report's column titles. */
export const teamsText = defineMessages<Key>({
  en: {
    notManager: 'Only the manager of a location can manage its team.',
    notSelf: 'You cannot activate or deactivate yourself.',
    deactivated: '{name} was deactivated.',
    activated: '{name} was activated.',
    locationInactive: 'Your location is not active, so invitations cannot be used now.',
    inviteSummary: 'Invitations sent: {sent}. Skipped: {skipped}.',
    'skip.member': 'Already a member of your team.',
    'skip.duplicate': 'This address is listed more than once.',
    'skip.recently_invited': 'An invitation was sent to this address in the last 24 hours.',
    'skip.daily_limit': {
      one: 'Not sent: you have sent {count} invitation in the last 24 hours. Try again tomorrow.',
      other: 'Not sent: you have sent {count} invitations in the last 24 hours. Try again tomorrow.',
    },
    inviteSubject: 'Invitation to order lunch with {location}',
    inviteBody:
      'Hello,\n\n{manager} invites you to join the team of {location} and order lunch together.\n\nCreate your account here:\n{link}\n\nIf you did not expect this invitation, you can ignore this e-mail.',
    inviteExistingBody:
      'Hello,\n\n{manager} invites you to join the team of {location} and order lunch together.\n\nThis e-mail address already has an account, so there is nothing to create: sign in here:\n{link}\n\nTo move your account to this team, ask your manager or the service administrator.\n\nIf you did not expect this invitation, you can ignore this e-mail.',
    notifySubject: 'Lunch is delivered',
    notifyBody: 'Hello {name},\n\nlunch for {location} ({menu}) has been delivered. Enjoy your meal!\n\n{manager}',
    notified: 'Team members notified: {count}.',
    noOrdersToday: 'Nobody in your team has an order on today’s menu.',
    alreadyNotified: 'The team has already been notified about today’s lunch. You can notify again in {minutes} min.',
    invitationGone: 'This invitation is no longer pending: it was used, revoked or has expired.',
    invitationRevoked: 'The invitation to {email} was revoked; its link no longer works.',
    invitationResent: 'The invitation to {email} was sent again with a new link.',
    linkInvalid: 'This download link has expired or was already used. Start the download again.',
    'csv.day': 'Menu date',
    'csv.menu': 'Menu',
    'csv.order': 'Order no.',
    'csv.orderedAt': 'Ordered on',
    'csv.name': 'Name',
    'csv.email': 'E-mail',
    'csv.items': 'Items',
    'csv.shift': 'Shift',
    'csv.costCentre': 'Cost centre',
    'csv.payment': 'Payment',
    'csv.amount': 'Amount, EUR',
    'csv.subsidy': 'Subsidy, EUR',
    'csv.budget': 'Budget, EUR',
    'csv.bonus': 'Bonus, EUR',
    'csv.toPay': 'To pay, EUR',
    'csv.sheet': 'Team report',
    'pay.cash': 'Cash',
    'pay.card': 'Card',
    'pay.bank': 'Bank',
    'pay.subsidy': 'Subsidy',
    'pay.bonus': 'Bonus',
    'pay.budget': "Employer's budget",
    'pay.company': 'Paid by the company',
  },
  lv: {
    notManager: 'Komandu var pārvaldīt tikai vietas vadītājs.',
    notSelf: 'Jūs nevarat aktivizēt vai deaktivizēt sevi.',
    deactivated: '{name}: konts deaktivizēts.',
    activated: '{name}: konts aktivizēts.',
    locationInactive: 'Jūsu vieta nav aktīva, tāpēc ielūgumus tagad nevar izmantot.',
    inviteSummary: 'Nosūtīti ielūgumi: {sent}. Izlaisti: {skipped}.',
    'skip.member': 'Jau ir jūsu komandā.',
    'skip.duplicate': 'Šī adrese norādīta vairākas reizes.',
    'skip.recently_invited': 'Šai adresei pēdējo 24 stundu laikā jau nosūtīts ielūgums.',
    'skip.daily_limit': {
      zero: 'Nav nosūtīts: pēdējo 24 stundu laikā no jūsu konta jau nosūtīti {count} ielūgumi. Mēģiniet vēlreiz rīt.',
      one: 'Nav nosūtīts: pēdējo 24 stundu laikā no jūsu konta jau nosūtīts {count} ielūgums. Mēģiniet vēlreiz rīt.',
      other: 'Nav nosūtīts: pēdējo 24 stundu laikā no jūsu konta jau nosūtīti {count} ielūgumi. Mēģiniet vēlreiz rīt.',
    },
    inviteSubject: 'Ielūgums pasūtīt pusdienas: {location}',
    inviteBody:
      'Labdien!\n\n{manager} aicina jūs pievienoties vietas {location} komandai un pasūtīt pusdienas kopā.\n\nIzveidojiet savu kontu šeit:\n{link}\n\nJa negaidījāt šo ielūgumu, varat šo e-pastu neņemt vērā.',
    inviteExistingBody:
      'Labdien!\n\n{manager} aicina jūs pievienoties vietas {location} komandai un pasūtīt pusdienas kopā.\n\nŠai e-pasta adresei jau ir konts, tāpēc jauns nav jāveido. Piesakieties šeit:\n{link}\n\nLai pārceltu savu kontu uz šo komandu, vērsieties pie sava vadītāja vai pakalpojuma administratora.\n\nJa negaidījāt šo ielūgumu, varat šo e-pastu neņemt vērā.',
    notifySubject: 'Pusdienas ir piegādātas',
    notifyBody: 'Labdien, {name}!\n\nPusdienas vietai {location} ({menu}) ir piegādātas. Labu apetīti!\n\n{manager}',
    notified: 'Paziņojums nosūtīts komandas dalībniekiem: {count}.',
    noOrdersToday: 'Nevienam jūsu komandā nav pasūtījuma šodienas ēdienkartē.',
    alreadyNotified: 'Komandai par šodienas pusdienām jau paziņots. Atkārtoti paziņot varēsiet pēc {minutes} min.',
    invitationGone: 'Šis ielūgums vairs negaida: tas ir izmantots, atsaukts vai novecojis.',
    invitationRevoked: 'Ielūgums adresei {email} atsaukts; tā saite vairs nedarbojas.',
    invitationResent: 'Ielūgums adresei {email} nosūtīts vēlreiz ar jaunu saiti.',
    linkInvalid: 'Šī lejupielādes saite ir novecojusi vai jau izmantota. Sāciet lejupielādi vēlreiz.',
    'csv.day': 'Ēdienkartes datums',
    'csv.menu': 'Ēdienkarte',
    'csv.order': 'Pasūtījuma nr.',
    'csv.orderedAt': 'Pasūtīts',
    'csv.name': 'Vārds',
    'csv.email': 'E-pasts',
    'csv.items': 'Ēdieni',
    'csv.shift': 'Maiņa',
    'csv.costCentre': 'Izmaksu centrs',
    'csv.payment': 'Apmaksa',
    'csv.amount': 'Summa, EUR',
    'csv.subsidy': 'Dotācija, EUR',
    'csv.budget': 'Budžets, EUR',
    'csv.bonus': 'Bonuss, EUR',
    'csv.toPay': 'Maksājams, EUR',
    'csv.sheet': 'Komandas atskaite',
    'pay.cash': 'Skaidrā naudā',
    'pay.card': 'Karte',
    'pay.bank': 'Banka',
    'pay.subsidy': 'Dotācija',
    'pay.bonus': 'Bonuss',
    'pay.budget': 'Darba devēja budžets',
    'pay.company': 'Apmaksā uzņēmums',
  },
  ru: {
    notManager: 'Управлять командой может только менеджер места.',
    notSelf: 'Нельзя активировать или деактивировать самого себя.',
    deactivated: '{name}: пользователь деактивирован.',
    activated: '{name}: пользователь активирован.',
    locationInactive: 'Ваше место не активно, поэтому приглашения сейчас нельзя использовать.',
    inviteSummary: 'Отправлено приглашений: {sent}. Пропущено: {skipped}.',
    'skip.member': 'Уже в вашей команде.',
    'skip.duplicate': 'Этот адрес указан несколько раз.',
    'skip.recently_invited': 'На этот адрес уже отправлено приглашение за последние 24 часа.',
    'skip.daily_limit': {
      one: 'Не отправлено: за последние 24 часа вы отправили {count} приглашение. Попробуйте завтра.',
      few: 'Не отправлено: за последние 24 часа вы отправили {count} приглашения. Попробуйте завтра.',
      many: 'Не отправлено: за последние 24 часа вы отправили {count} приглашений. Попробуйте завтра.',
      other: 'Не отправлено: за последние 24 часа вы отправили {count} приглашения. Попробуйте завтра.',
    },
    inviteSubject: 'Приглашение заказывать обеды: {location}',
    inviteBody:
      'Здравствуйте!\n\n{manager} приглашает вас присоединиться к команде {location} и заказывать обеды вместе.\n\nСоздайте учётную запись здесь:\n{link}\n\nЕсли вы не ждали этого приглашения, просто проигнорируйте это письмо.',
    inviteExistingBody:
      'Здравствуйте!\n\n{manager} приглашает вас присоединиться к команде {location} и заказывать обеды вместе.\n\nУ этого адреса уже есть учётная запись, создавать новую не нужно. Войдите здесь:\n{link}\n\nЧтобы перенести учётную запись в эту команду, обратитесь к своему руководителю или администратору сервиса.\n\nЕсли вы не ждали этого приглашения, просто проигнорируйте это письмо.',
    notifySubject: 'Обед доставлен',
    notifyBody: 'Здравствуйте, {name}!\n\nОбед для {location} ({menu}) доставлен. Приятного аппетита!\n\n{manager}',
    notified: 'Уведомлено участников команды: {count}.',
    noOrdersToday: 'Ни у кого в вашей команде нет заказа в сегодняшнем меню.',
    alreadyNotified: 'Команда уже уведомлена о сегодняшнем обеде. Повторно уведомить можно через {minutes} мин.',
    invitationGone: 'Это приглашение больше не ожидает: оно использовано, отозвано или истекло.',
    invitationRevoked: 'Приглашение для {email} отозвано; его ссылка больше не работает.',
    invitationResent: 'Приглашение для {email} отправлено повторно с новой ссылкой.',
    linkInvalid: 'Ссылка для скачивания устарела или уже использована. Начните скачивание снова.',
    'csv.day': 'Дата меню',
    'csv.menu': 'Меню',
    'csv.order': 'Заказ №',
    'csv.orderedAt': 'Заказано',
    'csv.name': 'Имя',
    'csv.email': 'E-mail',
    'csv.items': 'Блюда',
    'csv.shift': 'Смена',
    'csv.costCentre': 'Центр затрат',
    'csv.payment': 'Оплата',
    'csv.amount': 'Сумма, EUR',
    'csv.subsidy': 'Дотация, EUR',
    'csv.budget': 'Бюджет, EUR',
    'csv.bonus': 'Бонус, EUR',
    'csv.toPay': 'К оплате, EUR',
    'csv.sheet': 'Отчёт команды',
    'pay.cash': 'Наличные',
    'pay.card': 'Карта',
    'pay.bank': 'Банк',
    'pay.subsidy': 'Дотация',
    'pay.bonus': 'Бонус',
    'pay.budget': 'Бюджет работодателя',
    'pay.company': 'Оплачивает компания',
  },
});
