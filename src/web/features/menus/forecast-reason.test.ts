import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { translate, type TextTree, type TOptions } from '../../lib/translate';
import { forecastReason } from './components/balance-forecast';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../locales');
function translator(lang: string) {
  const loaded: Record<string, TextTree> = {
    menus: JSON.parse(readFileSync(path.join(dir, lang, 'menus.json'), 'utf8')) as TextTree,
    common: JSON.parse(readFileSync(path.join(dir, lang, 'common.json'), 'utf8')) as TextTree,
  };
  return (key: string, options?: TOptions) =>
    translate(
      lang,
      (ns) => loaded[ns],
      ['menus'],
      (ns) => ns in loaded,
      key,
      options,
    );
}

const monday = { weekday: 1, weeks: 6 };
const entry = {
  id: 1,
  suggested: 28,
  average: 23,
  weeks: 6,
  standing: 9,
  away_people: 4,
  away_portions: 3.5,
  rating_factor: 1,
  rating_average: null,
};

describe('the forecast reason', () => {
  it('reads the average, the standing orders and the people away, with each language plural and number', () => {
    expect(forecastReason(translator('en'), 'en', monday, entry, 0)).toBe(
      'average of the last 6 Mondays: 23; 9 portions from standing orders; 4 people away who usually order it: −3.5. Select to set the stock to 28.',
    );
    expect(forecastReason(translator('lv'), 'lv', monday, { ...entry, standing: 1, away_people: 11 }, 5)).toBe(
      'vidēji pēdējās 6 pirmdienās: 23; 1 porcija no pastāvīgajiem pasūtījumiem; prombūtnē 11 cilvēku, kas to parasti pasūta: −3,5. Jau pasūtīts: 5; izvēlieties, lai iestatītu atlikumu 23.',
    );
    expect(forecastReason(translator('ru'), 'ru', monday, { ...entry, standing: 2, away_people: 5 }, 0)).toBe(
      'в среднем по последним 6 понедельникам: 23; 2 порции по постоянным заказам; отсутствуют 5 человек, обычно заказывающих это блюдо: −3,5. Нажмите, чтобы установить остаток 28.',
    );
  });

  it('says how many of the weeks had the dish, or that none did', () => {
    const en = translator('en');
    expect(forecastReason(en, 'en', { weekday: 5, weeks: 6 }, { ...entry, weeks: 4, standing: 1, away_people: 1 }, 0)).toMatch(
      /^average of Fridays with it, 4 of the last 6 weeks: 23; 1 portion from standing orders; 1 person away who usually orders it: −3\.5\./,
    );
    expect(forecastReason(en, 'en', { weekday: 3, weeks: 6 }, { ...entry, weeks: 0, average: 0 }, 0)).toMatch(
      /^not on a menu on Wednesdays in the last 6 weeks; /,
    );
  });

  it('names the ratings’ nudge when it moves the count (decision 080)', () => {
    const rated = { ...entry, rating_factor: 1.07, rating_average: 4.6 };
    expect(forecastReason(translator('en'), 'en', monday, rated, 0)).toContain(
      "; rated 4.6 of 5, above the kitchen's average: +7 %. Select",
    );
    expect(forecastReason(translator('lv'), 'lv', monday, { ...rated, rating_factor: 0.9, rating_average: 2.1 }, 0)).toContain(
      '; vērtējums 2,1 no 5, zem virtuves vidējā: −10 %.',
    );
  });
});
