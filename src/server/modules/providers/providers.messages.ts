import { defineMessages } from '../../lib/i18n.js';

type Key = 'unknownProvider' | 'noProvider';

export const providerText = defineMessages<Key>(
  {
    en: {
      unknownProvider: 'This provider does not exist.',
      noProvider: 'No provider exists yet; add one first.',
    },
    lv: {
      unknownProvider: 'Šāds piegādātājs neeksistē.',
      noProvider: 'Vēl nav neviena piegādātāja; vispirms pievienojiet to.',
    },
    ru: {
      unknownProvider: 'Такого поставщика не существует.',
      noProvider: 'Поставщиков пока нет; сначала добавьте поставщика.',
    },
  },
  'providers',
);
