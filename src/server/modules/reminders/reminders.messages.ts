import { defineMessages } from '../../lib/i18n.js';

type Key = 'subject' | 'body' | 'pushTitle' | 'pushBody' | 'unsubscribed' | 'linkInvalid' | 'pushSubscribed' | 'pushUnsubscribed';

/** Texts of the reminders area: the reminder e-mail and push, the unsubscribe answers. */
export const remindersText = defineMessages<Key>(
  {
    en: {
      subject: 'Reminder: order lunch by {deadline}',
      body: 'Hello {name},\n\nYou have not ordered from the menu "{menu}" ({provider}) yet. Orders are taken until {deadline}.\n\nOrder here:\n{link}\n\nYou get this e-mail because "Remind to make order" is on in your profile. To stop these reminders, open:\n{unsubscribe}',
      pushTitle: 'Order lunch by {deadline}',
      pushBody: 'You have not ordered from "{menu}" yet.',
      unsubscribed: 'You will no longer get reminders to order lunch. You can turn them on again in your profile.',
      linkInvalid: 'This link is outdated or invalid.',
      pushSubscribed: 'Reminders will also come as notifications in this browser.',
      pushUnsubscribed: 'This browser will no longer get reminder notifications.',
    },
    lv: {
      subject: 'Atgādinājums: pasūtiet pusdienas līdz {deadline}',
      body: 'Sveiki, {name}!\n\nJūs vēl neesat pasūtījis no ēdienkartes "{menu}" ({provider}). Pasūtījumus pieņem līdz {deadline}.\n\nPasūtiet šeit:\n{link}\n\nŠo e-pastu saņemat, jo profilā ir ieslēgts "Atgādināt veikt pasūtījumu". Lai vairs nesaņemtu atgādinājumus, atveriet:\n{unsubscribe}',
      pushTitle: 'Pasūtiet pusdienas līdz {deadline}',
      pushBody: 'Jūs vēl neesat pasūtījis no "{menu}".',
      unsubscribed: 'Jūs vairs nesaņemsiet atgādinājumus pasūtīt pusdienas. Tos var atkal ieslēgt profilā.',
      linkInvalid: 'Šī saite ir novecojusi vai nederīga.',
      pushSubscribed: 'Atgādinājumi nāks arī kā paziņojumi šajā pārlūkā.',
      pushUnsubscribed: 'Šis pārlūks vairs nesaņems atgādinājumu paziņojumus.',
    },
    ru: {
      subject: 'Напоминание: закажите обед до {deadline}',
      body: 'Здравствуйте, {name}!\n\nВы ещё не сделали заказ из меню «{menu}» ({provider}). Заказы принимаются до {deadline}.\n\nЗаказать можно здесь:\n{link}\n\nВы получили это письмо, потому что в профиле включено «Напоминать сделать заказ». Чтобы больше не получать напоминания, откройте:\n{unsubscribe}',
      pushTitle: 'Закажите обед до {deadline}',
      pushBody: 'Вы ещё не сделали заказ из «{menu}».',
      unsubscribed: 'Вы больше не будете получать напоминания о заказе обеда. Их можно снова включить в профиле.',
      linkInvalid: 'Эта ссылка устарела или недействительна.',
      pushSubscribed: 'Напоминания будут приходить и как уведомления в этом браузере.',
      pushUnsubscribed: 'Этот браузер больше не будет получать уведомления-напоминания.',
    },
  },
  'reminders',
);
