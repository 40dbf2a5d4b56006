import { defineMessages } from '../../lib/i18n.js';

type Key = 'dishNotFound';

/** Texts of the favourites area. */
export const favouritesText = defineMessages<Key>(
  {
    en: { dishNotFound: 'This dish does not exist.' },
    lv: { dishNotFound: 'Šāds ēdiens nepastāv.' },
    ru: { dishNotFound: 'Такого блюда нет.' },
  },
  'favourites',
);
