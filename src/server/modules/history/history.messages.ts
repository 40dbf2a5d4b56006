import { defineMessages } from '../../lib/i18n.js';

type Key =
  | 'reportTitle'
  | 'location'
  | 'menu'
  | 'orderedOn'
  | 'name'
  | 'items'
  | 'payment'
  | 'amount'
  | 'subsidy'
  | 'bonus'
  | 'toPay'
  | 'total'
  | 'cash'
  | 'card'
  | 'bank'
  | 'none'
  | 'generated';

/** Texts of the history area (the PDF report). */
export const historyText = defineMessages<Key>(
  {
    en: {
      reportTitle: 'Order report',
      location: 'Location',
      menu: 'Menu',
      orderedOn: 'Ordered on',
      name: 'Name',
      items: 'Items',
      payment: 'Payment',
      amount: 'Amount',
      subsidy: 'Subsidy',
      bonus: 'Bonus',
      toPay: 'To pay',
      total: 'Total',
      cash: 'Cash',
      card: 'Card',
      bank: 'Bank',
      none: 'There is nothing to display...',
      generated: 'Generated {date}',
    },
    lv: {
      reportTitle: 'Pasūtījumu atskaite',
      location: 'Vieta',
      menu: 'Ēdienkarte',
      orderedOn: 'Pasūtīts',
      name: 'Vārds',
      items: 'Ēdieni',
      payment: 'Apmaksa',
      amount: 'Summa',
      subsidy: 'Dotācija',
      bonus: 'Bonuss',
      toPay: 'Maksājams',
      total: 'Kopā',
      cash: 'Skaidrā naudā',
      card: 'Karte',
      bank: 'Banka',
      none: 'Nav ko attēlot...',
      generated: 'Sagatavots {date}',
    },
    ru: {
      reportTitle: 'Отчёт о заказах',
      location: 'Место',
      menu: 'Меню',
      orderedOn: 'Заказано',
      name: 'Имя',
      items: 'Блюда',
      payment: 'Оплата',
      amount: 'Сумма',
      subsidy: 'Субсидия',
      bonus: 'Бонус',
      toPay: 'К оплате',
      total: 'Итого',
      cash: 'Наличные',
      card: 'Карта',
      bank: 'Банк',
      none: 'Нечего показать...',
      generated: 'Создано {date}',
    },
  },
  'history',
);
