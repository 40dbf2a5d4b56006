import { defineMessages } from '../../lib/i18n.js';

type Key = 'streamDown' | 'tooManyStreams';

export const eventsText = defineMessages<Key>(
  {
    en: {
      streamDown: 'Live updates are unavailable at the moment; the page refreshes by itself.',
      tooManyStreams: 'Too many live connections at the moment; the page refreshes by itself.',
    },
    lv: {
      streamDown: 'Tiešraides atjauninājumi šobrīd nav pieejami; lapa atjaunosies pati.',
      tooManyStreams: 'Šobrīd ir pārāk daudz tiešraides savienojumu; lapa atjaunosies pati.',
    },
    ru: {
      streamDown: 'Обновления в реальном времени сейчас недоступны; страница обновится сама.',
      tooManyStreams: 'Сейчас слишком много подключений для обновлений; страница обновится сама.',
    },
  },
  'events',
);
