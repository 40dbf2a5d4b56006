import { defineMessages } from '../../lib/i18n.js';

type Key =
  | 'rangeReversed'
  | 'rangeTooLong'
  | 'otherLocations'
  | 'noLocation'
  | 'day'
  | 'menu'
  | 'prepared'
  | 'unlimited'
  | 'ordered'
  | 'leftOver'
  | 'notRecorded'
  | 'dish'
  | 'menus'
  | 'rank'
  | 'top'
  | 'bottom'
  | 'period'
  | 'location'
  | 'orders'
  | 'figure'
  | 'amount'
  | 'cash'
  | 'card'
  | 'bank'
  | 'subsidy'
  | 'bonus'
  | 'gross'
  | 'refunds'
  | 'cancelled'
  | 'standing'
  | 'share'
  | 'noLap'
  | 'lap'
  | 'month'
  | 'kind'
  | 'name'
  | 'onTime'
  | 'late'
  | 'rate'
  | 'noWindow'
  | 'departedOnTime'
  | 'departedLate'
  | 'departureRate';

/** Texts of the sales and waste dashboard (issue 27): errors and the CSV downloads' headers. */
export const dashboardText = defineMessages<Key>(
  {
    en: {
      rangeReversed: 'The end of the period must not be before its start.',
      rangeTooLong: 'Choose a period of at most 366 days.',
      otherLocations: 'Other locations',
      noLocation: 'No location',
      day: 'Day',
      menu: 'Menu',
      prepared: 'Prepared (portions)',
      unlimited: 'Dishes without a stock limit',
      ordered: 'Ordered (portions)',
      leftOver: 'Left over (portions)',
      notRecorded: 'not recorded',
      dish: 'Dish',
      menus: 'On menus',
      rank: 'List',
      top: 'Top',
      bottom: 'Bottom',
      period: 'Period from',
      location: 'Location',
      orders: 'Orders',
      figure: 'Figure',
      amount: 'Amount (EUR)',
      cash: 'Cash',
      card: 'Card',
      bank: 'Bank link',
      subsidy: 'Subsidy',
      bonus: 'Bonus',
      gross: 'Food value',
      refunds: 'Refunded',
      cancelled: 'Cancelled orders',
      standing: 'From standing orders',
      share: 'Share (%)',
      noLap: 'On no lap',
      lap: 'Lap',
      month: 'Month',
      kind: 'Row',
      name: 'Name',
      onTime: 'Delivered on time',
      late: 'Delivered late',
      rate: 'On time (%)',
      noWindow: 'Delivered without a window (not counted)',
      departedOnTime: 'Departed on time',
      departedLate: 'Departed late',
      departureRate: 'Departures on time (%)',
    },
    lv: {
      rangeReversed: 'Perioda beigas nedrīkst būt pirms tā sākuma.',
      rangeTooLong: 'Izvēlieties periodu, kas nav garāks par 366 dienām.',
      otherLocations: 'Citas vietas',
      noLocation: 'Bez vietas',
      day: 'Diena',
      menu: 'Ēdienkarte',
      prepared: 'Sagatavots (porcijas)',
      unlimited: 'Ēdieni bez atlikuma ierobežojuma',
      ordered: 'Pasūtīts (porcijas)',
      leftOver: 'Pāri palicis (porcijas)',
      notRecorded: 'nav reģistrēts',
      dish: 'Ēdiens',
      menus: 'Ēdienkartēs',
      rank: 'Saraksts',
      top: 'Populārākie',
      bottom: 'Mazāk pasūtītie',
      period: 'Periods no',
      location: 'Vieta',
      orders: 'Pasūtījumi',
      figure: 'Rādītājs',
      amount: 'Summa (EUR)',
      cash: 'Skaidrā naudā',
      card: 'Karte',
      bank: 'Bankas saite',
      subsidy: 'Dotācija',
      bonus: 'Bonuss',
      gross: 'Ēdiena vērtība',
      refunds: 'Atmaksāts',
      cancelled: 'Atcelti pasūtījumi',
      standing: 'No pastāvīgajiem pasūtījumiem',
      share: 'Daļa (%)',
      noLap: 'Nav nevienā maršrutā',
      lap: 'Maršruts',
      month: 'Mēnesis',
      kind: 'Rinda',
      name: 'Nosaukums',
      onTime: 'Piegādāts laikā',
      late: 'Piegādāts ar kavēšanos',
      rate: 'Laikā (%)',
      noWindow: 'Piegādāts bez solītā laika (neskaita)',
      departedOnTime: 'Izbrauca laikā',
      departedLate: 'Izbrauca ar kavēšanos',
      departureRate: 'Izbraukšanas laikā (%)',
    },
    ru: {
      rangeReversed: 'Конец периода не может быть раньше его начала.',
      rangeTooLong: 'Выберите период не длиннее 366 дней.',
      otherLocations: 'Другие места',
      noLocation: 'Без места',
      day: 'День',
      menu: 'Меню',
      prepared: 'Приготовлено (порций)',
      unlimited: 'Блюда без ограничения остатка',
      ordered: 'Заказано (порций)',
      leftOver: 'Осталось (порций)',
      notRecorded: 'не записано',
      dish: 'Блюдо',
      menus: 'В меню',
      rank: 'Список',
      top: 'Популярные',
      bottom: 'Реже всего',
      period: 'Период с',
      location: 'Место',
      orders: 'Заказы',
      figure: 'Показатель',
      amount: 'Сумма (EUR)',
      cash: 'Наличные',
      card: 'Карта',
      bank: 'Банковская ссылка',
      subsidy: 'Дотация',
      bonus: 'Бонус',
      gross: 'Стоимость еды',
      refunds: 'Возвращено',
      cancelled: 'Отменённые заказы',
      standing: 'Из постоянных заказов',
      share: 'Доля (%)',
      noLap: 'Ни в одном маршруте',
      lap: 'Маршрут',
      month: 'Месяц',
      kind: 'Строка',
      name: 'Название',
      onTime: 'Доставлено вовремя',
      late: 'Доставлено с опозданием',
      rate: 'Вовремя (%)',
      noWindow: 'Доставлено без обещанного времени (не учитывается)',
      departedOnTime: 'Выехал вовремя',
      departedLate: 'Выехал с опозданием',
      departureRate: 'Выезды вовремя (%)',
    },
  },
  'dashboard',
);
