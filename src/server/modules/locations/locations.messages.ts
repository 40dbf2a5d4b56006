import { defineMessages } from '../../lib/i18n.js';

type Key = 'unknownShift' | 'duplicateShift' | 'unknownToken';

export const locationText = defineMessages<Key>(
  {
    en: {
      unknownShift: 'This shift does not belong to the location.',
      duplicateShift: 'This shift is listed twice.',
      unknownToken: 'This link is outdated or invalid',
    },
    lv: {
      unknownShift: 'Šī maiņa nepieder šai vietai.',
      duplicateShift: 'Šī maiņa norādīta divreiz.',
      unknownToken: 'Šī saite ir novecojusi vai nederīga',
    },
    ru: {
      unknownShift: 'Эта смена не относится к этому месту.',
      duplicateShift: 'Эта смена указана дважды.',
      unknownToken: 'Эта ссылка устарела или недействительна',
    },
  },
  'locations',
);
