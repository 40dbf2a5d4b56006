import { defineMessages } from '../../lib/i18n.js';

type Key =
  | 'meetingInvalid'
  | 'noMeetings'
  | 'overLimit'
  | 'notManager'
  | 'otherLocation'
  | 'locationRequired'
  | 'locationNotFound'
  | 'menuNotFound'
  | 'menuClosed'
  | 'costCentreInvalid'
  | 'orderTooLarge';

/** Texts of meeting orders (issue 29, decision 076). */
export const meetingsText = defineMessages<Key>(
  {
    en: {
      meetingInvalid: 'The meeting order cannot be placed.',
      noMeetings: 'This location orders no meetings.',
      overLimit: 'A meeting of this location may cost at most {limit}; this one costs {amount}.',
      notManager: 'Only the location’s manager or staff may order for a meeting.',
      otherLocation: 'You may order meetings only for your own location.',
      locationRequired: 'Choose the location.',
      locationNotFound: 'There is no such location.',
      menuNotFound: 'There is no such menu.',
      menuClosed: 'This menu no longer takes orders.',
      costCentreInvalid: 'Choose an active cost centre of the company.',
      orderTooLarge: 'The order is too large.',
    },
    lv: {
      meetingInvalid: 'Sanāksmes pasūtījumu nevar noformēt.',
      noMeetings: 'Šī vieta sanāksmes nepasūta.',
      overLimit: 'Šīs vietas sanāksme drīkst maksāt ne vairāk kā {limit}; šī maksā {amount}.',
      notManager: 'Sanāksmei pasūtīt drīkst tikai vietas vadītājs vai darbinieki.',
      otherLocation: 'Sanāksmes drīkstat pasūtīt tikai savai vietai.',
      locationRequired: 'Izvēlieties vietu.',
      locationNotFound: 'Šādas vietas nav.',
      menuNotFound: 'Šādas ēdienkartes nav.',
      menuClosed: 'Šī ēdienkarte vairs nepieņem pasūtījumus.',
      costCentreInvalid: 'Izvēlieties uzņēmuma aktīvu izmaksu centru.',
      orderTooLarge: 'Pasūtījums ir pārāk liels.',
    },
    ru: {
      meetingInvalid: 'Заказ для встречи оформить нельзя.',
      noMeetings: 'Это место не заказывает для встреч.',
      overLimit: 'Встреча этого места может стоить не более {limit}; эта стоит {amount}.',
      notManager: 'Заказывать для встречи может только руководитель места или персонал.',
      otherLocation: 'Заказывать для встреч можно только для своего места.',
      locationRequired: 'Выберите место.',
      locationNotFound: 'Такого места нет.',
      menuNotFound: 'Такого меню нет.',
      menuClosed: 'Это меню больше не принимает заказы.',
      costCentreInvalid: 'Выберите активный центр затрат компании.',
      orderTooLarge: 'Заказ слишком большой.',
    },
  },
  'meetings',
);
