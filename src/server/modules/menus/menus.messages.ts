import { defineMessages } from '../../lib/i18n.js';

type Key =
  | 'toBeforeFrom'
  | 'unknownDish'
  | 'unknownCategory'
  | 'duplicateDish'
  | 'notAnOption'
  | 'duplicateOption'
  | 'notComplex'
  | 'orderedDishes'
  | 'menuHasOrders'
  | 'notOnMenu'
  | 'listedTwice'
  | 'withdrawnStock'
  | 'dayTwice'
  | 'unreadableTimes';

export const menuText = defineMessages<Key>(
  {
    en: {
      toBeforeFrom: 'The end must not be before the start.',
      unknownDish: 'This dish does not exist.',
      unknownCategory: 'This category does not exist.',
      duplicateDish: 'This dish is already on the menu.',
      notAnOption: 'This dish is not an option of the set meal.',
      duplicateOption: 'This option is listed twice.',
      notComplex: 'Only set meals have option prices.',
      orderedDishes: 'These dishes have orders on this menu and cannot be removed: {names}.',
      menuHasOrders: {
        one: 'The menu cannot be deleted: it has {count} order.',
        other: 'The menu cannot be deleted: it has {count} orders.',
      },
      notOnMenu: 'This dish is not on the menu.',
      listedTwice: 'This dish is listed twice.',
      withdrawnStock: 'This dish was withdrawn from this menu: its stock stays 0.',
      dayTwice: 'A day is listed twice.',
      unreadableTimes: 'The menu times cannot be read; fix them in the menu first.',
    },
    lv: {
      toBeforeFrom: 'Beigām jābūt ne agrāk par sākumu.',
      unknownDish: 'Šāds ēdiens neeksistē.',
      unknownCategory: 'Šāda kategorija neeksistē.',
      duplicateDish: 'Šis ēdiens jau ir ēdienkartē.',
      notAnOption: 'Šis ēdiens nav kompleksa izvēle.',
      duplicateOption: 'Šī izvēle norādīta divreiz.',
      notComplex: 'Izvēļu cenas ir tikai kompleksiem.',
      orderedDishes: 'Šiem ēdieniem šajā ēdienkartē ir pasūtījumi, tos nevar noņemt: {names}.',
      menuHasOrders: {
        zero: 'Ēdienkarti nevar dzēst: tai ir {count} pasūtījumu.',
        one: 'Ēdienkarti nevar dzēst: tai ir {count} pasūtījums.',
        other: 'Ēdienkarti nevar dzēst: tai ir {count} pasūtījumi.',
      },
      notOnMenu: 'Šī ēdiena nav ēdienkartē.',
      listedTwice: 'Šis ēdiens norādīts divreiz.',
      withdrawnStock: 'Šis ēdiens ir izņemts no ēdienkartes: tā krājums paliek 0.',
      dayTwice: 'Diena norādīta divreiz.',
      unreadableTimes: 'Ēdienkartes laikus nevar nolasīt; vispirms izlabojiet tos ēdienkartē.',
    },
    ru: {
      toBeforeFrom: 'Окончание не может быть раньше начала.',
      unknownDish: 'Такого блюда не существует.',
      unknownCategory: 'Такой категории не существует.',
      duplicateDish: 'Это блюдо уже есть в меню.',
      notAnOption: 'Это блюдо не является вариантом комплекса.',
      duplicateOption: 'Этот вариант указан дважды.',
      notComplex: 'Цены вариантов бывают только у комплексов.',
      orderedDishes: 'На эти блюда в этом меню есть заказы, их нельзя убрать: {names}.',
      menuHasOrders: {
        one: 'Меню нельзя удалить: в нём {count} заказ.',
        few: 'Меню нельзя удалить: в нём {count} заказа.',
        many: 'Меню нельзя удалить: в нём {count} заказов.',
        other: 'Меню нельзя удалить: в нём {count} заказа.',
      },
      notOnMenu: 'Этого блюда нет в меню.',
      listedTwice: 'Это блюдо указано дважды.',
      withdrawnStock: 'Это блюдо снято с меню: его остаток остаётся 0.',
      dayTwice: 'День указан дважды.',
      unreadableTimes: 'Время меню не читается; сначала исправьте его в меню.',
    },
  },
  'menus',
);
