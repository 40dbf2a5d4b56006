import { defineMessages } from '../../lib/i18n.js';

type Key =
  | 'notHost'
  | 'otherLocation'
  | 'locationRequired'
  | 'locationNotFound'
  | 'noVisitors'
  | 'menuClosed'
  | 'costCentreInvalid'
  | 'linkNotFound'
  | 'linkUsed'
  | 'linkExpired'
  | 'linkUsedCannotRevoke'
  | 'dishNotOnMenu';

/** Texts of the visitors area (decision 077). */
export const visitorsText = defineMessages<Key>(
  {
    en: {
      notHost: 'Only a location manager or staff can order for visitors.',
      otherLocation: 'You can order for visitors of your own location only.',
      locationRequired: 'Choose the location.',
      locationNotFound: 'This location does not exist.',
      noVisitors: 'This location does not order for meetings or visitors (no limit is set).',
      menuClosed: 'This menu is not open for orders.',
      costCentreInvalid: 'Choose an active cost centre of this company.',
      linkNotFound: 'This visitor link does not exist or was withdrawn.',
      linkUsed: 'This visitor link has already been used.',
      linkExpired: 'This visitor link has expired: the menu no longer takes orders.',
      linkUsedCannotRevoke: 'This link has been used; its order can be cancelled like any order.',
      dishNotOnMenu: 'This dish is not on this menu.',
    },
    lv: {
      notHost: 'Pasūtīt apmeklētājiem var tikai vietas vadītājs vai darbinieki.',
      otherLocation: 'Jūs varat pasūtīt tikai savas vietas apmeklētājiem.',
      locationRequired: 'Izvēlieties vietu.',
      locationNotFound: 'Šāda vieta nepastāv.',
      noVisitors: 'Šī vieta nepasūta sanāksmēm un apmeklētājiem (nav noteikts limits).',
      menuClosed: 'Šī ēdienkarte nepieņem pasūtījumus.',
      costCentreInvalid: 'Izvēlieties aktīvu šī uzņēmuma izmaksu centru.',
      linkNotFound: 'Šāda apmeklētāja saite nepastāv vai ir atsaukta.',
      linkUsed: 'Šī apmeklētāja saite jau ir izmantota.',
      linkExpired: 'Šīs apmeklētāja saites derīgums ir beidzies: ēdienkarte vairs nepieņem pasūtījumus.',
      linkUsedCannotRevoke: 'Šī saite ir izmantota; tās pasūtījumu var atcelt kā jebkuru pasūtījumu.',
      dishNotOnMenu: 'Šī ēdiena nav šajā ēdienkartē.',
    },
    ru: {
      notHost: 'Заказывать для посетителей может только руководитель точки или персонал.',
      otherLocation: 'Вы можете заказывать только для посетителей своей точки.',
      locationRequired: 'Выберите точку.',
      locationNotFound: 'Такой точки нет.',
      noVisitors: 'Эта точка не заказывает для встреч и посетителей (лимит не задан).',
      menuClosed: 'Это меню не принимает заказы.',
      costCentreInvalid: 'Выберите активный центр затрат этой компании.',
      linkNotFound: 'Такой ссылки для посетителя нет, или она отозвана.',
      linkUsed: 'Эта ссылка для посетителя уже использована.',
      linkExpired: 'Срок ссылки для посетителя истёк: меню больше не принимает заказы.',
      linkUsedCannotRevoke: 'Ссылка использована; её заказ можно отменить, как любой заказ.',
      dishNotOnMenu: 'Этого блюда нет в этом меню.',
    },
  },
  'visitors',
);
