import { defineMessages, type CountedText } from '../../lib/i18n.js';

type Key =
  | 'orderInvalid'
  | 'menuNotFound'
  | 'menuClosed'
  | 'dishRemoved'
  | 'optionsInvalid'
  | 'noOptions'
  | 'outOfStock'
  | 'soldOut'
  | 'someUnavailable'
  | 'cashDisabled'
  | 'cardUnavailable'
  | 'bankUnavailable'
  | 'bankRequired'
  | 'staffCashOnly'
  | 'shiftRequired'
  | 'shiftInvalid'
  | 'termsRequired'
  | 'userInvalid'
  | 'paymentFailed'
  | 'orderFailed'
  | 'unpaidInProgress'
  | 'unpaidUnchecked'
  | 'orderReplaced'
  | 'unpaidHoldCap'
  | 'orderTooLarge'
  | 'notPlaced'
  | 'acceptedAll'
  | 'acceptedSomeLeftNew'
  | 'paymentKeepsOrder'
  | 'cancelClosed'
  | 'notCancellable'
  | 'alreadyCancelled'
  | 'cancelled'
  | 'budgetExceededDay'
  | 'budgetExceededWeek'
  | 'budgetExceededMonth'
  | 'costCentreInvalid';

/** Texts of the ordering area. */
export const orderingText = defineMessages<Key>(
  {
    en: {
      orderInvalid: 'The order could not be placed.',
      menuNotFound: 'This menu is not available.',
      menuClosed: 'Ordering from this menu has closed.',
      dishRemoved: 'Dish was removed',
      optionsInvalid: 'Choose exactly one option in every required group, and only offered options.',
      noOptions: 'This dish has no options to choose.',
      outOfStock: '{dish}: only {count} left.',
      soldOut: '{dish}: sold out.',
      someUnavailable: 'Some items you ordered are not available.',
      cashDisabled: 'Cash payment is not available for your location.',
      cardUnavailable: 'Card payment is not available.',
      bankUnavailable: 'Choose one of the offered banks.',
      bankRequired: 'Choose a bank.',
      staffCashOnly: 'Orders placed on behalf of a user are paid in cash.',
      shiftRequired: 'Choose a shift.',
      shiftInvalid: 'This shift does not belong to the location.',
      termsRequired: 'You must agree to the terms of service.',
      userInvalid: 'Choose an active customer.',
      paymentFailed: 'The payment could not be started. Please try again.',
      orderFailed: 'This order failed and was not placed. Please place the order again.',
      unpaidInProgress:
        'Your earlier card or bank order on this menu is being paid right now, so this order was not placed. Wait until that payment ends, or cancel that order, then order again.',
      unpaidUnchecked:
        'The payment of your earlier card or bank order on this menu could not be checked just now, so this order was not placed. Please try again in a moment, or cancel that order first.',
      orderReplaced: 'This order was replaced by your newer order on this menu (or cancelled), so it can no longer be paid.',
      unpaidHoldCap: {
        one: '{dish}: a card or bank order may hold at most {count} portion until it is paid. Order fewer or pay in cash.',
        other: '{dish}: a card or bank order may hold at most {count} portions until it is paid. Order fewer or pay in cash.',
      },
      orderTooLarge: 'The order total is too large.',
      notPlaced: 'Only placed orders can be accepted.',
      acceptedAll: 'Orders accepted: {count}.',
      acceptedSomeLeftNew: 'Orders accepted: {count}. Newer orders left new: {left}.',
      paymentKeepsOrder: 'This order has a card or bank payment that is paid or still in progress, so it cannot be deleted.',
      cancelClosed: 'The menu is closed, this order can no longer be cancelled.',
      notCancellable: 'This order cannot be cancelled.',
      alreadyCancelled: 'This order was already cancelled.',
      cancelled: 'The order is cancelled.',
      budgetExceededDay: 'This order needs {needed} of your budget; {left} is left today.',
      budgetExceededWeek: 'This order needs {needed} of your budget; {left} is left this week.',
      budgetExceededMonth: 'This order needs {needed} of your budget; {left} is left this month.',
      costCentreInvalid: 'Choose an active cost centre of your company.',
    },
    lv: {
      orderInvalid: 'Pasūtījumu neizdevās noformēt.',
      menuNotFound: 'Šī ēdienkarte nav pieejama.',
      menuClosed: 'Pasūtījumu pieņemšana no šīs ēdienkartes ir beigusies.',
      dishRemoved: 'Ēdiens ir noņemts',
      optionsInvalid: 'Izvēlieties tieši vienu iespēju katrā obligātajā grupā un tikai piedāvātās iespējas.',
      noOptions: 'Šim ēdienam nav izvēles iespēju.',
      outOfStock: {
        zero: '{dish}: atlikušas tikai {count} porcijas.',
        one: '{dish}: atlikusi tikai {count} porcija.',
        other: '{dish}: atlikušas tikai {count} porcijas.',
      },
      soldOut: '{dish}: vairs nav pieejams.',
      someUnavailable: 'Daži pasūtītie ēdieni nav pieejami.',
      cashDisabled: 'Jūsu vietā maksāšana skaidrā naudā nav pieejama.',
      cardUnavailable: 'Maksāšana ar karti nav pieejama.',
      bankUnavailable: 'Izvēlieties kādu no piedāvātajām bankām.',
      bankRequired: 'Izvēlieties banku.',
      staffCashOnly: 'Lietotāja vārdā veiktus pasūtījumus apmaksā skaidrā naudā.',
      shiftRequired: 'Izvēlieties maiņu.',
      shiftInvalid: 'Šī maiņa nepieder šai vietai.',
      termsRequired: 'Jums jāpiekrīt lietošanas noteikumiem.',
      userInvalid: 'Izvēlieties aktīvu klientu.',
      paymentFailed: 'Maksājumu neizdevās uzsākt. Lūdzu, mēģiniet vēlreiz.',
      orderFailed: 'Šis pasūtījums neizdevās un netika noformēts. Lūdzu, pasūtiet vēlreiz.',
      unpaidInProgress:
        'Jūsu iepriekšējais kartes vai bankas pasūtījums šai ēdienkartei tieši tagad tiek apmaksāts, tāpēc šis pasūtījums netika noformēts. Pagaidiet, līdz maksājums beidzas, vai atceliet to pasūtījumu, un tad pasūtiet vēlreiz.',
      unpaidUnchecked:
        'Jūsu iepriekšējā kartes vai bankas pasūtījuma maksājumu šai ēdienkartei šobrīd neizdevās pārbaudīt, tāpēc šis pasūtījums netika noformēts. Lūdzu, pēc brīža mēģiniet vēlreiz vai vispirms atceliet to pasūtījumu.',
      orderReplaced:
        'Šo pasūtījumu aizstāja jūsu jaunākais pasūtījums šai ēdienkartei (vai tas tika atcelts), tāpēc to vairs nevar apmaksāt.',
      unpaidHoldCap: {
        zero: '{dish}: kartes vai bankas pasūtījums līdz apmaksai var aizņemt ne vairāk kā {count} porcijas. Pasūtiet mazāk vai maksājiet skaidrā naudā.',
        one: '{dish}: kartes vai bankas pasūtījums līdz apmaksai var aizņemt ne vairāk kā {count} porciju. Pasūtiet mazāk vai maksājiet skaidrā naudā.',
        other:
          '{dish}: kartes vai bankas pasūtījums līdz apmaksai var aizņemt ne vairāk kā {count} porcijas. Pasūtiet mazāk vai maksājiet skaidrā naudā.',
      },
      orderTooLarge: 'Pasūtījuma summa ir pārāk liela.',
      notPlaced: 'Apstiprināt var tikai noformētus pasūtījumus.',
      acceptedAll: 'Apstiprināti pasūtījumi: {count}.',
      acceptedSomeLeftNew: 'Apstiprināti pasūtījumi: {count}. Jaunāki pasūtījumi atstāti jauni: {left}.',
      paymentKeepsOrder: 'Šim pasūtījumam ir samaksāts vai vēl notiekošs kartes vai bankas maksājums, tāpēc to nevar dzēst.',
      cancelClosed: 'Ēdienkarte ir slēgta, šo pasūtījumu vairs nevar atcelt.',
      notCancellable: 'Šo pasūtījumu nevar atcelt.',
      alreadyCancelled: 'Šis pasūtījums jau ir atcelts.',
      cancelled: 'Pasūtījums ir atcelts.',
      budgetExceededDay: 'Šim pasūtījumam vajag {needed} no jūsu budžeta; šodien atlikuši {left}.',
      budgetExceededWeek: 'Šim pasūtījumam vajag {needed} no jūsu budžeta; šonedēļ atlikuši {left}.',
      budgetExceededMonth: 'Šim pasūtījumam vajag {needed} no jūsu budžeta; šomēnes atlikuši {left}.',
      costCentreInvalid: 'Izvēlieties aktīvu jūsu uzņēmuma izmaksu centru.',
    },
    ru: {
      orderInvalid: 'Не удалось оформить заказ.',
      menuNotFound: 'Это меню недоступно.',
      menuClosed: 'Приём заказов по этому меню закрыт.',
      dishRemoved: 'Блюдо удалено',
      optionsInvalid: 'Выберите ровно один вариант в каждой обязательной группе и только из предложенных.',
      noOptions: 'У этого блюда нет вариантов выбора.',
      outOfStock: {
        one: '{dish}: осталась только {count} порция.',
        few: '{dish}: осталось только {count} порции.',
        many: '{dish}: осталось только {count} порций.',
        other: '{dish}: осталось только {count} порции.',
      },
      soldOut: '{dish}: больше нет в наличии.',
      someUnavailable: 'Некоторые заказанные блюда недоступны.',
      cashDisabled: 'Оплата наличными для вашего места недоступна.',
      cardUnavailable: 'Оплата картой недоступна.',
      bankUnavailable: 'Выберите один из предложенных банков.',
      bankRequired: 'Выберите банк.',
      staffCashOnly: 'Заказы от имени пользователя оплачиваются наличными.',
      shiftRequired: 'Выберите смену.',
      shiftInvalid: 'Эта смена не относится к этому месту.',
      termsRequired: 'Необходимо согласиться с условиями использования.',
      userInvalid: 'Выберите активного клиента.',
      paymentFailed: 'Не удалось начать оплату. Пожалуйста, попробуйте ещё раз.',
      orderFailed: 'Этот заказ не удался и не был оформлен. Пожалуйста, оформите заказ заново.',
      unpaidInProgress:
        'Ваш предыдущий заказ с оплатой картой или через банк в этом меню сейчас оплачивается, поэтому этот заказ не оформлен. Дождитесь окончания оплаты или отмените тот заказ, затем закажите снова.',
      unpaidUnchecked:
        'Не удалось сейчас проверить оплату вашего предыдущего заказа картой или через банк в этом меню, поэтому этот заказ не оформлен. Попробуйте ещё раз чуть позже или сначала отмените тот заказ.',
      orderReplaced: 'Этот заказ заменён вашим более новым заказом в этом меню (или отменён), поэтому его уже нельзя оплатить.',
      unpaidHoldCap: {
        one: '{dish}: заказ с оплатой картой или через банк до оплаты может занимать не более {count} порции. Закажите меньше или оплатите наличными.',
        few: '{dish}: заказ с оплатой картой или через банк до оплаты может занимать не более {count} порций. Закажите меньше или оплатите наличными.',
        many: '{dish}: заказ с оплатой картой или через банк до оплаты может занимать не более {count} порций. Закажите меньше или оплатите наличными.',
        other:
          '{dish}: заказ с оплатой картой или через банк до оплаты может занимать не более {count} порции. Закажите меньше или оплатите наличными.',
      },
      orderTooLarge: 'Сумма заказа слишком велика.',
      notPlaced: 'Принять можно только оформленные заказы.',
      acceptedAll: 'Принято заказов: {count}.',
      acceptedSomeLeftNew: 'Принято заказов: {count}. Более новых заказов оставлено новыми: {left}.',
      paymentKeepsOrder: 'У этого заказа есть оплаченный или ещё не завершённый платёж картой или через банк, поэтому его нельзя удалить.',
      cancelClosed: 'Меню закрыто, этот заказ больше нельзя отменить.',
      notCancellable: 'Этот заказ нельзя отменить.',
      alreadyCancelled: 'Этот заказ уже отменён.',
      cancelled: 'Заказ отменён.',
      budgetExceededDay: 'Этому заказу нужно {needed} из вашего бюджета; на сегодня осталось {left}.',
      budgetExceededWeek: 'Этому заказу нужно {needed} из вашего бюджета; на этой неделе осталось {left}.',
      budgetExceededMonth: 'Этому заказу нужно {needed} из вашего бюджета; в этом месяце осталось {left}.',
      costCentreInvalid: 'Выберите действующий центр затрат вашей компании.',
    },
  },
  'ordering',
);

