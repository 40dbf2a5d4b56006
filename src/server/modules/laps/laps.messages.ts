import { defineMessages } from '../../lib/i18n.js';

type Key =
  | 'locationNotFound'
  | 'onOtherLap'
  | 'notOnLap'
  | 'reportTitle'
  | 'lap'
  | 'menu'
  | 'toLoad'
  | 'category'
  | 'dish'
  | 'qty'
  | 'setMeals'
  | 'stops'
  | 'location'
  | 'orders'
  | 'total'
  | 'card'
  | 'subsidyBonus'
  | 'cashToCollect'
  | 'cashBalance'
  | 'currentPayment'
  | 'notRecorded'
  | 'none'
  | 'noLocations'
  | 'generated'
  | 'busy'
  | 'contact'
  | 'bags'
  | 'handOver'
  | 'status'
  | 'loaded'
  | 'delivered'
  | 'problem'
  | 'noLap'
  | 'sheet'
  | 'notADriver'
  | 'estimateOffDay'
  | 'estimatePast'
  | 'notMenuDay'
  | 'estimateProblemOnly'
  | 'window'
  | 'departs'
  | 'estimate';

/** Texts of the laps area (errors and the PDF report). */
export const lapText = defineMessages<Key>(
  {
    en: {
      locationNotFound: 'Location not found',
      onOtherLap: 'This location is already on the lap “{title}”.',
      notOnLap: 'This location is not on the lap.',
      reportTitle: 'Lap report',
      lap: 'Lap',
      menu: 'Menu',
      toLoad: 'To load',
      category: 'Category',
      dish: 'Dish',
      qty: 'Qty',
      setMeals: 'Set meals',
      stops: 'Locations',
      location: 'Location',
      orders: 'Orders',
      total: 'Total',
      card: 'Card',
      subsidyBonus: 'Subsidy / bonus',
      cashToCollect: 'Cash to collect',
      cashBalance: 'Cash collected',
      currentPayment: 'Still to collect',
      notRecorded: '—',
      none: 'There is nothing to display...',
      noLocations: 'The lap has no locations.',
      generated: 'Generated {date}',
      busy: 'The lap carries the report of the menu “{menu}”, whose day has not ended. Delete it after that day, or make it inactive.',
      contact: 'Contact',
      bags: 'Bags',
      handOver: 'Hand over',
      status: 'Status',
      loaded: 'Loaded',
      delivered: 'Delivered',
      problem: 'Problem',
      noLap: 'On no lap',
      sheet: 'Lap sheet',
      notADriver: 'Choose an active staff member.',
      estimateOffDay: 'The new estimate must be on the menu’s day.',
      estimatePast: 'The new estimate is already in the past.',
      notMenuDay: 'A lap departs and arrives only on its menu’s day.',
      estimateProblemOnly: 'A new estimate goes with a problem.',
      window: 'Expected',
      departs: 'Departs {time}',
      estimate: 'New estimate {time}',
    },
    lv: {
      locationNotFound: 'Vieta nav atrasta',
      onOtherLap: 'Šī vieta jau ir maršrutā “{title}”.',
      notOnLap: 'Šīs vietas maršrutā nav.',
      reportTitle: 'Maršruta atskaite',
      lap: 'Maršruts',
      menu: 'Ēdienkarte',
      toLoad: 'Jāiekrauj',
      category: 'Kategorija',
      dish: 'Ēdiens',
      qty: 'Skaits',
      setMeals: 'Kompleksi',
      stops: 'Vietas',
      location: 'Vieta',
      orders: 'Pasūtījumi',
      total: 'Kopā',
      card: 'Karte',
      subsidyBonus: 'Dotācija / bonuss',
      cashToCollect: 'Jāiekasē skaidrā naudā',
      cashBalance: 'Iekasēts',
      currentPayment: 'Vēl jāiekasē',
      notRecorded: '—',
      none: 'Nav ko attēlot...',
      noLocations: 'Maršrutā nav vietu.',
      generated: 'Sagatavots {date}',
      busy: 'Maršrutam ir ēdienkartes “{menu}” atskaite, un tās diena vēl nav beigusies. Dzēsiet to pēc šīs dienas vai padariet neaktīvu.',
      contact: 'Kontaktpersona',
      bags: 'Maisiņi',
      handOver: 'Jānodod',
      status: 'Statuss',
      loaded: 'Iekrauts',
      delivered: 'Piegādāts',
      problem: 'Problēma',
      noLap: 'Nav maršrutā',
      sheet: 'Maršruta lapa',
      notADriver: 'Izvēlieties aktīvu darbinieku.',
      estimateOffDay: 'Jaunajam paredzētajam laikam jābūt ēdienkartes dienā.',
      estimatePast: 'Jaunais paredzētais laiks jau ir pagājis.',
      notMenuDay: 'Maršruts izbrauc un ierodas tikai ēdienkartes dienā.',
      estimateProblemOnly: 'Jaunu paredzēto laiku var norādīt tikai kopā ar problēmu.',
      window: 'Paredzēts',
      departs: 'Izbrauc {time}',
      estimate: 'Jauns paredzētais laiks {time}',
    },
    ru: {
      locationNotFound: 'Место не найдено',
      onOtherLap: 'Это место уже в маршруте «{title}».',
      notOnLap: 'Этого места нет в маршруте.',
      reportTitle: 'Отчёт по маршруту',
      lap: 'Маршрут',
      menu: 'Меню',
      toLoad: 'Погрузить в машину',
      category: 'Категория',
      dish: 'Блюдо',
      qty: 'Кол-во',
      setMeals: 'Комплексы',
      stops: 'Места',
      location: 'Место',
      orders: 'Заказы',
      total: 'Итого',
      card: 'Карта',
      subsidyBonus: 'Субсидия / бонус',
      cashToCollect: 'Собрать наличными',
      cashBalance: 'Собрано',
      currentPayment: 'Осталось собрать',
      notRecorded: '—',
      none: 'Нечего показать...',
      noLocations: 'В маршруте нет мест.',
      generated: 'Создано {date}',
      busy: 'У маршрута есть отчёт по меню «{menu}», день которого ещё не закончился. Удалите его после этого дня или сделайте неактивным.',
      contact: 'Контакт',
      bags: 'Пакеты',
      handOver: 'Передать',
      status: 'Статус',
      loaded: 'Погружено',
      delivered: 'Доставлено',
      problem: 'Проблема',
      noLap: 'Вне маршрутов',
      sheet: 'Маршрутный лист',
      notADriver: 'Выберите активного сотрудника.',
      estimateOffDay: 'Новое ожидаемое время должно быть в день меню.',
      estimatePast: 'Новое ожидаемое время уже прошло.',
      notMenuDay: 'Маршрут отправляется и прибывает только в день меню.',
      estimateProblemOnly: 'Новое ожидаемое время указывается только вместе с проблемой.',
      window: 'Ожидается',
      departs: 'Выезд {time}',
      estimate: 'Новое ожидаемое время {time}',
    },
  },
  'laps',
);
