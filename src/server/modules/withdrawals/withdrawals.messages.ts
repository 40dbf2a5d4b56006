import { defineMessages } from '../../lib/i18n.js';

type Key =
  | 'dishNotOnMenu'
  | 'chosenInSetMeals'
  | 'substituteInvalid'
  | 'substituteSetMeal'
  | 'substituteWithdrawn'
  | 'choiceClosed'
  | 'substituteSoldOut'
  | 'title'
  | 'bodyRefund'
  | 'bodySubstitute';

/**
 * Texts of a dish withdrawn from a menu (decision 083): the kitchen's refusals, the eater's, and
 * the announcement that tells the eaters ({dish}, {menu}, {substitute}, {until}, {link}).
 */
export const withdrawalsText = defineMessages<Key>(
  {
    en: {
      dishNotOnMenu: 'This dish is not on this menu.',
      chosenInSetMeals:
        'This dish was chosen inside set meals in {count} orders: those orders cannot be changed here. Ask those eaters, or cancel their orders, first.',
      substituteInvalid: 'Choose another dish of this menu as the substitute.',
      substituteWithdrawn: 'This dish was withdrawn from this menu too: choose another substitute or the refund.',
      substituteSetMeal: 'A set meal cannot be withdrawn with a substitute, nor be one: choose the refund or a plain dish.',
      choiceClosed: 'The time to choose has passed: the substitute stays in your order.',
      substituteSoldOut: 'The substitute has run out: the dish was refunded.',
      title: '{dish} has been withdrawn from the menu',
      bodyRefund:
        'We are sorry: {dish} on the menu "{menu}" ran out or did not meet our standards and has been withdrawn. ' +
        'Its price has been given back to you (if it was all you ordered, your order has been cancelled). Your order: {link}',
      bodySubstitute:
        'We are sorry: {dish} on the menu "{menu}" ran out or did not meet our standards and has been withdrawn. ' +
        'You get {substitute} instead, at no extra cost. If you would rather have your money back, choose the refund ' +
        'on your order page until {until}. Your order: {link}',
    },
    lv: {
      dishNotOnMenu: 'Šī ēdiena nav šajā ēdienkartē.',
      chosenInSetMeals:
        'Šis ēdiens izvēlēts kompleksos {count} pasūtījumos: tos šeit mainīt nevar. Vispirms sazinieties ar šiem ēdājiem vai atceliet viņu pasūtījumus.',
      substituteInvalid: 'Izvēlieties aizstājēju no citiem šīs ēdienkartes ēdieniem.',
      substituteWithdrawn: 'Arī šis ēdiens ir izņemts no ēdienkartes: izvēlieties citu aizstājēju vai atmaksu.',
      substituteSetMeal: 'Kompleksu nevar atsaukt ar aizstājēju, un tas nevar būt aizstājējs: izvēlieties atmaksu vai vienkāršu ēdienu.',
      choiceClosed: 'Izvēles laiks ir beidzies: aizstājējs paliek jūsu pasūtījumā.',
      substituteSoldOut: 'Aizstājējs ir beidzies: ēdiena cena tika atmaksāta.',
      title: 'Izņemts no ēdienkartes: {dish}',
      bodyRefund:
        'Atvainojamies: ēdienkartē "{menu}" ēdiens {dish} ir beidzies vai neatbilda mūsu kvalitātei un ir izņemts. ' +
        'Tā cena jums ir atmaksāta (ja tas bija viss pasūtījums, pasūtījums ir atcelts). Jūsu pasūtījums: {link}',
      bodySubstitute:
        'Atvainojamies: ēdienkartē "{menu}" ēdiens {dish} ir beidzies vai neatbilda mūsu kvalitātei un ir izņemts. ' +
        'Tā vietā saņemsiet {substitute} bez piemaksas. Ja vēlaties naudu atpakaļ, izvēlieties atmaksu ' +
        'pasūtījuma lapā līdz {until}. Jūsu pasūtījums: {link}',
    },
    ru: {
      dishNotOnMenu: 'Этого блюда нет в этом меню.',
      chosenInSetMeals:
        'Это блюдо выбрано в комплексах в заказах: {count}. Их здесь изменить нельзя. Сначала свяжитесь с этими людьми или отмените их заказы.',
      substituteInvalid: 'Выберите замену среди других блюд этого меню.',
      substituteWithdrawn: 'Это блюдо тоже снято с меню: выберите другую замену или возврат.',
      substituteSetMeal: 'Комплекс нельзя снять с заменой и нельзя предложить как замену: выберите возврат или обычное блюдо.',
      choiceClosed: 'Время выбора прошло: замена остаётся в вашем заказе.',
      substituteSoldOut: 'Замена закончилась: стоимость блюда возвращена.',
      title: 'Снято с меню: {dish}',
      bodyRefund:
        'Приносим извинения: блюдо {dish} в меню «{menu}» закончилось или не прошло контроль качества и снято с меню. ' +
        'Его стоимость вам возвращена (если это был весь заказ, заказ отменён). Ваш заказ: {link}',
      bodySubstitute:
        'Приносим извинения: блюдо {dish} в меню «{menu}» закончилось или не прошло контроль качества и снято с меню. ' +
        'Вместо него вы получите {substitute} без доплаты. Если вы предпочитаете возврат денег, выберите его ' +
        'на странице заказа до {until}. Ваш заказ: {link}',
    },
  },
  'withdrawals',
);
