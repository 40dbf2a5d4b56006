import { defineMessages } from '../../lib/i18n.js';

type Key =
  | 'cardConsent'
  | 'bankConsent'
  | 'pageTitle'
  | 'sandboxNotice'
  | 'order'
  | 'amount'
  | 'method'
  | 'card'
  | 'approve'
  | 'decline'
  | 'notPending'
  | 'back'
  | 'unknownPayment'
  | 'badSignature'
  | 'gatewayUnavailable';

/** Texts of the payments area (sandbox page included). */
export const paymentsText = defineMessages<Key>(
  {
    en: {
      cardConsent: 'By paying by card I agree that the payment is processed by the payment service provider.',
      bankConsent: 'By paying through my bank I agree that the payment is processed by the payment service provider.',
      pageTitle: 'Payment',
      sandboxNotice: 'Test payment: no money is charged.',
      order: 'Order',
      amount: 'Amount',
      method: 'Payment method',
      card: 'Payment card',
      approve: 'Approve payment',
      decline: 'Decline',
      notPending: 'This payment is no longer waiting for a decision.',
      back: 'Back to the shop',
      unknownPayment: 'Payment not found.',
      badSignature: 'The notification signature is not valid.',
      gatewayUnavailable: 'The payment page could not be opened. Please try again in a moment.',
    },
    lv: {
      cardConsent: 'Maksājot ar karti, es piekrītu, ka maksājumu apstrādā maksājumu pakalpojumu sniedzējs.',
      bankConsent: 'Maksājot ar savas bankas starpniecību, es piekrītu, ka maksājumu apstrādā maksājumu pakalpojumu sniedzējs.',
      pageTitle: 'Maksājums',
      sandboxNotice: 'Testa maksājums: nauda netiek iekasēta.',
      order: 'Pasūtījums',
      amount: 'Summa',
      method: 'Maksājuma veids',
      card: 'Maksājumu karte',
      approve: 'Apstiprināt maksājumu',
      decline: 'Atteikt',
      notPending: 'Šis maksājums vairs negaida lēmumu.',
      back: 'Atpakaļ uz veikalu',
      unknownPayment: 'Maksājums nav atrasts.',
      badSignature: 'Paziņojuma paraksts nav derīgs.',
      gatewayUnavailable: 'Maksājuma lapu neizdevās atvērt. Lūdzu, pēc brīža mēģiniet vēlreiz.',
    },
    ru: {
      cardConsent: 'Оплачивая картой, я соглашаюсь, что платёж обрабатывает поставщик платёжных услуг.',
      bankConsent: 'Оплачивая через свой банк, я соглашаюсь, что платёж обрабатывает поставщик платёжных услуг.',
      pageTitle: 'Оплата',
      sandboxNotice: 'Тестовый платёж: деньги не списываются.',
      order: 'Заказ',
      amount: 'Сумма',
      method: 'Способ оплаты',
      card: 'Платёжная карта',
      approve: 'Подтвердить оплату',
      decline: 'Отклонить',
      notPending: 'Этот платёж больше не ожидает решения.',
      back: 'Вернуться в магазин',
      unknownPayment: 'Платёж не найден.',
      badSignature: 'Подпись уведомления недействительна.',
      gatewayUnavailable: 'Не удалось открыть страницу оплаты. Пожалуйста, попробуйте ещё раз чуть позже.',
    },
  },
  'payments',
);
