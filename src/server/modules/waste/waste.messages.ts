import { defineMessages } from '../../lib/i18n.js';

type Key =
  | 'beforeDeadline'
  | 'notOnMenu'
  | 'notYourLocation'
  | 'locationNotFound'
  | 'title'
  | 'provider'
  | 'location'
  | 'allLocations'
  | 'month'
  | 'menus'
  | 'dish'
  | 'portions'
  | 'portionGrams'
  | 'kg'
  | 'weightNotSet'
  | 'total'
  | 'unweighed'
  | 'co2e'
  | 'factor'
  | 'method'
  | 'locationShare'
  | 'nothing'
  | 'generated';

/** Texts of leftovers and the monthly waste summary (issue 27, decision 064). */
export const wasteText = defineMessages<Key>(
  {
    en: {
      beforeDeadline: 'Leftovers can be recorded once the menu’s deadline has passed.',
      notOnMenu: 'This dish is not on the menu.',
      notYourLocation: 'You can only see the waste summary of your own location.',
      locationNotFound: 'Location not found',
      title: 'Monthly waste summary',
      provider: 'Provider',
      location: 'Location',
      allLocations: 'All locations',
      month: 'Month',
      menus: 'Menus',
      dish: 'Dish',
      portions: 'Portions left over',
      portionGrams: 'Portion, g',
      kg: 'kg',
      weightNotSet: 'weight not set',
      total: 'Total',
      unweighed: 'Portions without a portion weight (not in the kilograms): {n}',
      co2e: 'Estimated CO₂e: {kg} kg',
      factor: 'Factor: {grams} g CO₂e per kg of food · source: {source}',
      method: 'Kilograms = portions × the dish’s portion weight; the total is rounded from the unrounded sum; CO₂e = total kg × factor.',
      locationShare: 'A location’s share of each menu’s leftovers follows its share of the orders placed on that menu.',
      nothing: 'No leftovers were recorded this month.',
      generated: 'Generated {date}',
    },
    lv: {
      beforeDeadline: 'Pāri palikušo var ierakstīt, kad ēdienkartes pasūtīšanas termiņš ir beidzies.',
      notOnMenu: 'Šī ēdiena nav ēdienkartē.',
      notYourLocation: 'Jūs varat skatīt tikai savas vietas atkritumu pārskatu.',
      locationNotFound: 'Vieta nav atrasta',
      title: 'Mēneša pārtikas atkritumu pārskats',
      provider: 'Piegādātājs',
      location: 'Vieta',
      allLocations: 'Visas vietas',
      month: 'Mēnesis',
      menus: 'Ēdienkartes',
      dish: 'Ēdiens',
      portions: 'Pāri palikušās porcijas',
      portionGrams: 'Porcija, g',
      kg: 'kg',
      weightNotSet: 'svars nav norādīts',
      total: 'Kopā',
      unweighed: 'Porcijas bez porcijas svara (nav ieskaitītas kilogramos): {n}',
      co2e: 'Aptuvenais CO₂e: {kg} kg',
      factor: 'Koeficients: {grams} g CO₂e uz kg pārtikas · avots: {source}',
      method: 'Kilogrami = porcijas × ēdiena porcijas svars; kopsumma noapaļota no nenoapaļotās summas; CO₂e = kopējie kg × koeficients.',
      locationShare: 'Vietas daļa katras ēdienkartes pāri palikušajā atbilst tās daļai šīs ēdienkartes pasūtījumos.',
      nothing: 'Šajā mēnesī pāri palikušais nav ierakstīts.',
      generated: 'Izveidots {date}',
    },
    ru: {
      beforeDeadline: 'Оставшиеся порции можно записать после окончания срока заказа меню.',
      notOnMenu: 'Этого блюда нет в меню.',
      notYourLocation: 'Вы можете видеть отчёт об отходах только своего места.',
      locationNotFound: 'Место не найдено',
      title: 'Месячный отчёт о пищевых отходах',
      provider: 'Поставщик',
      location: 'Место',
      allLocations: 'Все места',
      month: 'Месяц',
      menus: 'Меню',
      dish: 'Блюдо',
      portions: 'Оставшиеся порции',
      portionGrams: 'Порция, г',
      kg: 'кг',
      weightNotSet: 'вес не указан',
      total: 'Итого',
      unweighed: 'Порции без веса порции (не вошли в килограммы): {n}',
      co2e: 'Оценка CO₂e: {kg} кг',
      factor: 'Коэффициент: {grams} г CO₂e на кг еды · источник: {source}',
      method: 'Килограммы = порции × вес порции блюда; итог округлён из неокруглённой суммы; CO₂e = итого кг × коэффициент.',
      locationShare: 'Доля места в оставшихся порциях каждого меню равна его доле в заказах этого меню.',
      nothing: 'В этом месяце оставшиеся порции не записаны.',
      generated: 'Создано {date}',
    },
  },
  'waste',
);
