import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { translate, type TextTree, type TOptions } from '../lib/translate';

const dir = path.dirname(fileURLToPath(import.meta.url));
const texts = (lang: string, ns: string) => JSON.parse(readFileSync(path.join(dir, lang, `${ns}.json`), 'utf8')) as TextTree;

/** The app's lookup (src/web/lib/translate.ts) with the real ordering, checkout and common texts. */
function translator(lang: string) {
  const loaded: Record<string, TextTree> = {
    ordering: texts(lang, 'ordering'),
    checkout: texts(lang, 'checkout'),
    common: texts(lang, 'common'),
  };
  return (key: string, options?: TOptions) =>
    translate(
      lang,
      (ns) => loaded[ns],
      ['checkout', 'ordering'],
      (ns) => ns in loaded,
      key,
      options,
    );
}

describe('counted web texts', () => {
  it('agree with the number in lv (1, 21 one; 11 zero), ru (1, 21 one; 2 few; 5, 11 many) and en', () => {
    const counts = [1, 2, 5, 11, 21];
    const lv = translator('lv');
    expect(counts.map((count) => lv('dish.left', { count }))).toEqual([
      'Atlicis 1 gab.',
      'Atlikuši 2 gab.',
      'Atlikuši 5 gab.',
      'Atlikuši 11 gab.',
      'Atlicis 21 gab.',
    ]);
    expect(lv('cart.left', { count: 1 })).toBe('Vēl pieejams tikai 1 gab.');
    expect(lv('cart.left', { count: 3 })).toBe('Vēl pieejami tikai 3 gab.');
    const ru = translator('ru');
    expect(counts.map((count) => ru('dish.left', { count }))).toEqual([
      'Осталась 1 шт.',
      'Осталось 2 шт.',
      'Осталось 5 шт.',
      'Осталось 11 шт.',
      'Осталась 21 шт.',
    ]);
    expect(ru('cart.left', { count: 21 })).toBe('Доступна ещё только 21 шт.');
    expect(ru('cart.left', { count: 4 })).toBe('Доступно ещё только 4 шт.');
    const en = translator('en');
    expect(en('dish.left', { count: 1 })).toBe('1 left');
    expect(en('cart.left', { count: 2 })).toBe('Only 2 more available');
  });
});
