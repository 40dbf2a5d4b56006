import { defineMessages } from '../../lib/i18n.js';

type Key = 'onTimeTitle' | 'location' | 'window' | 'delivered' | 'minutesLate' | 'noWindow' | 'notDelivered' | 'dayRate' | 'leftOut';

/** Texts of the lap report's on-time block (issue 28, decision 071). */
export const onTimeText = defineMessages<Key>(
  {
    en: {
      onTimeTitle: 'Delivery times',
      location: 'Location',
      window: 'Promised window',
      delivered: 'Delivered',
      minutesLate: 'Minutes late',
      noWindow: 'no window',
      notDelivered: 'not delivered',
      dayRate: 'Delivered on time today: {onTime} of {counted} ({rate} %)',
      leftOut: 'Delivered without a window (not counted): {count}',
    },
    lv: {
      onTimeTitle: 'Piegādes laiki',
      location: 'Vieta',
      window: 'Solītais laiks',
      delivered: 'Piegādāts',
      minutesLate: 'Kavēšanās (min)',
      noWindow: 'bez solītā laika',
      notDelivered: 'nav piegādāts',
      dayRate: 'Šodien piegādāts laikā: {onTime} no {counted} ({rate} %)',
      leftOut: 'Piegādāts bez solītā laika (netiek skaitīts): {count}',
    },
    ru: {
      onTimeTitle: 'Время доставки',
      location: 'Место',
      window: 'Обещанное время',
      delivered: 'Доставлено',
      minutesLate: 'Опоздание (мин)',
      noWindow: 'без обещанного времени',
      notDelivered: 'не доставлено',
      dayRate: 'Сегодня доставлено вовремя: {onTime} из {counted} ({rate} %)',
      leftOut: 'Доставлено без обещанного времени (не учитывается): {count}',
    },
  },
  'ontime',
);
