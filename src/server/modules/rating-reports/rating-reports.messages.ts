import { defineMessages } from '../../lib/i18n.js';

type Key = 'notManager';

/** Texts of the rating reports (decision 080). */
export const ratingReportsText = defineMessages<Key>(
  {
    en: { notManager: 'Only a location’s manager sees its ratings.' },
    lv: { notManager: 'Vietas vērtējumus redz tikai tās vadītājs.' },
    ru: { notManager: 'Оценки места видит только его менеджер.' },
  },
  'rating-reports',
);
