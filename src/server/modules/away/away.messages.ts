import { defineMessages } from '../../lib/i18n.js';

type Key = 'notYours' | 'notManager';

/** Texts of the away-days area. */
export const awayText = defineMessages<Key>(
  {
    en: {
      notYours: 'This away day is not yours.',
      notManager: 'Only the location’s manager can mark its closed days.',
    },
    lv: {
      notYours: 'Šī prombūtnes diena nav jūsu.',
      notManager: 'Vietas slēgtās dienas var atzīmēt tikai tās vadītājs.',
    },
    ru: {
      notYours: 'Этот день отсутствия не ваш.',
      notManager: 'Отмечать нерабочие дни места может только его менеджер.',
    },
  },
  'away',
);
