import { defineMessages } from '../../lib/i18n.js';

type Key =
  | 'orderNotFound'
  | 'cancelled'
  | 'notDelivered'
  | 'windowClosed'
  | 'alreadyRated'
  | 'dishNotOnOrder'
  | 'linkNotFound'
  | 'linkUsed'
  | 'linkExpired'
  | 'linkCancelled';

/** Texts of the eater's ratings (issue 30, decision 079). */
export const ratingsText = defineMessages<Key>(
  {
    en: {
      orderNotFound: 'This order does not exist.',
      cancelled: 'This order was cancelled: there is nothing to rate.',
      notDelivered: 'This lunch has not been delivered yet: you can rate it once it arrives.',
      windowClosed: 'Rating this lunch closed at {until}: lunches can be rated until the end of the day after delivery.',
      alreadyRated: 'You have already rated this dish for this order; a rating cannot be changed.',
      dishNotOnOrder: 'This dish is not on this order.',
      linkNotFound: 'This rating link does not exist.',
      linkUsed: 'This rating link has already been used. Sign in to see your ratings on the order’s page.',
      linkExpired: 'This rating link has expired: lunches can be rated until the end of the day after delivery.',
      linkCancelled: 'This order was cancelled, so this rating link no longer works.',
    },
    lv: {
      orderNotFound: 'Šāds pasūtījums nepastāv.',
      cancelled: 'Šis pasūtījums ir atcelts: nav ko novērtēt.',
      notDelivered: 'Šīs pusdienas vēl nav piegādātas: tās varēs novērtēt, kad tās būs atvestas.',
      windowClosed: 'Šo pusdienu vērtēšana beidzās {until}: pusdienas var novērtēt līdz piegādei sekojošās dienas beigām.',
      alreadyRated: 'Jūs jau novērtējāt šo ēdienu šajā pasūtījumā; vērtējumu nevar mainīt.',
      dishNotOnOrder: 'Šī ēdiena nav šajā pasūtījumā.',
      linkNotFound: 'Šāda vērtēšanas saite nepastāv.',
      linkUsed: 'Šī vērtēšanas saite jau ir izmantota. Piesakieties, lai redzētu savus vērtējumus pasūtījuma lapā.',
      linkExpired: 'Šīs vērtēšanas saites termiņš ir beidzies: pusdienas var novērtēt līdz piegādei sekojošās dienas beigām.',
      linkCancelled: 'Šis pasūtījums ir atcelts, tāpēc vērtēšanas saite vairs nedarbojas.',
    },
    ru: {
      orderNotFound: 'Такого заказа нет.',
      cancelled: 'Этот заказ отменён: оценивать нечего.',
      notDelivered: 'Этот обед ещё не доставлен: его можно будет оценить после доставки.',
      windowClosed: 'Оценка этого обеда закрылась {until}: обед можно оценить до конца дня, следующего за доставкой.',
      alreadyRated: 'Вы уже оценили это блюдо в этом заказе; оценку нельзя изменить.',
      dishNotOnOrder: 'Этого блюда нет в этом заказе.',
      linkNotFound: 'Такой ссылки для оценки нет.',
      linkUsed: 'Эта ссылка для оценки уже использована. Войдите, чтобы увидеть свои оценки на странице заказа.',
      linkExpired: 'Срок этой ссылки для оценки истёк: обед можно оценить до конца дня, следующего за доставкой.',
      linkCancelled: 'Этот заказ отменён, поэтому ссылка для оценки больше не работает.',
    },
  },
  'ratings',
);
