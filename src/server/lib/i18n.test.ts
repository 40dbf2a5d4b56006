import { describe, expect, it } from 'vitest';
import { countedText, defineMessages } from './i18n.js';

const text = defineMessages<'dishes' | 'plain'>({
  en: { dishes: { one: '{count} dish in {name}', other: '{count} dishes in {name}' }, plain: 'Plain {count}' },
  lv: {
    dishes: { zero: '{name}: {count} ēdienu', one: '{name}: {count} ēdiens', other: '{name}: {count} ēdieni' },
    plain: 'Vienkāršs {count}',
  },
  ru: {
    dishes: { one: '{name}: {count} блюдо', few: '{name}: {count} блюда', many: '{name}: {count} блюд', other: '{name}: {count} блюда' },
    plain: 'Простой {count}',
  },
});

const EDGES = [1, 2, 5, 11, 21, 0];

describe('server texts with plural forms', () => {
  it('chooses the form by the count parameter in lv, ru and en', () => {
    expect(EDGES.map((count) => text('lv', 'dishes', { count, name: 'A' }))).toEqual([
      'A: 1 ēdiens', 'A: 2 ēdieni', 'A: 5 ēdieni', 'A: 11 ēdienu', 'A: 21 ēdiens', 'A: 0 ēdienu',
    ]);
    expect(EDGES.map((count) => text('ru', 'dishes', { count, name: 'A' }))).toEqual([
      'A: 1 блюдо', 'A: 2 блюда', 'A: 5 блюд', 'A: 11 блюд', 'A: 21 блюдо', 'A: 0 блюд',
    ]);
    expect(EDGES.map((count) => text('en', 'dishes', { count, name: 'A' }))).toEqual([
      '1 dish in A', '2 dishes in A', '5 dishes in A', '11 dishes in A', '21 dishes in A', '0 dishes in A',
    ]);
  });

  it('leaves plain texts alone and uses other without a count', () => {
    expect(text('lv', 'plain', { count: 1 })).toBe('Vienkāršs 1');
    expect(text('ru', 'dishes', { name: 'A' })).toBe('A: {count} блюда');
  });

  it('fills in a counted text outside a catalogue', () => {
    expect(countedText('lv', 21, { zero: '{count} pasūtījumu', one: '{count} pasūtījums', other: '{count} pasūtījumi' })).toBe('21 pasūtījums');
    expect(countedText('ru', 3, { one: '{count} заказ', few: '{count} заказа', many: '{count} заказов', other: '{count} заказа' })).toBe('3 заказа');
  });
});
