import { defineMessages } from '../../lib/i18n.js';

type Key = 'allergensUnconfirmed' | 'lineAllergens' | 'noAllergens';

/** Texts of orders' allergens in words on print-outs (the orders print-out, the lap report, the kitchen's sheet and labels). */
export const ordersText = defineMessages<Key>(
  {
    en: {
      allergensUnconfirmed: 'not confirmed',
      lineAllergens: 'Allergens: {list}',
      noAllergens: 'none',
    },
    lv: {
      allergensUnconfirmed: 'nav apstiprināti',
      lineAllergens: 'Alergēni: {list}',
      noAllergens: 'nav',
    },
    ru: {
      allergensUnconfirmed: 'не подтверждены',
      lineAllergens: 'Аллергены: {list}',
      noAllergens: 'нет',
    },
  },
  'orders',
);
