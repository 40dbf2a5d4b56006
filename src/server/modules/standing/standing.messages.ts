import { defineMessages } from '../../lib/i18n.js';

type Key =
  | 'notYours'
  | 'dishNotFound'
  | 'weekdaysTaken'
  | 'optionsNotSetMeal'
  | 'optionInvalid'
  | 'optionMissing'
  | 'paymentNotOffered'
  | 'bankMissing'
  | 'bankUnknown'
  | 'shiftMissing'
  | 'shiftUnknown'
  | 'placedSubject'
  | 'placedBody'
  | 'preparedSubject'
  | 'preparedBody'
  | 'refusedSubject'
  | 'refusedBody'
  | 'why_stock'
  | 'why_notOnMenu'
  | 'why_alreadyOrdered'
  | 'why_invalid'
  | 'pushPlaced'
  | 'pushPrepared'
  | 'pushRefused';

/** Texts of the standing orders: API answers, and the e-mail and push that tell what was placed or why not. */
export const standingText = defineMessages<Key>(
  {
    en: {
      notYours: 'This standing order is not yours.',
      dishNotFound: 'This dish does not exist.',
      weekdaysTaken: 'Another standing order of yours already orders on one of these days.',
      optionsNotSetMeal: 'This dish is not a set meal: it has no options.',
      optionInvalid: 'One of the options is not in this set meal, or a group is chosen twice.',
      optionMissing: 'Choose an option in "{group}".',
      paymentNotOffered: 'This payment method is not offered.',
      bankMissing: 'Choose a bank.',
      bankUnknown: 'This bank is not offered.',
      shiftMissing: 'Choose your shift.',
      shiftUnknown: 'This shift is not one of your location’s.',
      placedSubject: 'Lunch ordered for {day}: {dish}',
      placedBody:
        'Hello {name},\n\nYour standing order placed an order for {day} from the menu "{menu}": {dish} × {qty}, to pay {amount} EUR.\n\nYou can cancel or change it until {deadline}:\n{link}',
      preparedSubject: 'Lunch for {day} is ready to pay: {dish}',
      preparedBody:
        'Hello {name},\n\nYour standing order prepared {dish} × {qty} for {day} from the menu "{menu}". It is paid by {payment}, so it is not ordered until you pay: {amount} EUR, by {deadline}.\n\nPay here:\n{link}',
      refusedSubject: 'Lunch for {day} was not ordered',
      refusedBody:
        'Hello {name},\n\nYour standing order did not order {dish} for {day} (menu "{menu}"): {why}\n\nYou can order yourself until {deadline}:\n{link}',
      why_stock: 'it is sold out.',
      why_notOnMenu: 'it is not on that menu, and nothing else is chosen in its place.',
      why_alreadyOrdered: 'you already have an order on that menu.',
      why_invalid: 'the order was refused (check the payment, shift and location in your standing order).',
      pushPlaced: 'Ordered for {day}: {dish}',
      pushPrepared: 'Ready to pay for {day}: {dish}',
      pushRefused: 'Not ordered for {day}: {dish}',
    },
    lv: {
      notYours: 'Šis pastāvīgais pasūtījums nav jūsu.',
      dishNotFound: 'Šāds ēdiens nepastāv.',
      weekdaysTaken: 'Kāds cits jūsu pastāvīgais pasūtījums jau pasūta kādā no šīm dienām.',
      optionsNotSetMeal: 'Šis ēdiens nav komplekss: tam nav izvēļu.',
      optionInvalid: 'Kāda no izvēlēm nav šajā kompleksā, vai grupa izvēlēta divreiz.',
      optionMissing: 'Izvēlieties grupā "{group}".',
      paymentNotOffered: 'Šis apmaksas veids netiek piedāvāts.',
      bankMissing: 'Izvēlieties banku.',
      bankUnknown: 'Šī banka netiek piedāvāta.',
      shiftMissing: 'Izvēlieties savu maiņu.',
      shiftUnknown: 'Šī maiņa nav jūsu vietas maiņa.',
      placedSubject: 'Pusdienas pasūtītas {day}: {dish}',
      placedBody:
        'Sveiki, {name}!\n\nJūsu pastāvīgais pasūtījums pasūtīja {day} no ēdienkartes "{menu}": {dish} × {qty}, maksājams {amount} EUR.\n\nTo var atcelt vai mainīt līdz {deadline}:\n{link}',
      preparedSubject: 'Pusdienas {day} gaida apmaksu: {dish}',
      preparedBody:
        'Sveiki, {name}!\n\nJūsu pastāvīgais pasūtījums sagatavoja {dish} × {qty} {day} no ēdienkartes "{menu}". Apmaksa ir ar {payment}, tāpēc tas nav pasūtīts, kamēr nesamaksājat: {amount} EUR līdz {deadline}.\n\nSamaksājiet šeit:\n{link}',
      refusedSubject: 'Pusdienas {day} netika pasūtītas',
      refusedBody:
        'Sveiki, {name}!\n\nJūsu pastāvīgais pasūtījums nepasūtīja {dish} {day} (ēdienkarte "{menu}"): {why}\n\nVarat pasūtīt pats līdz {deadline}:\n{link}',
      why_stock: 'tas ir izpārdots.',
      why_notOnMenu: 'tā nav šajā ēdienkartē, un tā vietā nekas cits netiek izvēlēts.',
      why_alreadyOrdered: 'jums šajā ēdienkartē jau ir pasūtījums.',
      why_invalid: 'pasūtījums tika atteikts (pārbaudiet apmaksu, maiņu un vietu pastāvīgajā pasūtījumā).',
      pushPlaced: 'Pasūtīts {day}: {dish}',
      pushPrepared: 'Gaida apmaksu {day}: {dish}',
      pushRefused: 'Nav pasūtīts {day}: {dish}',
    },
    ru: {
      notYours: 'Этот постоянный заказ не ваш.',
      dishNotFound: 'Такого блюда нет.',
      weekdaysTaken: 'Другой ваш постоянный заказ уже заказывает в один из этих дней.',
      optionsNotSetMeal: 'Это блюдо не комплекс: у него нет вариантов.',
      optionInvalid: 'Один из вариантов не входит в этот комплекс, или группа выбрана дважды.',
      optionMissing: 'Выберите вариант в группе «{group}».',
      paymentNotOffered: 'Этот способ оплаты не предлагается.',
      bankMissing: 'Выберите банк.',
      bankUnknown: 'Этот банк не предлагается.',
      shiftMissing: 'Выберите свою смену.',
      shiftUnknown: 'Эта смена не относится к вашему месту.',
      placedSubject: 'Обед заказан на {day}: {dish}',
      placedBody:
        'Здравствуйте, {name}!\n\nВаш постоянный заказ оформил заказ на {day} из меню «{menu}»: {dish} × {qty}, к оплате {amount} EUR.\n\nЕго можно отменить или изменить до {deadline}:\n{link}',
      preparedSubject: 'Обед на {day} ждёт оплаты: {dish}',
      preparedBody:
        'Здравствуйте, {name}!\n\nВаш постоянный заказ подготовил {dish} × {qty} на {day} из меню «{menu}». Оплата — {payment}, поэтому заказ не оформлен, пока вы не оплатите: {amount} EUR до {deadline}.\n\nОплатить здесь:\n{link}',
      refusedSubject: 'Обед на {day} не заказан',
      refusedBody:
        'Здравствуйте, {name}!\n\nВаш постоянный заказ не заказал {dish} на {day} (меню «{menu}»): {why}\n\nВы можете заказать сами до {deadline}:\n{link}',
      why_stock: 'блюдо распродано.',
      why_notOnMenu: 'блюда нет в этом меню, а замена не выбирается.',
      why_alreadyOrdered: 'у вас уже есть заказ в этом меню.',
      why_invalid: 'заказ отклонён (проверьте оплату, смену и место в постоянном заказе).',
      pushPlaced: 'Заказано на {day}: {dish}',
      pushPrepared: 'Ждёт оплаты на {day}: {dish}',
      pushRefused: 'Не заказано на {day}: {dish}',
    },
  },
  'standing',
);

/** Payment names in the e-mails. */
export const PAYMENT_NAMES = {
  en: { cash: 'cash', card: 'card', bank: 'bank link', subsidy: 'subsidy', bonus: 'bonus' },
  lv: { cash: 'skaidrā naudā', card: 'karti', bank: 'bankas saiti', subsidy: 'dotācija', bonus: 'bonuss' },
  ru: { cash: 'наличными', card: 'картой', bank: 'через банк', subsidy: 'дотация', bonus: 'бонус' },
} as const;
