import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

const dir = path.dirname(fileURLToPath(import.meta.url));
const ordering = (lang: string) => JSON.parse(readFileSync(path.join(dir, lang, 'ordering.json'), 'utf8')) as object;

/** i18next as the app sets it up, with the real ordering texts. */
async function translator(lang: string) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: lang,
    fallbackLng: 'en',
    resources: { [lang]: { ordering: ordering(lang) }, en: { ordering: ordering('en') } },
    interpolation: { escapeValue: false },
  });
  return i18n.getFixedT(lang, 'ordering');
}

describe('counted web texts', () => {
  it('agree with the number in lv (1, 21 one; 11 zero), ru (1, 21 one; 2 few; 5, 11 many) and en', async () => {
    const counts = [1, 2, 5, 11, 21];
    const lv = await translator('lv');
    expect(counts.map((count) => lv('dish.left', { count }))).toEqual([
      'Atlicis 1 gab.',
      'Atlikuši 2 gab.',
      'Atlikuši 5 gab.',
      'Atlikuši 11 gab.',
      'Atlicis 21 gab.',
    ]);
    expect(lv('cart.left', { count: 1 })).toBe('Vēl pieejams tikai 1 gab.');
    expect(lv('cart.left', { count: 3 })).toBe('Vēl pieejami tikai 3 gab.');
    const ru = await translator('ru');
    expect(counts.map((count) => ru('dish.left', { count }))).toEqual([
      'Осталась 1 шт.',
      'Осталось 2 шт.',
      'Осталось 5 шт.',
      'Осталось 11 шт.',
      'Осталась 21 шт.',
    ]);
    expect(ru('cart.left', { count: 21 })).toBe('Доступна ещё только 21 шт.');
    expect(ru('cart.left', { count: 4 })).toBe('Доступно ещё только 4 шт.');
    const en = await translator('en');
    expect(en('dish.left', { count: 1 })).toBe('1 left');
    expect(en('cart.left', { count: 2 })).toBe('Only 2 more available');
  });
});
