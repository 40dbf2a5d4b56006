import { defineMessages } from '../../lib/i18n.js';

type Key =
  | 'sheetTitle'
  | 'menu'
  | 'toPrepare'
  | 'category'
  | 'dish'
  | 'qty'
  | 'categoryTotal'
  | 'portionsTotal'
  | 'setMeals'
  | 'toPack'
  | 'lap'
  | 'noLap'
  | 'noLocation'
  | 'meetingMark'
  | 'deliverTo'
  | 'guestOf'
  | 'stop'
  | 'person'
  | 'order'
  | 'lines'
  | 'allergens'
  | 'contains'
  | 'containsAlert'
  | 'labelUnconfirmed'
  | 'ingredientsLead'
  | 'containsLead'
  | 'mayContain'
  | 'prepared'
  | 'useBy'
  | 'netWeight'
  | 'continued'
  | 'labelOf'
  | 'warned'
  | 'shift'
  | 'comment'
  | 'nothing'
  | 'generated'
  | 'labelsTitle'
  | 'orderNo'
  | 'portionOf'
  | 'lapNotFound'
  | 'locationNotFound'
  | 'portionNotFound'
  | 'orderCancelled'
  | 'orderNotPlaced'
  | 'notHandedOver'
  | 'undoTooLate';

/** Texts of the kitchen's print-outs (issue 14, decision 040): the production sheet and the labels. */
export const kitchenText = defineMessages<Key>(
  {
    en: {
      sheetTitle: 'Production sheet',
      menu: 'Menu',
      toPrepare: 'To prepare',
      category: 'Category',
      dish: 'Dish',
      qty: 'Qty',
      categoryTotal: 'Total',
      portionsTotal: 'Portions in all',
      setMeals: 'Set meals',
      toPack: 'To pack',
      lap: 'Lap',
      noLap: 'On no lap',
      noLocation: 'No location',
      meetingMark: 'Meeting',
      deliverTo: 'Deliver to',
      guestOf: '{name} · guest',
      stop: 'stop {n}',
      person: 'Person',
      order: 'Order',
      lines: 'What',
      allergens: 'Allergens',
      contains: 'Contains: {list}',
      containsAlert: '! ALLERGY · contains: {list}',
      labelUnconfirmed: 'Allergens not confirmed',
      ingredientsLead: 'Ingredients:',
      containsLead: 'Contains:',
      mayContain: 'May contain: {list}',
      prepared: 'Prepared {date}',
      useBy: 'use by {at}',
      netWeight: 'net weight {grams} g',
      continued: 'continued {n}/{total}',
      labelOf: 'label 1 of {total}',
      warned: 'Avoids: {list}',
      shift: 'Shift',
      comment: 'Comment',
      nothing: 'There is nothing to display...',
      generated: 'Generated {date}',
      labelsTitle: 'Labels',
      orderNo: 'Order {n}',
      portionOf: '{n} of {total}',
      lapNotFound: 'Lap not found',
      locationNotFound: 'Location not found',
      portionNotFound: 'This label’s portion was not found.',
      orderCancelled: 'Order {n} was cancelled: do not hand this portion over.',
      orderNotPlaced: 'Order {n} is not paid or not placed: do not hand this portion over.',
      notHandedOver: 'This portion is not marked handed over.',
      undoTooLate: 'The minute to undo is over: the hand-over stays recorded.',
    },
    lv: {
      sheetTitle: 'Ražošanas lapa',
      menu: 'Ēdienkarte',
      toPrepare: 'Jāsagatavo',
      category: 'Kategorija',
      dish: 'Ēdiens',
      qty: 'Skaits',
      categoryTotal: 'Kopā',
      portionsTotal: 'Porcijas kopā',
      setMeals: 'Kompleksi',
      toPack: 'Jāiepako',
      lap: 'Maršruts',
      noLap: 'Nav maršrutā',
      noLocation: 'Bez vietas',
      meetingMark: 'Sanāksme',
      deliverTo: 'Piegādāt',
      guestOf: '{name} · viesis',
      stop: '{n}. pietura',
      person: 'Persona',
      order: 'Pasūtījums',
      lines: 'Kas',
      allergens: 'Alergēni',
      contains: 'Satur: {list}',
      containsAlert: '! ALERĢIJA · satur: {list}',
      labelUnconfirmed: 'Alergēni nav apstiprināti',
      ingredientsLead: 'Sastāvdaļas:',
      containsLead: 'Satur:',
      mayContain: 'Var saturēt: {list}',
      prepared: 'Pagatavots {date}',
      useBy: 'izlietot līdz {at}',
      netWeight: 'neto masa {grams} g',
      continued: 'turpinājums {n}/{total}',
      labelOf: '1. etiķete no {total}',
      warned: 'Izvairās: {list}',
      shift: 'Maiņa',
      comment: 'Komentārs',
      nothing: 'Nav ko attēlot...',
      generated: 'Sagatavots {date}',
      labelsTitle: 'Etiķetes',
      orderNo: 'Pasūtījums {n}',
      portionOf: '{n} no {total}',
      lapNotFound: 'Maršruts nav atrasts',
      locationNotFound: 'Vieta nav atrasta',
      portionNotFound: 'Šīs etiķetes porcija nav atrasta.',
      orderCancelled: 'Pasūtījums {n} ir atcelts: šo porciju nenododiet.',
      orderNotPlaced: 'Pasūtījums {n} nav apmaksāts vai noformēts: šo porciju nenododiet.',
      notHandedOver: 'Šī porcija nav atzīmēta kā nodota.',
      undoTooLate: 'Atsaukšanas minūte ir beigusies: nodošana paliek reģistrēta.',
    },
    ru: {
      sheetTitle: 'Производственный лист',
      menu: 'Меню',
      toPrepare: 'Приготовить',
      category: 'Категория',
      dish: 'Блюдо',
      qty: 'Кол-во',
      categoryTotal: 'Итого',
      portionsTotal: 'Всего порций',
      setMeals: 'Комплексы',
      toPack: 'Упаковать',
      lap: 'Маршрут',
      noLap: 'Вне маршрутов',
      noLocation: 'Без места',
      meetingMark: 'Встреча',
      deliverTo: 'Доставить',
      guestOf: '{name} · гость',
      stop: 'остановка {n}',
      person: 'Человек',
      order: 'Заказ',
      lines: 'Что',
      allergens: 'Аллергены',
      contains: 'Содержит: {list}',
      containsAlert: '! АЛЛЕРГИЯ · содержит: {list}',
      labelUnconfirmed: 'Аллергены не подтверждены',
      ingredientsLead: 'Состав:',
      containsLead: 'Содержит:',
      mayContain: 'Может содержать: {list}',
      prepared: 'Приготовлено {date}',
      useBy: 'использовать до {at}',
      netWeight: 'масса нетто {grams} г',
      continued: 'продолжение {n}/{total}',
      labelOf: 'этикетка 1 из {total}',
      warned: 'Избегает: {list}',
      shift: 'Смена',
      comment: 'Комментарий',
      nothing: 'Нечего показать...',
      generated: 'Создано {date}',
      labelsTitle: 'Этикетки',
      orderNo: 'Заказ {n}',
      portionOf: '{n} из {total}',
      lapNotFound: 'Маршрут не найден',
      locationNotFound: 'Место не найдено',
      portionNotFound: 'Порция этой этикетки не найдена.',
      orderCancelled: 'Заказ {n} отменён: не передавайте эту порцию.',
      orderNotPlaced: 'Заказ {n} не оплачен или не оформлен: не передавайте эту порцию.',
      notHandedOver: 'Эта порция не отмечена как выданная.',
      undoTooLate: 'Минута на отмену прошла: выдача остаётся записанной.',
    },
  },
  'kitchen',
);
