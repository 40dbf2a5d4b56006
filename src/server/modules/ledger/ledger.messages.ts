import { defineMessages } from '../../lib/i18n.js';

type Key = 'amountZero' | 'orderNotFound' | 'locationNotFound' | 'locationRequired';

/** Texts of the ledger area (corrections). */
export const ledgerText = defineMessages<Key>(
  {
    en: {
      amountZero: 'A correction must change the amount: enter a sum other than 0.',
      orderNotFound: 'There is no order with this number.',
      locationNotFound: 'Location not found',
      locationRequired:
        'Choose the location the correction is for (or give an order): it appears on that location’s next statement and invoice.',
    },
    lv: {
      amountZero: 'Korekcijai jāmaina summa: ievadiet summu, kas nav 0.',
      orderNotFound: 'Pasūtījums ar šādu numuru nav atrasts.',
      locationNotFound: 'Vieta nav atrasta',
      locationRequired:
        'Izvēlieties vietu, uz kuru korekcija attiecas (vai norādiet pasūtījumu): tā parādīsies šīs vietas nākamajā pārskatā un rēķinā.',
    },
    ru: {
      amountZero: 'Корректировка должна менять сумму: введите сумму, отличную от 0.',
      orderNotFound: 'Заказ с таким номером не найден.',
      locationNotFound: 'Место не найдено',
      locationRequired:
        'Выберите место, к которому относится корректировка (или укажите заказ): она появится в следующей выписке и счёте этого места.',
    },
  },
  'ledger',
);