type PrintKey =
  | 'title'
  | 'menu'
  | 'onlyNew'
  | 'onlyAccepted'
  | 'order'
  | 'orderNo'
  | 'person'
  | 'shift'
  | 'dishes'
  | 'comment'
  | 'payment'
  | 'pay.cash'
  | 'pay.card'
  | 'pay.bank'
  | 'pay.subsidy'
  | 'pay.bonus'
  | 'pay.budget'
  | 'pay.company'
  | 'subsidy'
  | 'bonus'
  | 'total'
  | 'totals'
  | 'noLocation'
  | 'allLocations'
  | 'none'
  | 'generated'
  | 'allergenAlert';

/** Texts of the orders print-out (GET /app/dishlists/{id}/print-orders). */
export const printText = defineMessages<PrintKey>(
  {
    en: {
      title: 'Orders',
      allergenAlert: 'ALLERGEN ALERT, avoids: {list}',
      menu: 'Menu',
      onlyNew: 'New orders only',
      onlyAccepted: 'Accepted orders only',
      order: 'Order',
      orderNo: 'No. {id}',
      person: 'Person',
      shift: 'Shift',
      dishes: 'Dishes',
      comment: 'Comment',
      payment: 'Payment',
      'pay.cash': 'Cash',
      'pay.card': 'Card',
      'pay.bank': 'Bank link',
      'pay.subsidy': 'Subsidy',
      'pay.bonus': 'Bonus',
      'pay.budget': "Employer's budget",
      'pay.company': 'Paid by the company',
      subsidy: 'Subsidy',
      bonus: 'Bonus',
      total: 'Total',
      totals: 'Totals',
      noLocation: 'No location',
      allLocations: 'All locations',
      none: 'There is nothing to display...',
      generated: 'Generated {date}',
    },
    lv: {
      title: 'Pasūtījumi',
      allergenAlert: 'ALERGĒNU BRĪDINĀJUMS, izvairās no: {list}',
      menu: 'Ēdienkarte',
      onlyNew: 'Tikai jaunie pasūtījumi',
      onlyAccepted: 'Tikai pieņemtie pasūtījumi',
      order: 'Pasūtījums',
      orderNo: 'Nr. {id}',
      person: 'Persona',
      shift: 'Maiņa',
      dishes: 'Ēdieni',
      comment: 'Komentārs',
      payment: 'Maksājums',
      'pay.cash': 'Skaidrā naudā',
      'pay.card': 'Karte',
      'pay.bank': 'Bankas saite',
      'pay.subsidy': 'Dotācija',
      'pay.bonus': 'Bonuss',
      'pay.budget': 'Darba devēja budžets',
      'pay.company': 'Apmaksā uzņēmums',
      subsidy: 'Dotācija',
      bonus: 'Bonuss',
      total: 'Kopā',
      totals: 'Kopsummas',
      noLocation: 'Bez vietas',
      allLocations: 'Visas vietas',
      none: 'Nav ko attēlot...',
      generated: 'Sagatavots {date}',
    },
    ru: {
      title: 'Заказы',
      allergenAlert: 'АЛЛЕРГЕН, избегает: {list}',
      menu: 'Меню',
      onlyNew: 'Только новые заказы',
      onlyAccepted: 'Только принятые заказы',
      order: 'Заказ',
      orderNo: '№ {id}',
      person: 'Клиент',
      shift: 'Смена',
      dishes: 'Блюда',
      comment: 'Комментарий',
      payment: 'Оплата',
      'pay.cash': 'Наличные',
      'pay.card': 'Карта',
      'pay.bank': 'Банковская ссылка',
      'pay.subsidy': 'Субсидия',
      'pay.bonus': 'Бонус',
      'pay.budget': 'Бюджет работодателя',
      'pay.company': 'Оплачивает компания',
      subsidy: 'Субсидия',
      bonus: 'Бонус',
      total: 'Итого',
      totals: 'Суммы',
      noLocation: 'Без места',
      allLocations: 'Все места',
      none: 'Нечего показать...',
      generated: 'Создано {date}',
    },
  },
  'ordering.print',
);

/** "3 orders" in the print-out's totals, with the plural form of the number. */
export const ORDERS_COUNT: CountedText = {
  en: { one: '{count} order', other: '{count} orders' },
  lv: { zero: '{count} pasūtījumu', one: '{count} pasūtījums', other: '{count} pasūtījumi' },
  ru: { one: '{count} заказ', few: '{count} заказа', many: '{count} заказов', other: '{count} заказа' },
};
