import { defineMessages } from '../../lib/i18n.js';

type Key = 'amountZero' | 'orderNotFound' | 'locationNotFound';

/** Texts of the ledger area (corrections). */
export const ledgerText = defineMessages<Key>({
  en: {
    amountZero: 'A correction must change the amount: enter a sum other than 0.',
    orderNotFound: 'There is no order with this number.',
    locationNotFound: 'Location not found',
  },
  lv: {
    amountZero: 'Korekcijai jāmaina summa: ievadiet summu, kas nav 0.',
    orderNotFound: 'Pasūtījums ar šādu numuru nav atrasts.',
    locationNotFound: 'Vieta nav atrasta',
  },
  ru: {
    amountZero: 'Корректировка должна менять сумму: введите сумму, отличную от 0.',
    orderNotFound: 'Заказ с таким номером не найден.',
    locationNotFound: 'Место не найдено',
  },
});
