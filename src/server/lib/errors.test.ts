import { describe, expect, it } from 'vitest';
import { AppError, fieldError } from './errors.js';
import { defineMessages, localNames } from './i18n.js';

const texts = defineMessages<'gone' | 'left'>(
  {
    en: { gone: 'Gone: {name}.', left: { one: '{count} left', other: '{count} left' } },
    lv: { gone: 'Nav: {name}.', left: { zero: 'Palikuši {count}', one: 'Palicis {count}', other: 'Palikuši {count}' } },
    ru: {
      gone: 'Нет: {name}.',
      left: { one: 'Остался {count}', few: 'Осталось {count}', many: 'Осталось {count}', other: 'Осталось {count}' },
    },
  },
  'probe',
);

describe('coded errors (issue 25)', () => {
  it('render a coded message and coded field texts in the language asked for, English for logs', () => {
    const err = fieldError(texts.coded('gone', { name: 'Soup' }), { qty: [texts.coded('left', { count: 3 }), 'as given'] });
    expect(err.code).toBe('probe.gone');
    expect(err.message).toBe('Gone: Soup.');
    expect(err.render('ru')).toEqual({ message: 'Нет: Soup.', errors: { qty: ['Осталось 3', 'as given'] } });
    expect(err.render('lv')).toEqual({ message: 'Nav: Soup.', errors: { qty: ['Palikuši 3', 'as given'] } });
    expect(err.errors).toEqual({ qty: ['3 left', 'as given'] });
  });

  it('keep an already translated message as it is, with no code', () => {
    const err = new AppError(409, 'Schon vorbei.');
    expect(err.code).toBeUndefined();
    expect(err.render('en')).toEqual({ message: 'Schon vorbei.', errors: {} });
  });

  it('render names given in every language (dish titles) in the language asked for', () => {
    const err = new AppError(409, texts.coded('gone', { name: localNames([{ lv: 'Zupa', en: 'Soup' }, { lv: 'Maize' }], ', …') }));
    expect(err.render('lv').message).toBe('Nav: Zupa, Maize, ….');
    expect(err.render('en').message).toBe('Gone: Soup, Maize, ….');
  });
});
